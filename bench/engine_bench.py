"""Benchmark: this engine against the `mahjong` package (PyPI) on the same fixed-seed hands.

Run from the repository root: `python bench/engine_bench.py` (or `python -m engine bench`).

Buckets, all generated from fixed seeds so every run times the same hands:
  complete 14   hands built from 4 random sets + a pair (all are wins)
  random 14     14 tiles dealt from a shuffled 136-tile wall
  gold 17       17-tile hands with 0-4 golds (half built as wins, half dealt), engine only
  waits 16      16-tile hands with 0-4 golds, one tile short of a built win, engine only

Shanten rows: the package's `calculate_shanten` on the complete and random 14-tile hands,
the engine's `shanten_counts` on the same; "shanten gold 17" is the engine's exact 向听 of
the gold 17 hands (pinghe's shapes, a gold game: `gold_in_play`) against the package's
14-tile shanten on random hands, its usual input, and on complete hands, where its search
stops early (the goal holds against both). The engine memoizes each suit's block rows
and their merges, so every pass after the first reads them warm, as a long-running
process does; the "cold" row times one pass after `engine.waits.clear_caches()`.

Both libraries read the same 34-count arrays: the package's `Agari().is_agari` and
`Shanten().calculate_shanten`, the engine's `win_checker(shapes)` and `shanten_counts`
with shapes {STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS} (what the package counts). Every
answer is compared; the only allowed difference is 龙七对 (a 4-of-a-kind counted as two
of the seven pairs, which the engine's erren rules count and the package does not).
The gold and waits buckets (pinghe's shapes) run on the same kind of input, count arrays
(face counts with the golds taken out, computed before timing: `win_checker`,
`waits_counts`), against the package's rate on complete hands, the yardstick the goals
use; the "from tiles" rows add the conversion from Tile tuples (`is_win`, `waits`).
Rates are the best of several interleaved passes, in CPU time; ratios are engine rate / package rate.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mahjong.agari import Agari
from mahjong.shanten import Shanten

from engine.shapes import Shape, face_counts, is_win, win_checker
from engine.tiles import N_KINDS, Tile
from engine.waits import clear_caches, shanten_counts, waits, waits_counts

RIICHI_SHAPES = frozenset({Shape.STANDARD, Shape.SEVEN_PAIRS, Shape.THIRTEEN_ORPHANS})
PINGHE_SHAPES = frozenset({Shape.STANDARD, Shape.PINGHE_PAIRS})
GOALS = {
    "complete 14": 3.0,
    "random 14": 1.0,
    "gold 17 (vs pkg complete 14)": 1.0,
    "waits 16 (vs pkg complete 14)": 2.0,
    "shanten gold 17 (vs pkg random 14)": 1.0,
    "shanten gold 17 (vs pkg complete 14)": 1.0,
}


def _random_set(rng: random.Random) -> list[int]:
    if rng.random() < 0.6:
        suit, start = rng.randrange(3), rng.randrange(7)
        return [9 * suit + start + i for i in range(3)]
    return [rng.randrange(N_KINDS)] * 3


def built_win(rng: random.Random, n_sets: int) -> list[int]:
    """Kinds of a win: n_sets random sets and a pair, at most 4 copies of a kind."""
    while True:
        kinds = [rng.randrange(N_KINDS)] * 2
        for _ in range(n_sets):
            kinds += _random_set(rng)
        if max(kinds.count(k) for k in set(kinds)) <= 4:
            return kinds


def counts_of(kinds: Sequence[int]) -> list[int]:
    counts = [0] * N_KINDS
    for k in kinds:
        counts[k] += 1
    return counts


def complete_hands(n: int, seed: int = 1) -> list[list[int]]:
    rng = random.Random(seed)
    return [counts_of(built_win(rng, 4)) for _ in range(n)]


def random_hands(n: int, seed: int = 2) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [k for k in range(N_KINDS) for _ in range(4)]
    hands = []
    for _ in range(n):
        rng.shuffle(wall)
        hands.append(counts_of(wall[:14]))
    return hands


def _with_golds(rng: random.Random, kinds: list[int], gold: int, n_golds: int) -> tuple[Tile, ...]:
    """Turn up to n_golds of the hand's tiles into golds (keeping at most 4 golds)."""
    spots = [i for i, k in enumerate(kinds) if k != gold]
    rng.shuffle(spots)
    for i in spots[: max(0, n_golds - kinds.count(gold))]:
        kinds[i] = gold
    return tuple(Tile(k) for k in kinds)


