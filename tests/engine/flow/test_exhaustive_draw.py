"""流局 / 臭庄: the wall stops at each variant's threshold, which grows with kongs and flowers."""

import pytest

from engine.hand import flower_points, next_dealership
from tests.engine.flow.harness import ALICE, BOB, D, K, deal, drain, outcome, play

ALICE_KONG_5P = "5p5p5p5p" + "1m4m7m" + "1s4s7s" + "1z2z3z4z6z7z" + "9m"


@pytest.mark.parametrize("variant, left", [("pinghe", 16), ("nanping", 26)])
def test_the_hand_is_drawn_when_the_reserve_is_reached(variant, left):
    state = drain(deal(variant, {}, back="", gold="9s"))
    assert outcome(state) == (None, "draw")
    assert state.remaining == state.reserve >= left
    flowers = sum(flower_points(len(s.flowers)) for s in state.seats)
    expected = left + (2 * flowers if variant == "nanping" else 0)
    assert state.reserve == expected


@pytest.mark.parametrize("variant, extra", [("pinghe", 4), ("nanping", 4)])
def test_a_concealed_kong_keeps_two_more_stacks(variant, extra):
    state = play(deal(variant, {ALICE: ALICE_KONG_5P}), (ALICE, K("5p")))
    base = 16 if variant == "pinghe" else 26
    flowers = sum(flower_points(len(s.flowers)) for s in state.seats) if variant == "nanping" else 0
    assert state.reserve == base + extra + 2 * flowers
    state = drain(state)
    assert outcome(state) == (None, "draw") and state.remaining == state.reserve


def test_nanping_five_flowers_count_two_points_and_keep_two_more_stacks():
    bob = "1f2f3f4f5f" + "1m4m7m" + "1p4p7p" + "1s4s7s" + "1z2z"
    state = deal("nanping", {BOB: bob}, back="3z4z6z7z5z")
    assert len(state.seats[BOB].flowers) == 5 and flower_points(5) == 2
    assert state.reserve >= 26 + 4


def test_after_a_draw_the_dealer_stays_and_the_streak_grows():
    state = drain(deal("nanping", {}, dealer=BOB, streak=2))
    assert next_dealership(state) == (BOB, 3)


@pytest.mark.parametrize("variant, base", [("pinghe", 16), ("nanping", 26)])
def test_an_exposed_kong_keeps_one_more_stack(variant, base):
    """RULINGS: pinghe 流局 at 16 tiles "plus 2 per exposed kong"; nanping 臭庄 at 26 "plus 2 tiles
    per 花分/杠分", an exposed kong being 1 杠分."""
    bob = "2z2z2z" + "1m4m7m" + "1s4s7s" + "3p6p" + "3z4z6z7z" + "8m"
    alice = "2z" + "1m4m7m" + "1s4s7s" + "1z3z4z6z7z" + "9m5m8s8p" + "2p"
    state = play(deal(variant, {BOB: bob, ALICE: alice}, back="5z"), (ALICE, D("2z")), (BOB, K("2z")))
    assert state.seats[BOB].melds[0].kind.name == "KONG" and not state.seats[BOB].melds[0].concealed
    flowers = sum(flower_points(len(s.flowers)) for s in state.seats) if variant == "nanping" else 0
    assert state.reserve == base + 2 + 2 * flowers
    assert outcome(drain(state)) == (None, "draw")
