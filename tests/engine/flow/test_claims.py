"""Claims: every seat that may take a discard answers; win > kong/pong > chow; chow only from the left."""

import pytest

from engine.actions import AlreadyAnswered, ChowNotFromLeft, NotYourTurn
from engine.hand import Phase, legal_actions
from engine.sheet import MeldKind
from tests.engine.flow.harness import ALICE, BOB, CAROL, DAVE, PASS, PONG, WIN, C, D, deal, play

# Bob sits on Alice's right: he may chow her discards; Carol and Dave may not.
BOB_CHOWS = "23m" + "5p8p" + "2s5s8s" + "1z2z3z4z6z7z" + "9m9p1s"
CAROL_CHOWS_TOO = "23m" + "6p9p" + "3s6s9s" + "1z2z3z4z6z7z" + "7m7p8s"


def test_only_the_player_on_the_left_may_chow():
    state = deal("pinghe", {BOB: BOB_CHOWS, CAROL: CAROL_CHOWS_TOO})
    state = play(state, (ALICE, D("1m")))
    assert state.phase == Phase.CLAIM
    assert C("23m") in legal_actions(state, BOB)
    assert CAROL not in state.to_act  # offered nothing: the table passed for her at once
    assert CAROL in state.public_to_act  # though the table shows her asked, as everyone else
    with pytest.raises(AlreadyAnswered):
        play(state, (CAROL, C("23m")))


def test_chow_takes_the_discard_and_the_chower_discards_without_drawing():
    state = deal("pinghe", {BOB: BOB_CHOWS})
    state = play(state, (ALICE, D("1m")), (BOB, C("23m")))
    bob = state.seats[BOB]
    assert [m.kind for m in bob.melds] == [MeldKind.CHOW]
    assert "".join(map(str, bob.melds[0].tiles)) == "1m2m3m"
    assert (state.phase, state.turn, len(bob.hand)) == (Phase.TURN, BOB, 14)


def test_a_pong_from_across_the_table_beats_the_chow():
    carol = "11m" + "5p8p" + "2s5s8s" + "1z2z3z4z6z7z" + "9p3s7s"
    state = deal("pinghe", {BOB: BOB_CHOWS, CAROL: carol})
    state = play(state, (ALICE, D("1m")))
    assert set(state.to_act) == {BOB, CAROL}
    state = play(state, (BOB, C("23m")), (CAROL, PONG))
    assert state.turn == CAROL and state.seats[CAROL].melds[0].kind == MeldKind.PUNG
    assert state.seats[BOB].melds == ()


def test_nobody_pongs_before_the_seat_that_could_win_has_declined():
    # Dave waits on 1m with 3 flowers (3 分); Carol could pong it.
    dave = "123p456p789p11s" + "23m" + "1f2f3f"  # the flowers are replaced by 456s
    carol = "11m" + "5p8p" + "2s5s8s" + "1z2z3z4z6z7z" + "9p3s7s"
    state = deal("pinghe", {CAROL: carol, DAVE: dave}, back="456s")
    assert len(state.seats[DAVE].flowers) == 3
    state = play(state, (ALICE, D("1m")))
    state = play(state, (CAROL, PONG))
    assert state.phase == Phase.CLAIM and state.to_act == (DAVE,)  # Carol's pong waits for Dave
    with pytest.raises(AlreadyAnswered):
        play(state, (CAROL, PONG))
    won = play(state, (DAVE, WIN))
    assert won.finished and won.result is not None and won.result.winner == DAVE


def test_when_everyone_passes_the_next_seat_draws():
    state = deal("pinghe", {BOB: BOB_CHOWS}, live="7z")
    state = play(state, (ALICE, D("1m")), (BOB, PASS))
    assert (state.phase, state.turn, str(state.seats[BOB].drawn)) == (Phase.TURN, BOB, "7z")


def test_acting_out_of_turn_is_refused_and_changes_nothing():
    state = deal("pinghe", {})
    before = state.to_json()
    with pytest.raises(NotYourTurn):
        play(state, (CAROL, D("1z")))
    assert state.to_json() == before


def test_a_chow_by_a_seat_that_is_not_on_the_left_is_refused():
    carol = "1123m7m" + "6p9p" + "3s6s9s" + "1z2z3z4z6z7z"  # may pong 1m, may not chow it
    state = deal("pinghe", {CAROL: carol})
    state = play(state, (ALICE, D("1m")))
    assert state.to_act == (CAROL,)
    with pytest.raises(ChowNotFromLeft):
        play(state, (CAROL, C("23m")))


def test_a_claimed_discard_leaves_the_river_for_the_meld():
    state = deal("pinghe", {BOB: BOB_CHOWS})
    state = play(state, (ALICE, D("1m")))
    assert [str(t) for t in state.seats[ALICE].river] == ["1m"]
    state = play(state, (BOB, C("23m")))
    assert state.seats[ALICE].river == ()
