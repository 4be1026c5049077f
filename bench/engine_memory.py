#!/usr/bin/env python
"""Does a long-running process's memory level off? The engine's side of it, in one process.

    .venv/bin/python bench/engine_memory.py [--hands 1200] [--every 80]

Plays hands of the four games in turn with the easy bots from fixed seeds ("memory:<variant>:<i>")
and reviews every seat of each (engine.review.review_seats), as a daphne process (bots, waits,
向听) and a Celery worker (the hand review) do between them. Every `--every` hands it prints the
resident memory (RSS, from /proc/self/statm) and what it grew by since the last line; at the end,
each engine memo's fill against its bound (tests/engine/test_memo_bounds.py: every memo keyed by
hands or suit keys has one). Memory that levels off shows as growth per line falling towards
zero once the memos are full; a leak grows by the same amount every line.
"""

from __future__ import annotations

import argparse
import functools
import gc
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

VARIANTS = ("pinghe", "nanping", "guangdong", "erren")


def rss_mb() -> float:
    """This process's resident memory in MB."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * 4096 / 2**20


def play_and_review(variant: str, index: int) -> None:
    """One hand played to its end by the easy bots, then every seat of it reviewed."""
    from review_bench import played_hand

    from engine.review import review_seats

    hand = played_hand(variant, f"memory:{variant}:{index}")
    review_seats(hand, range(2 if variant == "erren" else 4))


def memo_fill() -> list[tuple[str, int, int | None]]:
    """(name, entries, bound) of every engine memo holding over a hundred entries."""
    rows = []
    for obj in gc.get_objects():
        if isinstance(obj, functools._lru_cache_wrapper) and obj.__module__.startswith("engine"):
            size = obj.cache_info().currsize
            if size > 100:
                rows.append((f"{obj.__module__}.{obj.__qualname__}", size, obj.cache_parameters()["maxsize"]))
    return sorted(rows, key=lambda row: -row[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1200)
    parser.add_argument("--every", type=int, default=80)
    args = parser.parse_args()
    from engine import waits  # noqa: F401  (imported before the first line, so it is not counted as growth)

    last = rss_mb()
    print(f"{'hands':>6} {'RSS MB':>8} {'growth':>7}")
    print(f"{0:6d} {last:8.1f} {'':>7}")
    for n in range(1, args.hands + 1):
        play_and_review(VARIANTS[n % 4], n // 4)
        if n % args.every == 0:
            now = rss_mb()
            print(f"{n:6d} {now:8.1f} {now - last:+7.1f}", flush=True)
            last = now
    print("\nmemo entries / bound:")
    for name, size, bound in memo_fill():
        print(f"  {name:45s} {size:7d} / {bound if bound is not None else 'none'}")


if __name__ == "__main__":
    main()
