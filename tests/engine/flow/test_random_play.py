"""Erratic players: any legal action at random, mixed with the bot, with 喊金 on and small balances.
Every hand still ends, round-trips through JSON, balances its sheet and never overdraws a seat."""

import json
import random

import pytest

from engine import bot
from engine.actions import QiangJin, Win
from engine.hand import HandState, apply, legal_actions, new_hand
from engine.view import view


def erratic_hand(variant: str, n: int) -> HandState:
    rng = random.Random(n)
    balances = [rng.randrange(0, 300) for _ in range(4)]
    options = {"named_gold": n % 3 == 0, "balances": balances}
    state = new_hand(variant, seed=f"erratic-{n}", dealer=n % 4, base=10, options=options)
    while not state.finished:
        seat = rng.choice(state.to_act)
        legal = legal_actions(state, seat)
        wins = [a for a in legal if isinstance(a, Win | QiangJin)]
        erratic = rng.random() < 0.25
        action = (wins[0] if wins else rng.choice(legal)) if erratic else bot.choose(state, seat, rng)
        state = apply(state, seat, action).state
        if rng.random() < 0.05:
            assert HandState.from_json(json.loads(json.dumps(state.to_json()))) == state
            json.dumps([view(state, s) for s in (0, 1, 2, 3, None)])
    return state


@pytest.mark.parametrize("variant", ["pinghe", "nanping"])
@pytest.mark.parametrize("n", range(12))
def test_erratic_hands_end_balanced_and_never_overdraw(variant, n):
    state = erratic_hand(variant, n)
    assert state.sheet is not None and sum(state.sheet.deltas) == 0
    balances = state.options["balances"]
    assert all(balances[s] + state.sheet.deltas[s] >= 0 for s in range(4))
