"""Kongs: concealed, exposed and added, each with a replacement draw from the back; 抢杠胡; 抢暗杠."""

import pytest

from engine.actions import RobConcealedKong
from engine.hand import Phase, legal_actions
from engine.sheet import MeldKind
from engine.tiles import Tile
from engine.view import view
from tests.engine.flow.harness import ALICE, BOB, CAROL, DAVE, PASS, PONG, WIN, D, K, deal, drain, outcome, play

ALICE_KONG_5P = "5p5p5p5p" + "1m4m7m" + "1s4s7s" + "1z2z3z4z6z7z" + "9m"


def at_turn(seat):
    return lambda s: s.phase == Phase.TURN and s.turn == seat


def test_a_concealed_kong_draws_from_the_back_and_its_tile_stays_hidden():
    state = deal("pinghe", {ALICE: ALICE_KONG_5P}, back="2z")
    back_before = state.back
    state = play(state, (ALICE, K("5p")))
    alice = state.seats[ALICE]
    assert alice.melds[0].kind == MeldKind.KONG and alice.melds[0].concealed
    assert (state.back, str(alice.drawn), state.turn) == (back_before - 1, "2z", ALICE)
    assert view(state, BOB)["seats"][ALICE]["melds"] == [{"kind": "kong", "concealed": True, "tiles": None}]
    assert view(state, ALICE)["seats"][ALICE]["melds"][0]["tiles"] == "5555p"


def test_an_exposed_kong_takes_the_discard_and_draws_a_replacement():
    bob = "2z2z2z" + "1m4m7m" + "1s4s7s" + "3p6p" + "3z4z6z7z" + "8m"
    alice = "2z" + "1m4m7m" + "1s4s7s" + "1z3z4z6z7z" + "9m5m8s8p" + "2p"
    state = deal("pinghe", {BOB: bob, ALICE: alice}, back="5z")
    state = play(state, (ALICE, D("2z")), (BOB, K("2z")))
    meld = state.seats[BOB].melds[0]
    assert (meld.kind, meld.concealed, state.turn, str(state.seats[BOB].drawn)) == (MeldKind.KONG, False, BOB, "5z")


def rob_story(dave_passes_the_kong: bool):
    # Carol pongs Alice's 5p, later draws the fourth 5p and adds it; Dave waits on 5p (46p).
    alice = "5p" + "1m4m7m" + "1s4s7s" + "1z2z3z4z6z7z" + "9m8s8p" + "2p"
    carol = "55p" + "2m8m" + "2s5s" + "1z2z3z4z6z7z" + "3m9m9p7p"
    dave = "123m456m789m" + "11s" + "46p" + "123s"
    state = deal("nanping", {ALICE: alice, CAROL: carol, DAVE: dave}, live="2s6s8m5p")
    state = play(state, (ALICE, D("5p")))
    assert WIN in legal_actions(state, DAVE) and PONG in legal_actions(state, CAROL)
    state = play(state, (DAVE, PASS), (CAROL, PONG), (CAROL, D("9p")))
    state = drain(state, until=at_turn(CAROL))
    assert str(state.seats[CAROL].drawn) == "5p"
    state = play(state, (CAROL, K("5p")))
    assert state.phase == Phase.ROB_KONG and state.to_act == (DAVE,)
    return play(state, (DAVE, PASS if dave_passes_the_kong else WIN))


def test_robbing_an_added_kong_qianggang():
    state = rob_story(dave_passes_the_kong=False)
    assert outcome(state) == (DAVE, "qianggang")
    assert state.result is not None and state.result.discarder == CAROL


def test_an_added_kong_nobody_robs_becomes_a_kong_with_a_replacement():
    state = rob_story(dave_passes_the_kong=True)
    carol = state.seats[CAROL]
    assert [m.kind for m in carol.melds] == [MeldKind.KONG] and not carol.melds[0].concealed
    assert (state.phase, state.turn) == (Phase.TURN, CAROL) and carol.drawn is not None


def guess_story(bob_waits: str, variant: str = "pinghe"):
    bob = "123m456m789m" + "11s" + "123s" + bob_waits
    state = deal(variant, {ALICE: ALICE_KONG_5P, BOB: bob}, back="2z")
    state = play(state, (ALICE, K("5p")), (ALICE, D("2z")))
    assert state.phase == Phase.GUESS and state.to_act == (BOB,)
    return state


def test_qiang_angang_a_right_guess_wins_as_a_self_draw():
    state = guess_story(bob_waits="46p")
    assert RobConcealedKong(ALICE, 0) in legal_actions(state, BOB)
    state = play(state, (BOB, RobConcealedKong(ALICE, 0)))
    assert outcome(state) == (BOB, "qiang_angang")
    assert state.result is not None and state.result.win_tile == Tile.parse("5p")


