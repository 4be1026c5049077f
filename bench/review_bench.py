"""Benchmark: the hand review (牌谱分析) of whole 17-tile hands against the goal of 200 ms a hand.

Run from the repository root: `python bench/review_bench.py [--hands N] [--variants pinghe,nanping]`.

Hands: N hands a variant played to the end by the engine's bots from fixed seeds
("review-bench:<variant>:<i>"), so every run times the same hands; the gold games
deal 16 tiles (17 with the draw in one's turn, 17 to the dealer). For every hand and
every seat the review (`engine.review.review`) is timed in CPU time, best of two
passes, each with the engine's memo tables emptied first; the baseline, measured in
the same run on the same hands, is replaying the hand from its actions
(`engine.replay.replay`), the work any review must do at least.
Printed: per variant the median, p95 and worst review time of one seat's whole hand,
the ratio to the replay, and the worst against the 200 ms goal (exit status 1 if over).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import bot, evaluation
from engine import hand_rules as rules
from engine.hand import apply, start_hand
from engine.replay import replay
from engine.review import Replay, review

GOAL_MS = 200.0


def played_hand(variant: str, seed: str) -> Replay:
    """A hand the bots play to its end, as a replay."""
    state = start_hand(variant, seed=seed, dealer=0).state
    rng = random.Random(seed)
    actions: list[tuple[int, dict[str, Any]]] = []
    while not state.finished:
        seat = state.to_act[0]
        action = bot.choose(state, seat, rng)
        actions.append((seat, action.to_json()))
        state = apply(state, seat, action).state
    return Replay(variant, seed, tuple(actions))


def cold_caches() -> None:
    """Empty the engine's memo tables, so no pass times answers an earlier pass computed."""
    for memo in (rules._shanten, rules._waits, rules._complete, evaluation._row, evaluation._pairs_usable):
        memo.cache_clear()


def cpu_ms(work: Callable[[], object], passes: int = 2) -> float:
    best = float("inf")
    for _ in range(passes):
        cold_caches()
        started = time.process_time()
        work()
        best = min(best, time.process_time() - started)
    return best * 1000


def measure(variant: str, n: int) -> dict[str, float]:
    hands = [played_hand(variant, f"review-bench:{variant}:{i}") for i in range(n)]
    reviews: list[float] = []
    replays: list[float] = []
    decisions = 0
    for hand in hands:
        replays.append(cpu_ms(partial(replay, hand.variant, hand.seed, None, hand.actions)))
        for seat in range(4):
            reviews.append(cpu_ms(partial(review, hand, seat)))
            decisions += len(review(hand, seat).decisions)
    ordered = sorted(reviews)
    return {
        "reviews": len(reviews),
        "decisions": decisions / len(reviews),
        "median": statistics.median(ordered),
        "p95": ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))],
        "worst": ordered[-1],
        "replay": statistics.median(replays),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20, help="hands a variant (default 20)")
    parser.add_argument("--variants", default="pinghe,nanping", help="comma-separated 4-seat gold variants")
    args = parser.parse_args(argv)
    print(f"hand review, {args.hands} bot-played hands a variant, every seat; CPU ms per seat's whole hand")
    print(f"{'variant':<10}{'reviews':>8}{'dec/hand':>9}{'median':>9}{'p95':>9}{'worst':>9}"
          f"{'replay':>9}{'median/replay':>15}{'worst/goal':>12}")  # fmt: skip
    over = False
    for variant in args.variants.split(","):
        r = measure(variant, args.hands)
        over |= r["worst"] > GOAL_MS
        print(
            f"{variant:<10}{r['reviews']:>8.0f}{r['decisions']:>9.1f}{r['median']:>9.1f}{r['p95']:>9.1f}"
            f"{r['worst']:>9.1f}{r['replay']:>9.1f}{r['median'] / r['replay']:>14.1f}x"
            f"{r['worst'] / GOAL_MS:>11.2f}x"
        )
    print(f"goal: worst <= {GOAL_MS:.0f} ms (worst/goal <= 1.00): {'NOT MET' if over else 'met'}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
