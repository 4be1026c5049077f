"""Replaying a finished hand from its seed and action log, and the provably-fair check."""

from __future__ import annotations

from typing import Any

from engine.actions import Pass, action_from_json
from engine.hand import HandState, new_hand, only_pass, replay_apply
from engine.view import view
from engine.wall import commitment, verify
from tables.models import Hand


def rebuild(hand: Hand) -> tuple[HandState, list[tuple[dict[str, Any], HandState]]]:
    """The dealt state and, for every logged action in order, (the action with its seat, the state after).

    An action carries `answered`: True for a pass the table gave because passing was the seat's only
    choice (`engine.hand.only_pass`), which nobody decided; a replay skips those unless asked."""
    state = new_hand(
        hand.variant, seed=hand.seed, dealer=hand.dealer, streak=hand.streak, base=hand.base, options=hand.options
    )
    first, steps = state, []
    for row in hand.actions.order_by("state_version"):
        action = action_from_json(row.action)
        answered = isinstance(action, Pass) and only_pass(state, row.seat)
        state = replay_apply(state, row.seat, action).state
        steps.append(({"seat": row.seat, "source": row.source, "answered": answered, **row.action}, state))
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
    """Every step of a finished hand as every seat saw it (the seed is public now), and the seed check.
    A step's `turn` counts the discards so far (the replay seeks by turn: turn n starts at its discard)."""
    first, steps = rebuild(hand)
    seats = range(first.n_seats)
    out: list[dict[str, Any]] = [{"step": 0, "action": None, "views": [view(first, s) for s in seats]}]
    turn = 0
    for i, (action, state) in enumerate(steps, start=1):
        turn += action["type"] == "discard"
        out.append({"step": i, "action": action, "turn": turn, "views": [view(state, s) for s in seats]})
    final = steps[-1][1] if steps else first
    return out, seed_check(hand, final)
