"""A hand is `(rules, seed, actions)`: replaying the actions rebuilds the same state and events."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.actions import Action, action_from_json
from engine.events import Event
from engine.hand import HandState, replay_apply, start_hand


def replay(
    variant: str,
    seed: str,
    options: Mapping[str, Any] | None,
    actions: Iterable[tuple[int, Action | Mapping[str, Any]]],
    *,
    dealer: int = 0,
    streak: int = 1,
    base: int = 1,
) -> tuple[HandState, tuple[Event, ...]]:
    """Apply `(seat, action)` pairs (actions or their JSON) from the deal; returns the state and all events.

    The deal's own events come first; an illegal action raises as `apply` does.
    """
    start = start_hand(variant, seed=seed, dealer=dealer, streak=streak, base=base, options=options)
    state = start.state
    events: list[Event] = list(start.events)
    for seat, action in actions:
        parsed = action if isinstance(action, Action) else action_from_json(action)
        progress = replay_apply(state, seat, parsed)
        state = progress.state
        events.extend(progress.events)
    return state, tuple(events)
