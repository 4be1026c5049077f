"""Fujian value: a ready hand that could win now holds on for 游金/双游 while the wall is long,
because the win it waits for is worth twice as much and any drawn tile makes it."""

from __future__ import annotations

import random

import pytest

from engine import bot_normal
from engine.hand import Phase
from tests.engine.flow.harness import ALICE, BOB, WIN, D, deal, drain, play

# Bob: four sets, 56p, a gold (9s) and a stray 1z; drawing 7p and letting 1z go is 单游.
BOB_NEAR_YOUJIN = "123m456m789m123s" + "56p" + "9s" + "1z"


def at_turn(seat):
    return lambda s: s.phase == Phase.TURN and s.turn == seat


def normal(state, seat):
    return bot_normal.choose(state, seat, random.Random(0))


@pytest.mark.parametrize("variant", ["pinghe", "nanping"])
def test_a_complete_hand_with_a_lone_gold_pair_partner_lets_it_go_for_danyou(variant):
    state = deal(variant, {BOB: BOB_NEAR_YOUJIN.replace("1z", "5p")}, live="7p")
    state = drain(state, until=at_turn(BOB))  # Bob drew 7p: 567p, 55p... complete with the gold
    assert WIN in bot_normal.legal_actions(state, BOB)
    choice = normal(state, BOB)
    assert choice != WIN
    after = play(state, (BOB, choice))
    assert after.seats[BOB].you == 1  # 单游: the next draw, any tile, wins twice as much


@pytest.mark.parametrize("variant", ["pinghe", "nanping"])
def test_in_danyou_a_drawn_gold_goes_out_for_shuangyou(variant):
    state = deal(variant, {BOB: BOB_NEAR_YOUJIN}, live="7p" + "2s6s8s" + "9s")
    state = drain(state, until=at_turn(BOB))
    state = play(state, (BOB, D("1z")))
    assert state.seats[BOB].you == 1
    state = drain(state, until=at_turn(BOB))
    assert str(state.seats[BOB].drawn) == "9s"
    assert normal(state, BOB) == D("9s")


def test_a_gold_pair_on_a_complete_hand_is_split_for_shuangyou_at_once():
    alice_gold_pair = "123m456m789m123p456p" + "9s9s"
    state = deal("pinghe", {ALICE: alice_gold_pair})
    assert state.phase == Phase.TURN and state.turn == ALICE
    assert normal(state, ALICE) == D("9s")
    assert play(state, (ALICE, D("9s"))).seats[ALICE].you == 2


def test_in_danyou_a_drawn_plain_tile_wins_at_once():
    state = deal("pinghe", {BOB: BOB_NEAR_YOUJIN}, live="7p" + "2s6s8s" + "4z")
    state = drain(state, until=at_turn(BOB))
    state = play(state, (BOB, D("1z")))
    state = drain(state, until=at_turn(BOB))
    assert normal(state, BOB) == WIN
