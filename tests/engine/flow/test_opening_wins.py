"""Wins before the first discard: 天胡, 三金倒, 四金倒, 抢金 (天听)."""

import pytest

from engine.actions import NameGold, NotAWinningHand
from engine.hand import Phase, legal_actions
from engine.tiles import Tile
from tests.engine.flow.harness import ALICE, BOB, QJ, WIN, D, deal, drain, everyone_passes, outcome, play

ALICE_COMPLETE = "123m456m789m123p456p11s"
THREE_GOLDS_16 = "9s9s9s" + "147m" + "258p" + "36s" + "1z2z3z4z" + "5m"
THREE_GOLDS_17 = "9s9s9s" + "1m4m7m" + "2p5p8p" + "3s6s" + "1z2z3z4z6z7z"


def test_nanping_tianhu_the_dealer_wins_on_the_dealt_17():
    state = deal("nanping", {ALICE: ALICE_COMPLETE}, opening=True)
    assert state.phase == Phase.OPENING and ALICE in state.to_act
    state = everyone_passes(play(state, (ALICE, WIN)))
    assert outcome(state) == (ALICE, "tianhu")


def test_nanping_tianhu_goes_before_a_sanjindao():
    state = deal("nanping", {ALICE: ALICE_COMPLETE, BOB: THREE_GOLDS_16}, opening=True)
    assert set(state.to_act) >= {ALICE, BOB}
    state = play(state, (BOB, WIN), (ALICE, WIN))
    state = everyone_passes(state)
    assert outcome(state) == (ALICE, "tianhu")


def test_pinghe_dealer_sanjindao_at_the_start():
    state = deal("pinghe", {ALICE: THREE_GOLDS_17}, opening=True)
    state = everyone_passes(play(state, (ALICE, WIN)))
    assert outcome(state) == (ALICE, "sanjindao")


def test_pinghe_sijindao_with_four_named_golds():
    alice = "1z1z1z1z" + "1m4m7m" + "2p5p8p" + "3s6s9s" + "2z3z6z7z"
    state = deal("pinghe", {ALICE: alice}, gold=None, named_gold=True)
    assert state.phase == Phase.NAME_GOLD
    state = play(state, (ALICE, NameGold(Tile.parse("1z"))))
    state = everyone_passes(play(state, (ALICE, WIN)))
    assert outcome(state) == (ALICE, "sijindao")


def test_pinghe_a_non_dealer_sanjindao_comes_after_the_first_draw_and_is_lost_once_passed():
    state = deal("pinghe", {BOB: THREE_GOLDS_16}, opening=True, live="8s2s")
    assert state.phase == Phase.TURN  # no opening window: Bob's 三金倒 waits for his first draw
    state = drain(state, until=lambda s: s.turn == BOB)
    assert WIN in legal_actions(state, BOB)
    assert outcome(play(state, (BOB, WIN))) == (BOB, "sanjindao")
    state = play(state, (BOB, D("8s")))
    state = drain(state, until=lambda s: s.turn == BOB and s.phase == Phase.TURN)
    with pytest.raises(NotAWinningHand):
        play(state, (BOB, WIN))


def test_nanping_sanjindao_at_any_turn():
    state = deal("nanping", {BOB: THREE_GOLDS_16}, live="8s2s")
    state = drain(state, until=lambda s: s.turn == BOB)
    state = play(state, (BOB, D("8s")))
    state = drain(state, until=lambda s: s.turn == BOB and s.phase == Phase.TURN)
    assert outcome(play(state, (BOB, WIN))) == (BOB, "sanjindao")


@pytest.mark.parametrize("variant", ["pinghe", "nanping"])
def test_qiangjin_a_ready_non_dealer_takes_the_turned_up_gold(variant):
    bob_ready = "123m456m789m123p" + "11s" + "45p"
    state = deal(variant, {BOB: bob_ready}, opening=True)
    indicator = state.indicator
    assert QJ() in legal_actions(state, BOB)
    state = everyone_passes(play(state, (BOB, QJ())))
    assert outcome(state) == (BOB, "qiangjin")
    assert state.result is not None and state.result.win_tile == Tile.parse("9s")
    assert indicator is not None and state.indicator is None


def test_qiangjin_the_dealer_gives_up_one_tile():
    alice = "123m456m789m123p" + "11s" + "45p" + "7z"
    state = deal("pinghe", {ALICE: alice}, opening=True)
    assert QJ("7z") in legal_actions(state, ALICE) and QJ("1m") not in legal_actions(state, ALICE)
    state = everyone_passes(play(state, (ALICE, QJ("7z"))))
    assert outcome(state) == (ALICE, "qiangjin")
    assert Tile.parse("7z") not in state.seats[ALICE].hand


def test_after_the_opening_the_dealer_discards_and_cannot_self_draw_win_the_dealt_hand():
    state = deal("pinghe", {ALICE: ALICE_COMPLETE}, opening=True)
    state = everyone_passes(state)
    assert (state.phase, state.turn) == (Phase.TURN, ALICE)
    assert WIN not in legal_actions(state, ALICE)
    assert D("1m") in legal_actions(state, ALICE)
