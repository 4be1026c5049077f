"""开始时换牌: after the deal each player may exchange any number of tiles, once; the live wall stays 71."""

import pytest

from engine.games.erren.actions import BadExchange
from engine.hand import Phase, apply

from .table import ALICE, BOB, EXCHANGE, KEEP, PASS, hand, kinds, play, table

ALICE_HAND = "1239m456p789s1z3z5z7z"  # 14: the dealer
BOB_HAND = "147m258p369s2z4z6z1s"  # 13


def test_both_players_are_asked_to_exchange_before_the_dealer_plays():
    state, events = table(ALICE_HAND, BOB_HAND)
    assert state.phase == Phase.EXCHANGE
    assert set(state.to_act) == {ALICE, BOB}
    assert "exchange_open" in kinds(list(events))


def test_each_gets_as_many_tiles_as_given_from_the_dead_part_of_the_wall():
    state, _ = table(ALICE_HAND, BOB_HAND, pool="11p 9m 22s")
    state, _ = play(state, (BOB, EXCHANGE("2z4z6z")), (ALICE, EXCHANGE("1z3z")))
    # the dealer's tiles come first: Alice gets 1p 1p, Bob 9m 2s 2s
    assert hand(state, ALICE) == "1239m11456p789s57z"
    assert hand(state, BOB) == "1479m258p122369s"
    assert state.phase == Phase.TURN and state.turn == ALICE
    assert state.drawable == 71  # the live wall keeps its 71 tiles


def test_the_exchange_shows_the_count_to_the_opponent_and_the_tiles_to_the_owner():
    state, _ = table(ALICE_HAND, BOB_HAND, pool="11p")
    state, events = play(state, (ALICE, EXCHANGE("1z3z")), (BOB, KEEP))
    alices = next(e for e in events if e.kind == "exchange" and e.seat == ALICE)
    assert alices.view(ALICE) == {"kind": "exchange", "seat": ALICE, "count": 2, "gave": "13z", "got": "11p"}
    assert alices.view(BOB) == {"kind": "exchange", "seat": ALICE, "count": 2}


def test_keeping_every_tile_and_passing_are_the_same():
    state, _ = table(ALICE_HAND, BOB_HAND)
    kept, _ = play(state, (ALICE, KEEP), (BOB, PASS))
    assert hand(kept, ALICE) == hand(state, ALICE) and hand(kept, BOB) == hand(state, BOB)


def test_the_bonus_tile_is_turned_up_after_the_exchange():
    state, _ = table(ALICE_HAND, BOB_HAND, bonus="8m")
    state, events = play(state, (ALICE, KEEP), (BOB, KEEP))
    assert [e.public for e in events if e.kind == "bonus_tile"] == [{"tile": "8m"}]
    assert state.ext["bonus"] == "8m"


def test_given_tiles_are_never_drawn():
    state, _ = table(ALICE_HAND, BOB_HAND)
    state, _ = play(state, (ALICE, EXCHANGE("1z3z5z7z")), (BOB, KEEP))
    given_at = state.ext["dead_at"] + 4
    assert [str(t) for t in state.wall[given_at : given_at + 4]] == ["1z", "3z", "5z", "7z"]


def test_exchanging_a_tile_not_in_hand_is_refused_and_changes_nothing():
    state, _ = table(ALICE_HAND, BOB_HAND)
    with pytest.raises(BadExchange):
        apply(state, ALICE, EXCHANGE("9p"))
    assert state.phase == Phase.EXCHANGE and set(state.to_act) == {ALICE, BOB}


def test_each_player_exchanges_only_once():
    state, _ = table(ALICE_HAND, BOB_HAND)
    state, _ = play(state, (ALICE, KEEP))
    with pytest.raises(Exception, match=r"already answered|nothing to decide"):
        apply(state, ALICE, EXCHANGE("1z"))
