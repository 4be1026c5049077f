"""游金: a lone gold waiting as the pair wins on any draw; 空游, 双游, and the level after it."""

import pytest

from engine.actions import MustDiscardDrawnTile, YoujinNoDiscardWin
from engine.hand import Phase, legal_actions
from tests.engine.flow.harness import ALICE, BOB, WIN, D, K, deal, drain, outcome, play

# Bob: four sets, 56p, a gold and a stray 1z. Drawing 7p and letting 1z go leaves five sets
# and the lone gold: 单游.
BOB_NEAR_YOUJIN = "123m456m789m123s" + "56p" + "9s" + "1z"


def at_turn(seat):
    return lambda s: s.phase == Phase.TURN and s.turn == seat


def bob_in_danyou(variant, live_after):
    state = deal(variant, {BOB: BOB_NEAR_YOUJIN}, live="7p" + live_after)
    state = drain(state, until=at_turn(BOB))
    return play(state, (BOB, D("1z")))


@pytest.mark.parametrize("variant", ["pinghe", "nanping"])
def test_letting_the_partner_of_the_gold_go_is_danyou_and_any_draw_wins(variant):
    state = bob_in_danyou(variant, "2s6s8s2z")
    assert state.seats[BOB].you == 1
    state = drain(state, until=at_turn(BOB))
    assert str(state.seats[BOB].drawn) == "2z"
    won = play(state, (BOB, WIN))
    assert outcome(won)[1] == "youjin"


def test_kongyou_discarding_the_draw_keeps_danyou():
    state = bob_in_danyou("pinghe", "2s6s8s2z" + "3s5s8p4z")
    state = drain(state, until=at_turn(BOB))
    state = play(state, (BOB, D("2z")))  # 空游: wait for a better draw
    assert state.seats[BOB].you == 1
    state = drain(state, until=at_turn(BOB))
    won = play(state, (BOB, WIN))
    assert outcome(won)[1] == "youjin"


def test_nanping_danyou_then_shuangyou_then_a_third_gold_ends_at_sanyou():
    state = bob_in_danyou("nanping", "2s6s8s9s" + "3s5s8p9s")
    state = drain(state, until=at_turn(BOB))
    assert str(state.seats[BOB].drawn) == "9s"
    state = play(state, (BOB, D("9s")))  # the drawn gold goes out: 双游
    assert state.seats[BOB].you == 2
    # the others drew 3s, 5s, 8p and could only throw them out; Bob's next draw is the last gold
    assert outcome(state)[1] == "sanyou"


def test_in_shuangyou_the_others_may_only_self_draw_or_throw_out_their_draw():
    alice_gold_pair = "123m456m789m123p456p" + "9s9s"
    bob_ready = "234p678p" + "345s" + "11s" + "78s" + "1z1z1z"  # waits on 6s or 9s
    state = deal("pinghe", {ALICE: alice_gold_pair, BOB: bob_ready}, live="6s")
    state = play(state, (ALICE, D("9s")))
    assert (state.phase, state.turn, str(state.seats[BOB].drawn)) == (Phase.TURN, BOB, "6s")
    assert sorted(a.type for a in legal_actions(state, BOB)) == ["discard", "win"]
    with pytest.raises(MustDiscardDrawnTile):
        play(state, (BOB, D("1z")))
    won = play(state, (BOB, WIN))
    assert outcome(won) == (BOB, "zimo")


def test_nanping_no_discard_win_in_youjin():
    # Bob's sets include 111z; in 单游 a discarded 1z would complete his hand, but 游金 wins only by drawing.
    bob = "123m456m789m111z" + "56p" + "9s" + "2z"
    state = deal("nanping", {BOB: bob}, live="7p1z")
    state = drain(state, until=at_turn(BOB))
    state = play(state, (BOB, D("2z")))
    assert state.seats[BOB].you == 1
    state = drain(state, until=lambda s: s.phase == Phase.CLAIM and BOB in s.to_act)
    assert WIN not in legal_actions(state, BOB) and K("1z") in legal_actions(state, BOB)
    with pytest.raises(YoujinNoDiscardWin):
        play(state, (BOB, WIN))


def test_a_bot_in_danyou_that_draws_a_gold_goes_for_shuangyou_on_a_long_wall():
    import random

    from engine import bot

    state = bob_in_danyou("pinghe", "2s6s8s9s")
    state = drain(state, until=at_turn(BOB))
    assert bot.choose(state, BOB, random.Random(0)) == D("9s")
