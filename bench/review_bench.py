"""Benchmark: the hand review (牌谱分析) of every seat of whole hands, as the worker runs it,
against a named baseline engine measured in the same run, with the reviews compared.

Run from the repository root:
`python bench/review_bench.py [--hands N] [--variants pinghe,nanping,guangdong,erren] [--baseline COMMIT]`.

Hands: N hands a variant played to the end by the engine's easy bots from fixed seeds
("review-bench:<variant>:<i>"), so every run reviews the same hands; the gold games deal 16
tiles (17 with the draw in one's turn, 17 to the dealer). They are played once, by this
checkout's engine, and handed to both sides as replay files.

Each side (the BASELINE commit's engine/, unpacked from `git archive` into a temporary
directory, and this checkout's) runs in its own process, as a Celery worker would: it first
reviews W warm-up hands (other seeds) so its memo tables hold what a worker that has been
running a while holds, then `engine.review.review_seats(replay, all seats)` of each hand once,
timed in CPU time of the process (time.process_time). Rounds alternate baseline and this
checkout; the best (lowest) total of each side is kept. Printed per variant: CPU ms per
reviewed hand (all seats) of each side and the ratio, then the worst hand of this checkout's
one seat's review against the 200 ms goal; and whether every review's JSON (json.dumps of
each HandReview.to_json()) is byte-for-byte the baseline's, with how many were compared.
Exit status 1 if a review differs or the goal is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot_league import engine_tree  # noqa: E402 - run as a script: bench/ is on the path

from engine import bot  # noqa: E402
from engine.hand import apply, start_hand  # noqa: E402
from engine.review import Replay  # noqa: E402

BASELINE = "4342cdc"  # main before the review's one-reading discard judgement (issue 17)
GOAL_MS = 200.0
VARIANTS = ("pinghe", "nanping", "guangdong", "erren")


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


def document(hand: Replay) -> dict[str, Any]:
    return {"variant": hand.variant, "seed": hand.seed, "actions": [[s, a] for s, a in hand.actions]}


# Run in the side's process, with the side's engine first on the path: warm up, then time each hand.
SIDE_SNIPPET = """
import json, sys, time
from engine.review import Replay, review_seats
from engine.variants import get
with open(sys.argv[1]) as f:
    data = json.load(f)
def seats(doc):
    return range(get(doc["variant"]).n_seats)
for doc in data["warm"]:
    review_seats(Replay.from_json(doc), seats(doc))
out = {"cpu": [], "seat_worst": 0.0, "reviews": []}
for doc in data["hands"]:
    replay = Replay.from_json(doc)
    started = time.process_time()
    reviews = review_seats(replay, seats(doc))
    out["cpu"].append((time.process_time() - started) * 1000)
    out["reviews"].append([json.dumps(reviews[s].to_json(), ensure_ascii=False) for s in sorted(reviews)])
if data["seat_worst"]:
    for doc in data["hands"]:
        replay = Replay.from_json(doc)
        for seat in seats(doc):
            started = time.process_time()
            review_seats(replay, (seat,))
            out["seat_worst"] = max(out["seat_worst"], (time.process_time() - started) * 1000)
json.dump(out, sys.stdout)
"""


def run_side(root: str, hands_file: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": root}
    out = subprocess.run(
        [sys.executable, "-c", SIDE_SNIPPET, hands_file], check=True, capture_output=True, env=env, cwd=root
    )
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def measure(variant: str, n: int, warm: int, rounds: int, base_root: str) -> dict[str, Any]:
    hands = [document(played_hand(variant, f"review-bench:{variant}:{i}")) for i in range(n)]
    warmup = [document(played_hand(variant, f"review-bench-warm:{variant}:{i}")) for i in range(warm)]
    best: dict[str, float] = {}
    reviews: dict[str, list[list[str]]] = {}
    seat_worst = 0.0
    with tempfile.TemporaryDirectory(prefix="review-bench-") as tmp:
        for r in range(rounds):
            for side, root in (("baseline", base_root), ("now", str(ROOT))):
                path = os.path.join(tmp, f"{side}-{r}.json")
                with open(path, "w") as f:
                    json.dump({"warm": warmup, "hands": hands, "seat_worst": side == "now" and r == 0}, f)
                result = run_side(root, path)
                total = sum(result["cpu"])
                best[side] = min(best.get(side, total), total)
                reviews.setdefault(side, result["reviews"])
                if result["reviews"] != reviews[side]:
                    raise SystemExit(f"{side}: reviews differ between rounds")
                seat_worst = max(seat_worst, result["seat_worst"])
    compared = sum(len(seats) for seats in reviews["now"])
    differing = sum(a != b for hand_a, hand_b in zip(reviews["now"], reviews["baseline"], strict=True)
                    for a, b in zip(hand_a, hand_b, strict=True))  # fmt: skip
    return {
        "hands": n,
        "baseline": best["baseline"] / n,
        "now": best["now"] / n,
        "seat_worst": seat_worst,
        "compared": compared,
        "differing": differing,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20, help="hands a variant (default 20)")
    parser.add_argument("--warm", type=int, default=5, help="warm-up hands a variant, not timed (default 5)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds; best of each side (default 3)")
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated variants")
    parser.add_argument("--baseline", default=BASELINE, help=f"the commit to compare with (default {BASELINE})")
    args = parser.parse_args(argv)
    base_root = engine_tree(args.baseline)
    try:
        return report(args, base_root)
    finally:
        shutil.rmtree(base_root, ignore_errors=True)


def report(args: argparse.Namespace, base_root: str) -> int:
    print(
        f"hand review of every seat (review_seats), {args.hands} bot-played hands a variant after {args.warm} "
        f"warm-up hands; CPU ms per reviewed hand, best of {args.rounds} rounds"
    )
    print(f"{'variant':<10}{'hands':>6}{'baseline ' + args.baseline:>18}{'this':>9}{'ratio':>8}"
          f"{'worst seat':>12}{'reviews':>9}  same JSON")  # fmt: skip
    failed = False
    totals = {"baseline": 0.0, "now": 0.0}
    compared = 0
    for variant in args.variants.split(","):
        r = measure(variant, args.hands, args.warm, args.rounds, base_root)
        failed |= r["differing"] > 0 or r["seat_worst"] > GOAL_MS
        totals["baseline"] += r["baseline"]
        totals["now"] += r["now"]
        compared += r["compared"]
        same = "yes" if not r["differing"] else f"NO: {r['differing']} differ"
        print(
            f"{variant:<10}{r['hands']:>6}{r['baseline']:>18.1f}{r['now']:>9.1f}{r['baseline'] / r['now']:>7.2f}x"
            f"{r['seat_worst']:>12.1f}{r['compared']:>9}  {same}"
        )
    print(
        f"all variants: {totals['baseline']:.1f} -> {totals['now']:.1f} ms summed per-variant hand means: "
        f"{totals['baseline'] / totals['now']:.2f}x the baseline; {compared} seat reviews compared; "
        f"worst one-seat review goal {GOAL_MS:.0f} ms"
    )
    print("FAILED" if failed else "ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