def gold_hands(n: int, size: int, seed: int = 3) -> list[tuple[tuple[Tile, ...], Tile]]:
    """(tiles, gold) with 0-4 golds: half built wins, half dealt (size 17), or wins less one (16)."""
    rng = random.Random(seed)
    wall = [k for k in range(N_KINDS) for _ in range(4)]
    out: list[tuple[tuple[Tile, ...], Tile]] = []
    while len(out) < n:
        gold = rng.randrange(N_KINDS)
        if size == 17 and len(out) % 2:
            rng.shuffle(wall)
            kinds = wall[:17]
        else:
            kinds = built_win(rng, 5)
            if size == 16:
                kinds.pop(rng.randrange(17))
        tiles = _with_golds(rng, kinds, gold, rng.randrange(5))
        if max(tiles.count(t) for t in tiles) <= 4:
            out.append((tiles, Tile(gold)))
    return out


def rates(
    engine: Callable[[], object], n_engine: int, package: Callable[[], object], n_package: int, passes: int = 7
) -> tuple[float, float]:
    """(engine, package) items per second: best of `passes` in CPU time of this process
    (time.process_time), the two interleaved, so that other processes on the machine
    disturb the comparison as little as possible."""
    best = [float("inf"), float("inf")]
    for _ in range(passes):
        for i, fn in enumerate((engine, package)):
            start = time.process_time()
            fn()
            best[i] = min(best[i], time.process_time() - start)
    return n_engine / best[0], n_package / best[1]


def is_dragon_seven_pairs(c: Sequence[int]) -> bool:
    """龙七对: 14 tiles in pairs where a 4-of-a-kind counts twice (not seven pairs for the package)."""
    return sum(c) == 14 and all(n % 2 == 0 for n in c) and 4 in c


def package_style_seven_pairs(c: Sequence[int]) -> int:
    """The package's seven-pairs shanten (pairs of distinct kinds only)."""
    pairs = sum(1 for n in c if n >= 2)
    kinds = sum(1 for n in c if n)
    return 6 - pairs + max(0, 7 - kinds)