def test_qiang_angang_a_wrong_guess_pays_everyone_a_self_draw_and_play_goes_on():
    """000 §9(11) "如果抢错…抢杠玩家要赔付给其他玩家自摸的番数" and RULINGS: the hand does not end;
    the guesser draws as usual, and the payment is on the hand's sheet."""
    state = play(guess_story(bob_waits="78p"), (BOB, RobConcealedKong(ALICE, 0)))
    assert not state.finished and state.wrong_guesses == (BOB,)
    assert (state.phase, state.turn) == (Phase.TURN, BOB) and state.seats[BOB].drawn is not None
    state = drain(state)  # nobody wins: a 流局
    assert outcome(state) == (None, "draw") and state.sheet is not None
    guess = [(i.counterparty, i.amount) for i in state.sheet.seats[BOB].items if i.name_zh == "抢暗杠抢错"]
    assert guess == [(CAROL, -2), (DAVE, -2), (ALICE, -2 * 2)]  # 自摸 2番, the dealer's 2番 on top
    assert state.sheet.paid(BOB) == -8 and sum(state.sheet.deltas) == 0


def test_nanping_a_wrong_guess_is_a_false_win_that_ends_the_hand():
    """001 "若是猜错，算诈胡按自摸赔三家"."""
    state = play(guess_story(bob_waits="78p", variant="nanping"), (BOB, RobConcealedKong(ALICE, 0)))
    assert outcome(state) == (BOB, "qiang_angang_wrong")
    assert state.sheet is not None
    assert state.sheet.paid(BOB) < 0 and all(state.sheet.paid(s) > 0 for s in (ALICE, CAROL, DAVE))


def test_passing_the_guess_draws_as_usual():
    state = play(guess_story(bob_waits="46p"), (BOB, PASS))
    assert (state.phase, state.turn) == (Phase.TURN, BOB) and state.seats[BOB].drawn is not None


def test_a_robbed_concealed_kong_is_left_as_a_revealed_pung():
    state = play(guess_story(bob_waits="46p"), (BOB, RobConcealedKong(ALICE, 0)))
    robbed = state.seats[ALICE].melds[0]
    assert (robbed.kind, len(robbed.tiles), robbed.concealed) == (MeldKind.PUNG, 3, False)


def test_a_baiban_kong_is_guessed_right_only_if_baiban_itself_completes_the_hand():
    # 白板 plays as the gold's face (9s), never as a wildcard: Bob's 45p wait does not take it.
    alice = "5z5z5z5z" + "1m4m7m" + "1s4s7s" + "1z2z3z4z6z7z" + "9m"
    bob = "123m456m789m" + "11s" + "123s" + "45p"
    state = deal("pinghe", {ALICE: alice, BOB: bob}, back="2z")
    state = play(state, (ALICE, K("5z")), (ALICE, D("2z")))
    state = play(state, (BOB, RobConcealedKong(ALICE, 0)))
    assert not state.finished and state.wrong_guesses == (BOB,)


def test_no_concealed_kong_guess_in_youjin():
    """000 §9(11) "注意：游金状态不能抢杠" (RULINGS pinghe: not in a 游金 state). Bob enters 单游
    (five sets and the lone gold), Alice then kongs her 5p concealed: Bob is not asked to guess, he
    draws as usual."""
    alice = "5p5p5p" + "1m4m7m" + "1s4s7s" + "1z2z3z4z6z7z" + "9m" + "8p"
    bob = "123m456m789m123s" + "78s" + "9s" + "1z"
    state = deal("pinghe", {ALICE: alice, BOB: bob}, live="6s" + "2p8m" + "5p" + "3m", back="2z")
    state = drain(state, until=at_turn(BOB))
    state = play(state, (BOB, D("1z")))
    assert state.seats[BOB].you == 1
    state = drain(state, until=at_turn(ALICE))
    state = play(state, (ALICE, K("5p")), (ALICE, D("2z")))
    assert state.seats[ALICE].melds[0].is_concealed_kong
    assert (state.phase, state.turn) == (Phase.TURN, BOB) and str(state.seats[BOB].drawn) == "3m"
    assert not any(isinstance(a, RobConcealedKong) for a in legal_actions(state, BOB))


@pytest.mark.parametrize(
    "dave, may_rob",
    [
        ("123m456m789m" + "11s" + "46p" + "123s", False),  # no 分
        ("111m555m777m" + "11s" + "46p" + "123s", True),  # three 暗刻: 3 分
    ],
)
def test_pinghe_robbing_an_added_kong_needs_three_points(dave, may_rob):
    """RULINGS pinghe: "点炮胡 and 抢杠胡 need 3 分" (000 §7, 抢杠胡等同于点炮胡)."""
    alice = "5p" + "1m4m7m" + "1s4s7s" + "1z2z3z4z6z7z" + "9m8s8p" + "2p"
    carol = "55p" + "2m8m" + "2s5s" + "1z2z3z4z6z7z" + "3m9m9p7p"
    state = deal("pinghe", {ALICE: alice, CAROL: carol, DAVE: dave}, live="2s6s8m5p")
    state = play(state, (ALICE, D("5p")))
    if WIN in legal_actions(state, DAVE):
        state = play(state, (DAVE, PASS))
    state = play(state, (CAROL, PONG), (CAROL, D("9p")))
    state = drain(state, until=at_turn(CAROL))
    state = play(state, (CAROL, K("5p")))
    robbing = state.phase == Phase.ROB_KONG and DAVE in state.to_act and WIN in legal_actions(state, DAVE)
    assert robbing is may_rob
    if may_rob:
        assert outcome(play(state, (DAVE, WIN))) == (DAVE, "qianggang")
