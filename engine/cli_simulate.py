"""`python -m engine simulate --variant V --hands N --seed S`: bots play N hands, print a JSON summary.

Four (or the variant's number of) bots play consecutive hands at one table: the first
dealer is drawn from the seed (`first_dealer`), then dealer and 连庄 streak follow
`next_dealership`; hand i uses seed "S:i" and the
bots' choices come from an rng derived from that seed, so the same arguments
always print the same summary (all but the "timing" object). As at a table, a seat
whose only choice is to pass (a window put to it by position that offers it nothing,
`engine.hand.only_pass`) passes at once without asking its bot (`engine.hand.apply_then_idle`),
and is not counted as a decision. Every action is checked by `apply`; an illegal action or an exception is
counted, never hidden. The README section "Simulating hands" documents the JSON.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine import bot
from engine.actions import IllegalAction
from engine.cli import Command, UsageError, emit, register
from engine.hand import (
    HandState,
    apply_then_idle,
    first_dealer,
    known_options,
    new_hand,
    next_dealership,
    next_hand_options,
    pass_idle_run,
)
from engine.variants import UnknownVariant
from engine.variants import get as get_variant
from engine.wall import derive_rng

MAX_ACTIONS_PER_HAND = 2000  # a hand never needs this many decisions; more means a loop


@dataclass
class Tally:
    """Running totals of a simulation."""

    n_seats: int
    hands: int = 0
    draws: int = 0
    decisions: int = 0
    dealer_wins: int = 0
    longest_streak: int = 1
    illegal_actions: int = 0
    errors: list[str] = field(default_factory=list)
    unbalanced_hands: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    coins: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.coins = [0] * self.n_seats


def simulate(
    variant: str,
    hands: int,
    seed: str,
    *,
    base: int = 1,
    balance: int | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play `hands` hands with bots and return the summary (see the module docstring)."""
    rules = get_variant(variant)
    tally = Tally(rules.n_seats)
    balances = [balance] * rules.n_seats if balance is not None else None
    dealer, streak = first_dealer(seed, rules.n_seats), 1
    carried: dict[str, Any] = {}  # what each hand hands on to the next (the round wind, 风圈)
    started = time.perf_counter()
    for i in range(hands):
        hand_options = {**(options or {}), **carried}
        if balances is not None:
            hand_options["balances"] = list(balances)
        state = _play_hand(variant, f"{seed}:{i}", dealer, streak, base, hand_options, tally)
        if state is None:
            continue
        _record(state, tally, balances)
        dealer, streak = next_dealership(state)
        carried = next_hand_options(state)
    elapsed = time.perf_counter() - started
    return _summary(variant, seed, base, tally, balances, elapsed)


def _play_hand(
    variant: str, seed: str, dealer: int, streak: int, base: int, options: dict[str, Any], tally: Tally
) -> HandState | None:
    """One hand to its end; None (and an error recorded) if it could not finish."""
    rng = derive_rng(seed, "bots")
    try:
        state = new_hand(variant, seed=seed, dealer=dealer, streak=streak, base=base, options=options)
        first = state.version  # every action applied moves the version by one
        state = pass_idle_run(state).state  # the table's passes: nothing else was possible
        while state.version - first < MAX_ACTIONS_PER_HAND:
            if state.finished:
                return state
            seat = state.to_act[0]
            # The decision, then the passes that follow it at a table (`pass_idle_run`).
            state = apply_then_idle(state, seat, bot.choose(state, seat, rng)).state
            tally.decisions += 1
        raise RuntimeError(f"hand {seed} did not finish in {MAX_ACTIONS_PER_HAND} actions")
    except IllegalAction as exc:
        tally.illegal_actions += 1
        tally.errors.append(f"{seed}: illegal {exc.code}: {exc.reason}")
    except Exception as exc:  # a simulation reports every failure instead of stopping at the first
        tally.errors.append(f"{seed}: {type(exc).__name__}: {exc}")
    return None


