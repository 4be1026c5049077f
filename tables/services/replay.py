"""Replaying a finished hand from its seed and action log, and the provably-fair check."""

from __future__ import annotations

from typing import Any

from engine.actions import action_from_json
from engine.hand import HandState, new_hand, replay_apply
from engine.view import view
from engine.wall import commitment, verify
from tables.models import Hand


def rebuild(hand: Hand) -> tuple[HandState, list[tuple[dict[str, Any], HandState]]]:
    """The dealt state and, for every logged action in order, (the action with its seat, the state after)."""
    state = new_hand(
        hand.variant, seed=hand.seed, dealer=hand.dealer, streak=hand.streak, base=hand.base, options=hand.options
    )
    first, steps = state, []
    for row in hand.actions.order_by("state_version"):
        state = replay_apply(state, row.seat, action_from_json(row.action)).state
        steps.append(({"seat": row.seat, "source": row.source, **row.action}, state))
    return first, steps


def seed_check(hand: Hand, final: HandState) -> dict[str, Any]:
    """Does the revealed seed match the commitment shown before the deal, and does the replay end where the hand did?"""
    return {
        "seed": hand.seed,
        "commitment": hand.commitment,
        "recomputed": commitment(hand.seed),
        "commitment_ok": verify(hand.seed, hand.commitment),
        "replay_ok": final.to_json() == hand.state,
    }


def replay_steps(hand: Hand, seat: int | None) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Every step of a finished hand as every seat saw it (the seed is public now), and the seed check."""
    first, steps = rebuild(hand)
    seats = range(first.n_seats)
    out: list[dict[str, Any]] = [{"step": 0, "action": None, "views": [view(first, s) for s in seats]}]
    for i, (action, state) in enumerate(steps, start=1):
        out.append({"step": i, "action": action, "views": [view(state, s) for s in seats]})
    final = steps[-1][1] if steps else first
    return out, seed_check(hand, final)
