"""The normal bot decides from what its seat sees: two deals that differ only in what is hidden
from the seat (another hand's tiles, the unseen wall's order) get the same decision, at every
turn and claim of a whole hand (whatever the deal: one that ends at its opening has none)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine import bot, bot_normal
from engine.hand import HandState, Phase, apply, new_hand
from engine.view import view


def hidden_twin(state: HandState, seat: int) -> HandState:
    """The same table but half of the next seat's hand swapped with unseen wall tiles, the wall reversed."""
    other = (seat + 1) % state.n_seats
    hidden = list(state.seats[other].hand)
    slots = [i for i in range(state.front, state.back) if i != state.indicator]  # the gold stays face up
    unseen = [state.wall[i] for i in slots]
    swap = min(len(hidden), len(unseen)) // 2
    pool = hidden[:swap] + unseen[swap:]
    pool.reverse()
    wall = list(state.wall)
    for i, tile in zip(slots, pool, strict=True):
        wall[i] = tile
    seats = list(state.seats)
    seats[other] = replace(seats[other], hand=tuple(sorted(unseen[:swap] + hidden[swap:])))
    return replace(state, wall=tuple(wall), seats=tuple(seats))


def decisions(variant: str, seed: str) -> list[tuple[HandState, int]]:
    """Every turn and claim the normal bot would answer in a hand the easy bots play."""
    state = new_hand(variant, seed=seed)
    rng = random.Random(seed)
    out = []
    while not state.finished:
        seat = state.to_act[0]
        if state.phase in (Phase.TURN, Phase.CLAIM):
            out.append((state, seat))
        state = apply(state, seat, bot.choose(state, seat, rng)).state
    return out


@pytest.mark.parametrize("variant", ["pinghe", "nanping", "guangdong", "erren"])
def test_what_the_seat_cannot_see_does_not_change_its_decision(variant):
    differed = 0
    for state, seat in decisions(variant, f"view-{variant}")[::3]:
        twin = hidden_twin(state, seat)
        differed += twin.wall != state.wall
        assert view(twin, seat) == view(state, seat)
        mine = bot_normal.choose(state, seat, random.Random(1))
        assert bot_normal.choose(twin, seat, random.Random(1)) == mine
    assert differed or not decisions(variant, f"view-{variant}")
