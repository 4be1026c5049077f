"""Four guangdong bots play whole hands: every action legal, every hand ends, coins sum to zero."""

import json
import random

import pytest

from engine.hand import HandState, new_hand
from tests.engine.flow.harness import bots_finish


def play_out(seed: str, dealer: int = 0, **options) -> HandState:
    return bots_finish(new_hand("guangdong", seed=seed, dealer=dealer, base=10, options=options), random.Random(seed))


@pytest.mark.parametrize("n", range(8))
def test_bots_finish_the_hand_and_the_coins_balance(n):
    state = play_out(f"gd-bots-{n}", dealer=n % 4, round_wind=f"{n % 4 + 1}z")
    assert state.sheet is not None and sum(state.sheet.deltas) == 0


def test_a_finished_hand_round_trips_through_json():
    state = play_out("gd-json")
    again = HandState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state and again.sheet == state.sheet
