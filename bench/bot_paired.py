"""Benchmark: did a change to the bots help? This checkout's `normal` bot against an earlier commit's,
paired deal by deal.

    python bench/bot_paired.py --against f96ed39 [--variants erren] [--hands 600] [--seeds league,s2,s3]

Each side plays bench/bot_league.py's duplicate league (a `normal` bot against three `easy` ones, every
deal once per seat) on the same deals: this checkout's engine, and the engine of commit `--against`
taken from git into a temporary directory, each in its own process, so the comparisons that
docs/engine.md cites ("600 hands paired against the code before, seeds league, s2, s3") can be run
again from the repository. Both sides play the very same deals and the difference is read deal by
deal; that narrows its interval only a little (the two bots' choices part early in most hands: about
±0.15 coins a hand at 600 deals in erren, as a league's own), so a change is judged by its mean over
several seeds, not by one seed's interval. Printed per variant and seed: normal's coins a hand before
-> after, the paired difference with its 95% interval, the deal-in ratio (normal / easy) before ->
after and normal's wins; then the mean difference over the seeds and how many seeds went up.

The commit must have `engine.bot_levels` (issue 14 onwards). Exit status 0 unless a side fails.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
from dataclasses import dataclass

from bot_league import ROOT, VARIANTS, engine_tree  # run as a script: its folder, bench/, is on the path

# Run in a subprocess whose engine is the one under argv[1]: it is imported before bot_league, whose own
# `sys.path.insert` (this checkout) then finds `engine` already loaded from there.
SIDE = """
import json, sys
sys.path.insert(0, sys.argv[1])
import engine
sys.path.insert(1, sys.argv[2])
import bot_league
league = bot_league.run_league(sys.argv[3], int(sys.argv[4]), sys.argv[5], timed=False)
sides = {name: vars(getattr(league, name)) for name in ("normal", "easy")}
print(json.dumps({"engine": engine.__file__, "per_seed": league.per_seed, **sides}))
"""


@dataclass(frozen=True, slots=True)
class Run:
    """One side's league on one seed: normal's coins per deal and both levels' records."""

    per_seed: list[float]
    normal: dict[str, int]
    easy: dict[str, int]

    def ratio(self) -> float:
        easy = self.easy["deal_ins"] / self.easy["seat_hands"]
        return self.normal["deal_ins"] / self.normal["seat_hands"] / easy if easy else float("nan")


def play_side(root: str, variant: str, hands: int, seed: str) -> Run:
    """The league on the engine under `root`, in a process of its own."""
    args = [sys.executable, "-c", SIDE, root, str(ROOT / "bench"), variant, str(hands), seed]
    done = subprocess.run(args, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": ""})
    if done.returncode != 0:
        raise SystemExit(f"error: the league on {root} failed:\n{done.stderr[-2000:]}")
    out = json.loads(done.stdout)
    if not out["engine"].startswith(root):
        raise SystemExit(f"error: the side meant for {root} loaded {out['engine']}")
    return Run(out["per_seed"], out["normal"], out["easy"])


def paired(before: Run, after: Run) -> tuple[float, float]:
    """The mean of after - before over the same deals, and its 95% half-width."""
    diffs = [b - a for a, b in zip(before.per_seed, after.per_seed, strict=True)]
    return statistics.fmean(diffs), 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))


def compare(old_root: str, variant: str, hands: int, seed: str) -> float:
    """Print one variant and seed's comparison; the paired mean difference."""
    before, after = play_side(old_root, variant, hands, seed), play_side(str(ROOT), variant, hands, seed)
    mean, half = paired(before, after)
    coins = f"{statistics.fmean(before.per_seed):+.3f} -> {statistics.fmean(after.per_seed):+.3f}"
    print(
        f"{variant:9} {seed:8} coins/hand {coins}  paired {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}]  "
        f"deal-in ratio {before.ratio():.2f} -> {after.ratio():.2f}  wins {before.normal['wins']} -> "
        f"{after.normal['wins']}"
    )
    return mean


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", required=True, help="the commit whose bots are 'before'")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--hands", type=int, default=600, help="deals per seed (each played once per seat)")
    parser.add_argument("--seeds", default="league,s2,s3")
    args = parser.parse_args()
    if args.hands < 2:
        parser.error("--hands must be at least 2 (an interval needs two deals)")
    unknown = set(args.variants.split(",")) - set(VARIANTS)
    if unknown:
        parser.error(f"unknown variants {sorted(unknown)}; known: {', '.join(VARIANTS)}")
    old_root = engine_tree(args.against)
    seeds = args.seeds.split(",")
    for variant in args.variants.split(","):
        means = [compare(old_root, variant, args.hands, seed) for seed in seeds]
        ups = sum(m > 0 for m in means)
        print(f"{variant:9} mean over {len(seeds)} seeds {statistics.fmean(means):+.3f} ({ups} up)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
