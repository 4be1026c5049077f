"""An event is stored and broadcast once: the public view plus, per seat, a delta over it
(tables.view_delta). Every seat must get back exactly the view it was given before, for whole
bot-played hands of every variant (any deal), and a seat's delta must not be another seat's view."""

from __future__ import annotations

import random

import pytest

from engine import bot
from engine.hand import apply as apply_action
from engine.hand import legal_actions, new_hand
from engine.view import view
from tables.view_delta import delta, patched, seat_view, split

VARIANTS = {"pinghe": 4, "nanping": 4, "guangdong": 4, "erren": 2}


def hand_views(variant: str, seed: str) -> list[dict[str, dict | None]]:
    """Every audience's view of the hand after each action of a bot-played hand, as `{"0": .., "public": ..}`."""
    n = VARIANTS[variant]
    state = new_hand(variant, seed=seed, dealer=0)
    out = []
    rng = random.Random(seed)
    while True:
        views: dict[str, dict | None] = {str(s): view(state, s) for s in range(n)}
        views["public"] = view(state, None)
        out.append(views)
        if state.finished or not state.to_act:
            return out
        seat = min(state.to_act)
        progress = apply_action(state, seat, bot.choose(state, seat, rng))
        for event in progress.events:  # engine events: a private part for one seat at most
            ev = {str(s): event.view(s) for s in range(n)}
            ev["public"] = event.view(None)
            out.append(ev)
        state = progress.state


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("seed", ["delta-1", "delta-2"])
def test_every_seat_gets_back_exactly_its_own_view(variant, seed):
    for views in hand_views(variant, seed):
        public, seats = split(views)
        assert seat_view(public, seats, None) == views["public"]
        for s in range(VARIANTS[variant]):
            assert seat_view(public, seats, s) == views[str(s)]


def test_the_delta_is_small_and_holds_only_the_seats_own_secrets():
    state = new_hand("pinghe", seed="delta-size", dealer=0)
    public = {"type": "prompt", "hand": view(state, None)}
    mine = {"type": "prompt", "hand": view(state, 1), "legal": [a.to_json() for a in legal_actions(state, 1)]}
    change = delta(public, mine)
    assert change is not None and len(str(change)) < len(str(mine)) / 2
    others = [view(state, s)["seats"][s]["hand"] for s in (0, 2, 3)]
    assert not any(str(hand) in str(change) for hand in others)
    assert patched(public, change) == mine and "legal" not in public  # the public view is left as it was


@pytest.mark.parametrize(
    ("base", "target"),
    [
        ({"a": 1}, {"a": 1, "b": [1, 2]}),
        ({"a": 1, "b": 2}, {"a": 1}),
        ([1, {"x": None}], [1, {"x": "5m"}]),
        ([1, 2], [1, 2, 3]),
        ({"a": 1}, None),
        (None, {"a": 1}),
        ({"a": True}, {"a": 1}),
        ({"a": {"b": [1, [2, 3]]}}, {"a": {"b": [1, [2, 4]]}}),
    ],
)
def test_patched_rebuilds_the_target(base, target):
    assert patched(base, delta(base, target)) == target
    assert type(patched(base, delta(base, target))) is type(target)


def test_a_seat_not_told_gets_nothing_and_spectators_only_the_public_view():
    public, seats = split({"0": {"t": "draw", "tile": "5m"}, "1": None, "public": {"t": "draw"}})
    assert seat_view(public, seats, 0) == {"t": "draw", "tile": "5m"}
    assert seat_view(public, seats, 1) is None
    assert seat_view(public, seats, None) == {"t": "draw"}