def _record(state: HandState, tally: Tally, balances: list[int] | None) -> None:
    result = state.result
    assert result is not None
    tally.hands += 1
    if result.win_type is None:
        tally.draws += 1
    else:
        tally.wins[result.win_type.en] += 1
        tally.dealer_wins += result.winner == state.dealer
    tally.longest_streak = max(tally.longest_streak, state.streak)
    deltas = state.sheet.deltas if state.sheet is not None else (0,) * state.n_seats
    if sum(deltas) != 0:
        tally.unbalanced_hands += 1
    for seat, delta in enumerate(deltas):
        tally.coins[seat] += delta
        if balances is not None:
            balances[seat] += delta


def _summary(
    variant: str, seed: str, base: int, tally: Tally, balances: list[int] | None, elapsed: float
) -> dict[str, Any]:
    return {
        "variant": variant,
        "seed": seed,
        "base": base,
        "hands": tally.hands,
        "wins": dict(sorted(tally.wins.items())),
        "wins_total": sum(tally.wins.values()),
        "draws": tally.draws,
        "dealer_wins": tally.dealer_wins,
        "longest_streak": tally.longest_streak,
        "decisions": tally.decisions,
        "coins": tally.coins,
        "coins_sum": sum(tally.coins),
        "unbalanced_hands": tally.unbalanced_hands,
        "final_balances": balances,
        "illegal_actions": tally.illegal_actions,
        "errors": tally.errors[:20],
        "error_count": len(tally.errors),
        "timing": {
            "seconds": round(elapsed, 3),
            "hands_per_second": round(tally.hands / elapsed, 2) if elapsed > 0 else None,
        },
    }


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", required=True, help="pinghe, nanping, ...")
    parser.add_argument("--hands", type=int, default=100, help="how many hands to play")
    parser.add_argument("--seed", default="sim", help="hand i is seeded with SEED:i")
    parser.add_argument("--base", type=int, default=1, help="底分 (coins)")
    parser.add_argument("--balance", type=int, default=None, help="start every seat with this balance (pay down to 0)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a table option, VALUE as JSON (e.g. swap_probability=0.1); may repeat",
    )


def _option(text: str) -> tuple[str, Any]:
    """`NAME=VALUE` with VALUE read as JSON (a bare word stays a string)."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise UsageError(f"--option needs NAME=VALUE, got {text!r}")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def _check_options(variant: str, options: dict[str, Any]) -> None:
    """An option the variant does not read (a typo would silently change nothing) or a value the
    deal refuses (e.g. a probability above 1) is bad input, not a failed hand."""
    unknown = sorted(set(options) - known_options(variant))
    if unknown:
        known = ", ".join(sorted(known_options(variant)))
        raise UsageError(f"unknown --option {', '.join(unknown)} for {variant} (known: {known})")
    try:
        new_hand(variant, seed="options-check", options=options)
    except (ValueError, TypeError, KeyError) as exc:
        raise UsageError(f"bad --option: {exc}") from None


def run(args: argparse.Namespace) -> int:
    try:
        get_variant(args.variant)
    except UnknownVariant as exc:
        raise UsageError(str(exc.args[0])) from None
    if args.hands < 0 or args.base < 1:
        raise UsageError("--hands must be >= 0 and --base >= 1")
    if args.balance is not None and args.balance < 0:
        raise UsageError(f"--balance must be >= 0 (coins), got {args.balance}")
    options = dict(_option(text) for text in args.option)
    _check_options(args.variant, options)
    summary = simulate(args.variant, args.hands, args.seed, base=args.base, balance=args.balance, options=options)
    emit(summary)
    return 0 if not summary["error_count"] and not summary["unbalanced_hands"] else 1


register(Command("simulate", "bots play N hands; prints wins by type, draws, coin totals (JSON)", _configure, run))
