"""先弃后和 (nanping): after passing a win, no discard win until one's own next draw."""

import pytest

from engine.actions import PassedWinThisRound
from engine.hand import Phase, legal_actions
from tests.engine.flow.harness import ALICE, BOB, DAVE, PASS, PONG, WIN, D, deal, drain, outcome, play

BOB_WAITS_3P_6P = "123m456m789m" + "45p" + "66p" + "111s"
DAVE_PONGS_3P = "33p6p" + "1m4m7m" + "2s5s8s" + "1z2z3z4z6z7z" + "1p"
ALICE_THROWS_3P = "3p" + "2m5m8m" + "1s4s7s" + "1z2z3z4z6z7z" + "9m9p8p5z"


def passed_on_3p(variant):
    # Bob's 111s is dealt as three flowers and replaced from the back: 3 分 for pinghe's rule.
    bob = BOB_WAITS_3P_6P.replace("111s", "1f2f3f")
    state = deal(variant, {ALICE: ALICE_THROWS_3P, BOB: bob, DAVE: DAVE_PONGS_3P}, back="111s")
    state = play(state, (ALICE, D("3p")))
    assert WIN in legal_actions(state, BOB)
    return play(state, (BOB, PASS), (DAVE, PONG), (DAVE, D("6p")))


def test_nanping_a_passed_win_bars_discard_wins_until_the_next_draw():
    state = passed_on_3p("nanping")
    assert PONG in legal_actions(state, BOB) and WIN not in legal_actions(state, BOB)
    with pytest.raises(PassedWinThisRound):
        play(state, (BOB, WIN))
    state = drain(play(state, (BOB, PASS)), until=lambda s: s.phase == Phase.TURN and s.turn == BOB)
    assert state.seats[BOB].furiten is False  # Bob has drawn since


def test_pinghe_has_no_such_rule():
    state = passed_on_3p("pinghe")
    assert WIN in legal_actions(state, BOB)
    assert outcome(play(state, (BOB, WIN))) == (BOB, "dianpao")
