"""Fujian value against a 游金 threat: a seat in 游金 wins with whatever it draws next, at four
times a 点炮. So a hand that could win now holds on for its own 游金 only while nobody else is in
游金; with Carol in 单游, Bob's holding on would hand her that draw, so he takes his win at once."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine import bot_normal
from engine.hand import Phase
from tests.engine.flow.harness import BOB, CAROL, WIN, deal, drain

# Bob: four sets, 56p and 55p... with the gold (9s): drawing 7p completes it, and letting 5p go
# instead would be 单游 (sets plus a lone gold).
BOB_COMPLETE_ON_7P = "123m456m789m123s" + "56p" + "9s" + "5p"


def bob_drew_7p(variant: str, carol_you: int):
    state = deal(variant, {BOB: BOB_COMPLETE_ON_7P}, live="7p")
    state = drain(state, until=lambda s: s.phase == Phase.TURN and s.turn == BOB)
    seats = list(state.seats)
    seats[CAROL] = dataclasses.replace(seats[CAROL], you=carol_you)
    return dataclasses.replace(state, seats=tuple(seats))


@pytest.mark.parametrize("variant", ["pinghe", "nanping"])
def test_with_nobody_in_youjin_bob_holds_on_for_his_own(variant):
    state = bob_drew_7p(variant, carol_you=0)
    assert WIN in bot_normal.legal_actions(state, BOB)
    assert bot_normal.choose(state, BOB, random.Random(0)) != WIN


@pytest.mark.parametrize("variant", ["pinghe", "nanping"])
def test_with_carol_in_danyou_bob_wins_at_once(variant):
    state = bob_drew_7p(variant, carol_you=1)
    assert bot_normal.choose(state, BOB, random.Random(0)) == WIN
