"""The gold (金): a wildcard that may not be discarded in pinghe (outside 双游), may not be won on,
chowed or ponged in nanping, bars discard wins, and whose 白板 stands in for its face."""

import pytest

from engine.actions import DiscardWinWithGold, GoldDiscardForbidden, WinOnDiscardedGold, YoujinOnly
from engine.hand import Phase, legal_actions
from engine.sheet import MeldKind
from tests.engine.flow.harness import ALICE, BOB, CAROL, PONG, WIN, C, D, deal, drain, outcome, play

ALICE_HOLDS_A_GOLD = "9s" + "1m4m7m" + "1p4p7p" + "2s5s" + "1234567z" + "8m"


def at_turn(seat):
    return lambda s: s.phase == Phase.TURN and s.turn == seat


def test_pinghe_refuses_a_gold_discard():
    state = deal("pinghe", {ALICE: ALICE_HOLDS_A_GOLD})
    with pytest.raises(GoldDiscardForbidden):
        play(state, (ALICE, D("9s")))
    assert D("9s") not in legal_actions(state, ALICE)


def test_pinghe_allows_the_gold_discard_that_enters_shuangyou():
    state = deal("pinghe", {ALICE: "123m456m789m123p456p" + "9s9s"}, live="2s6s8s1z")
    state = play(state, (ALICE, D("9s")))
    assert state.seats[ALICE].you == 2
    # Bob, Carol and Dave may only win by 自摸: they draw and throw out what they drew.
    assert (state.phase, state.turn) == (Phase.TURN, ALICE)
    assert [str(state.seats[s].river[-1]) for s in (1, 2, 3)] == ["2s", "6s", "8s"]
    won = play(state, (ALICE, WIN))
    assert outcome(won)[1] == "shuangyou"


def test_a_gold_drawn_in_shuangyou_ends_the_hand_at_the_next_level():
    state = deal("pinghe", {ALICE: "123m456m789m123p456p" + "9s9s"}, live="2s6s8s9s")
    state = play(state, (ALICE, D("9s")))
    assert outcome(state)[1] == "siyou"  # pinghe: 单游 → 双游 → 四游


def test_nanping_may_discard_a_gold_but_nobody_may_claim_or_win_on_it():
    bob_waits_on_9s = "123m456m789m" + "123p" + "11s" + "78s"
    state = deal("nanping", {ALICE: ALICE_HOLDS_A_GOLD, BOB: bob_waits_on_9s})
    state = play(state, (ALICE, D("9s")))
    assert (state.phase, state.turn) == (Phase.TURN, BOB)  # no claim window at all
    with pytest.raises(WinOnDiscardedGold):
        play(state, (CAROL, WIN))


def test_baiban_plays_as_the_gold_face_for_pong_and_chow():
    bob = "5z5z" + "78s" + "1m4m7m" + "2p5p8p" + "1z2z3z4z6z7z"
    alice = "5z" + "19m" + "19p" + "1s4s" + "1234z67z" + "3m6m5p8p"
    state = deal("pinghe", {ALICE: alice, BOB: bob})
    state = play(state, (ALICE, D("5z")))
    offered = legal_actions(state, BOB)
    assert PONG in offered and C("78s") in offered  # 白板 is 9s here: 99s pong, 789s chow
    state = play(state, (BOB, C("78s")))
    assert [str(t) for t in state.seats[BOB].melds[0].tiles] == ["7s", "8s", "9s"]
    assert state.seats[BOB].melds[0].kind == MeldKind.CHOW


def test_pinghe_one_gold_in_hand_bars_a_discard_win():
    # Bob would win 7s (777s, a gold standing in for 3p or 6p).
    bob = "123m456m789m" + "11p" + "45p" + "77s" + "9s"
    state = deal("pinghe", {ALICE: "7s" + ALICE_HOLDS_A_GOLD[2:], BOB: bob})
    state = play(state, (ALICE, D("7s")))
    assert PONG in legal_actions(state, BOB) and WIN not in legal_actions(state, BOB)
    with pytest.raises(DiscardWinWithGold):
        play(state, (BOB, WIN))


def test_nanping_two_golds_bar_a_discard_win_but_one_does_not():
    one_gold = "123m456m789m" + "11p" + "45p" + "77s" + "9s"
    two_golds = "123m456m789m" + "11p" + "4p" + "77s" + "9s9s"
    for bob, allowed in ((one_gold, True), (two_golds, False)):
        state = deal("nanping", {ALICE: "7s" + ALICE_HOLDS_A_GOLD[2:], BOB: bob})
        state = play(state, (ALICE, D("7s")))
        assert (WIN in legal_actions(state, BOB)) is allowed
        if not allowed:
            with pytest.raises(DiscardWinWithGold):
                play(state, (BOB, WIN))


def test_pinghe_three_golds_may_not_win_a_plain_self_draw():
    bob = "123m456m789m" + "11p" + "45p" + "9s9s" + "1z"
    state = deal("pinghe", {BOB: bob}, live="7z2s6s8s9s")
    state = drain(state, until=at_turn(BOB))
    state = play(state, (BOB, D("7z")))
    state = drain(state, until=at_turn(BOB))
    assert str(state.seats[BOB].drawn) == "9s"
    assert WIN not in legal_actions(state, BOB)
    with pytest.raises(YoujinOnly):
        play(state, (BOB, WIN))
