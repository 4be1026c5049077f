"""Four bots play complete hands: every action legal, every hand ends, coins sum to zero."""

import json
import random

import pytest

from engine.hand import HandState, new_hand
from tests.engine.flow.harness import bots_finish


def play_out(variant: str, seed: str, dealer: int = 0) -> HandState:
    return bots_finish(new_hand(variant, seed=seed, dealer=dealer), random.Random(seed))


@pytest.mark.parametrize("variant", ["pinghe", "nanping"])
@pytest.mark.parametrize("n", range(6))
def test_bots_finish_the_hand_and_the_coins_balance(variant, n):
    state = play_out(variant, f"bots-{n}", dealer=n % 4)
    assert state.result is not None
    assert state.sheet is not None
    assert sum(state.sheet.deltas) == 0


@pytest.mark.parametrize("variant", ["pinghe", "nanping"])
def test_a_finished_hand_round_trips_through_json(variant):
    state = play_out(variant, "json")
    again = HandState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state
    assert again.sheet == state.sheet
