"""A table tells every seat and the spectators at once: `views(state, audiences)` builds their views
together, sharing what they see alike, and each is exactly `view(state, audience)` built alone.

Story: bots play a hand of each variant; at every step the views built together equal the views
built one by one, and a seat's view differs from the spectator's only in that seat's own entry
(the others' seats are the very objects the spectator is shown).
"""

from __future__ import annotations

import random

import pytest

from engine import bot
from engine.hand import HandState, apply, start_hand
from engine.view import _seat_view, views

VARIANTS = ["pinghe", "nanping", "guangdong", "erren"]


def states_of_a_bot_hand(variant: str) -> list[HandState]:
    state = start_hand(variant, seed=f"views-{variant}", dealer=0).state
    rng, seen = random.Random(variant), [state]
    while not state.finished:
        seat = state.to_act[0]
        state = apply(state, seat, bot.choose(state, seat, rng)).state
        seen.append(state)
    return seen


def alone(state: HandState, seat: int | None) -> dict:
    """The view as built before views were shared: every seat built for this viewer."""
    shared = views(state, [seat])[seat]
    seats = [_seat_view(state, i, seat, state.finished) for i in range(state.n_seats)]
    return {**shared, "seats": seats}


@pytest.mark.parametrize("variant", VARIANTS)
def test_views_built_together_are_the_views_built_alone(variant):
    for state in states_of_a_bot_hand(variant):
        audiences = [*range(state.n_seats), None]
        together = views(state, audiences)
        for audience in audiences:
            assert together[audience] == alone(state, audience)
            for i, shown in enumerate(together[audience]["seats"]):
                if i != audience:
                    assert shown is together[None]["seats"][i]
