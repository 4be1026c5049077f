"""报听: declare ready with a discard; the system then draws and discards, and asks only about a win."""

import pytest

from engine.games.erren.actions import AlreadyDeclared, DeclaredHandLocked, NotReadyToDeclare
from engine.hand import Phase, apply, legal_actions

from .table import ALICE, BOB, DECLARE, KEEP, PASS, WIN, D, fan_items, kinds, play, result, sheet, table, window

ALICE_HAND = "123456789m123p5z1z"  # declares 1z, waits on 5z
BOB_HAND = "456p789p456s789s6z"  # waits on 6z


def opened(alice=ALICE_HAND, bob=BOB_HAND, **kw):
    state, _ = table(alice, bob, avoid="5z6z", **kw)
    state, _ = play(state, (ALICE, KEEP), (BOB, KEEP))
    return state


def test_a_declaration_must_leave_the_hand_ready():
    state = opened()
    with pytest.raises(NotReadyToDeclare):
        apply(state, ALICE, DECLARE("1m"))
    assert state.phase == Phase.TURN and state.turn == ALICE


def test_after_declaring_the_system_draws_and_discards_for_the_declared_player():
    state = opened(live="7z 7z 2z")
    state, _ = play(state, (ALICE, DECLARE("1z")))
    assert state.turn == BOB  # Bob drew 7z
    state, events = play(state, (BOB, D("7z")))
    # Alice drew 7z and let it go without being asked; Bob drew 2z and is to play
    assert kinds(events)[:4] == ["discard", "draw", "auto_discard", "discard"]
    assert state.seats[ALICE].river[1] == state.seats[BOB].river[0]  # the 7z Bob let go, Alice drew the other
    assert state.to_act == (BOB,)


def test_a_declared_hand_is_asked_about_a_winning_draw_and_may_let_it_go():
    state = opened(live="7z 5z 2z 3z 4z")
    state, _ = play(state, (ALICE, DECLARE("1z")), (BOB, D("7z")))
    assert state.turn == ALICE and state.seats[ALICE].drawn is not None
    assert legal_actions(state, ALICE) == [WIN, D("5z")]
    with pytest.raises(DeclaredHandLocked):
        apply(state, ALICE, D("1m"))
    with pytest.raises(AlreadyDeclared):
        apply(state, ALICE, DECLARE("5z"))
    state, events = play(state, (ALICE, D("5z")), (BOB, D("2z")))  # declined: the auto-play goes on
    assert "auto_discard" in kinds(events) and state.to_act == (BOB,)


def test_a_declared_hand_wins_on_its_draw_with_天听_and_门清自摸():
    state = opened(live="7z 5z")
    state, _ = play(state, (ALICE, DECLARE("1z")), (BOB, D("7z")), (ALICE, WIN))
    assert state.finished and result(state).winner == ALICE
    items = fan_items(state, ALICE)
    assert items == {"门清": 1, "门清自摸": 1, "天听": 2, "一气通贯": 2}
    assert sheet(state).deltas == (60, -60)


def test_a_declared_hand_is_asked_only_about_winning_on_a_discard():
    state = opened(alice="123456789m11p55z1z", live="5z")
    state, _ = play(state, (ALICE, DECLARE("1z")), (BOB, D("5z")))
    assert state.phase == Phase.CLAIM and window(state).offered(ALICE) == ("win",)  # no pong for a declared hand
    state, _ = play(state, (ALICE, PASS))
    assert state.to_act == (BOB,)  # Alice's next draw went by automatically


def test_the_non_dealer_declares_天听_by_letting_the_first_draw_go():
    state = opened(live="7z 1z 2z")
    state, _ = play(state, (ALICE, D("1z")), (BOB, DECLARE("7z")))
    assert state.ext["tianting"] == [False, True]


def test_keeping_the_first_draw_is_a_plain_报听_not_天听():
    state = opened(live="7z 1z 2z")
    state, _ = play(state, (ALICE, D("1z")), (BOB, DECLARE("6z")))
    assert state.ext["tianting"] == [False, False]
    assert state.ext["declared"][BOB] is not None


def test_a_later_declaration_wins_with_门清报听():
    state = opened(live="7z 2z 5z")
    state, _ = play(state, (ALICE, D("1z")), (BOB, D("7z")), (ALICE, DECLARE("2z")), (BOB, D("5z")), (ALICE, WIN))
    items = set(fan_items(state, ALICE))
    assert items == {"门清", "门清报听", "一气通贯"}