def check_agreement(hands: list[list[int]]) -> tuple[int, int]:
    """(differences explained by 龙七对, unexplained) over wins and shanten."""
    agari, shanten_pkg = Agari(), Shanten()
    check = win_checker(RIICHI_SHAPES)
    explained = unexplained = 0
    for c in hands:
        if agari.is_agari(c) != check(c, 0):
            explained, unexplained = (
                (explained + 1, unexplained) if is_dragon_seven_pairs(c) else (explained, unexplained + 1)
            )
        ours, theirs = shanten_counts(c, 0, RIICHI_SHAPES), shanten_pkg.calculate_shanten(c)
        if ours != theirs:
            without = shanten_counts(c, 0, RIICHI_SHAPES - {Shape.SEVEN_PAIRS})
            if min(without, package_style_seven_pairs(c)) == theirs and ours < theirs:
                explained += 1
            else:
                unexplained += 1
                print(f"  differs: {c} engine {ours} package {theirs}")
    return explained, unexplained


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1000 hands a bucket instead of 20000")
    parser.add_argument("--hands", type=int, help="hands a bucket (overrides --quick)")
    args = parser.parse_args(argv)
    if args.hands is not None and args.hands < 4:
        parser.error(f"--hands must be at least 4 (a quarter of it times the 16-tile waits), got {args.hands}")
    n = args.hands or (1000 if args.quick else 20000)
    complete, dealt = complete_hands(n), random_hands(n)
    gold17, waits16 = gold_hands(n, 17), gold_hands(n // 4, 16, seed=4)
    agari, shanten_pkg = Agari(), Shanten()
    check = win_checker(RIICHI_SHAPES)
    results: dict[str, tuple[float, float]] = {}
    for name, hands in (("complete 14", complete), ("random 14", dealt)):

        def ours(hands: list[list[int]] = hands) -> object:
            return [check(c, 0) for c in hands]

        def theirs(hands: list[list[int]] = hands) -> object:
            return [agari.is_agari(c) for c in hands]

        results[name] = rates(ours, len(hands), theirs, len(hands))
    for name, hands in (("shanten complete 14", complete), ("shanten random 14", dealt)):

        def ours_shanten(hands: list[list[int]] = hands) -> object:
            return [shanten_counts(c, 0, RIICHI_SHAPES) for c in hands]

        def theirs_shanten(hands: list[list[int]] = hands) -> object:
            return [shanten_pkg.calculate_shanten(c) for c in hands]

        results[name] = rates(ours_shanten, len(hands), theirs_shanten, len(hands), passes=3)

    def yardstick() -> object:
        return [agari.is_agari(c) for c in complete]

    pinghe = win_checker(PINGHE_SHAPES)
    gold17_counts = [(*face_counts(t, g), g.kind) for t, g in gold17]
    waits16_counts = [(*face_counts(t, g), g.kind) for t, g in waits16]
    results["gold 17 (vs pkg complete 14)"] = rates(
        lambda: [pinghe(c, n) for c, n, _ in gold17_counts], len(gold17), yardstick, len(complete)
    )
    results["waits 16 (vs pkg complete 14)"] = rates(
        lambda: [waits_counts(c, n, PINGHE_SHAPES, g) for c, n, g in waits16_counts],
        len(waits16),
        yardstick,
        len(complete),
    )

    def gold_shanten() -> object:
        return [shanten_counts(c, n, PINGHE_SHAPES, gold_in_play=True) for c, n, _ in gold17_counts]

    def package_shanten(hands: list[list[int]]) -> Callable[[], object]:
        return lambda: [shanten_pkg.calculate_shanten(c) for c in hands]

    results["shanten gold 17 (vs pkg random 14)"] = rates(gold_shanten, len(gold17), package_shanten(dealt), len(dealt))
    results["shanten gold 17 (vs pkg complete 14)"] = rates(
        gold_shanten, len(gold17), package_shanten(complete), len(complete)
    )

    def cold_gold_shanten() -> object:
        clear_caches()
        return gold_shanten()

    results["shanten gold 17, cold (vs pkg random 14)"] = rates(
        cold_gold_shanten, len(gold17), package_shanten(dealt), len(dealt), passes=1
    )
    results["gold 17, from tiles"] = rates(
        lambda: [is_win(t, gold=g, shapes=PINGHE_SHAPES) for t, g in gold17], len(gold17), yardstick, len(complete)
    )
    results["waits 16, from tiles"] = rates(
        lambda: [waits(t, gold=g, shapes=PINGHE_SHAPES) for t, g in waits16], len(waits16), yardstick, len(complete)
    )
    explained, unexplained = check_agreement(complete + dealt)
    print(f"hands per bucket: {n} (waits: {len(waits16)}); package: mahjong {_package_version()}")
    print(f"{'bucket':42} {'engine/s':>12} {'package/s':>12} {'ratio':>8}  goal")
    missed = 0
    for name, (engine_rate, package_rate) in results.items():
        goal, ratio = GOALS.get(name), engine_rate / package_rate
        missed += goal is not None and ratio < goal
        verdict = "" if goal is None else f">= {goal:g}x {'ok' if ratio >= goal else 'MISSED'}"
        print(f"{name:42} {engine_rate:12,.0f} {package_rate:12,.0f} {ratio:7.2f}x  {verdict}")
    wins17 = sum(is_win(t, gold=g, shapes=PINGHE_SHAPES) for t, g in gold17)
    ready16 = sum(bool(waits(t, gold=g, shapes=PINGHE_SHAPES).tiles) for t, g in waits16)
    print(f"gold 17: {wins17}/{len(gold17)} wins; waits 16: {ready16}/{len(waits16)} ready")
    print(f"agreement on {2 * n} hands (win and shanten): {unexplained} unexplained, {explained} 龙七对 differences")
    print(f"goals missed: {missed}")
    return 1 if unexplained else 0


def _package_version() -> str:
    from importlib.metadata import version

    return version("mahjong")


if __name__ == "__main__":
    sys.exit(main())
