"""Shanten (向听) of concealed hands with gold (金) wildcards: tiles away from ready.

`shanten` is the number of tile exchanges away from ready: -1 complete, 0 ready. It is the
exact deficiency (the fewest tiles to draw, each replacing a discard, with golds filling any
gap) minimised over the shapes; a hand the deficiency calls ready but whose only waits are
tiles it holds all four of counts as 1. The standard shape is read from per-suit block rows
(engine.suit_rows), the other shapes in closed form here.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from engine.shapes import NINE_GATES_BASE, ORPHANS, HandSizeError, Shape, face_counts, standard_need
from engine.suit_rows import SPARE_GOLDS, clear_rows, standard_usable
from engine.tiles import Tile

__all__ = [
    "clear_caches",
    "nine_gates_suit",
    "pair_blocks",
    "pinghe_pairs_by_counts",
    "seven_blocks",
    "shanten",
    "shanten_counts",
]


def shanten(concealed: Sequence[Tile], *, gold: Tile | None = None, shapes: frozenset[Shape]) -> int:
    """Tiles away from ready (0) or complete (-1), for 3k+1 or 3k+2 concealed tiles.

    With `gold` (a gold game) a gold may be drawn like any tile, so a place that needs a fifth
    copy of a kind can still be filled (by a gold, at most four in all); without, it cannot.
    """
    if len(concealed) % 3 == 0:
        raise HandSizeError(f"shanten needs 3k+1 or 3k+2 concealed tiles, got {len(concealed)}")
    counts, golds = face_counts(concealed, gold)
    return shanten_counts(counts, golds, shapes, gold_in_play=gold is not None)


def shanten_counts(c: Sequence[int], golds: int, shapes: frozenset[Shape], *, gold_in_play: bool = False) -> int:
    """Exact shanten on face counts (3k+1 or 3k+2 tiles in all): the fewest draws, each replacing
    a discard, that complete the hand, less one. No kind can be held five times; `gold_in_play`
    (implied by golds > 0) lets drawn golds take up to SPARE_GOLDS such places.

    Per shape it is the deficiency: the most real tiles usable in the shape's blocks (a block
    may be partial: golds and draws complete it), every place a block leaves open fillable.
    """
    size = sum(c) + golds
    if size % 3 == 2 and Shape.STANDARD in shapes and standard_need(c) <= golds:
        return -1
    target = size + 1 if size % 3 == 1 else size  # the complete hand's size, 3k+2
    spare = SPARE_GOLDS if gold_in_play or golds else 0
    best = None
    for shape in shapes:
        usable = _USABLE[shape](c, target, spare)
        if usable is not None:
            value = target - golds - usable - 1
            best = value if best is None else min(best, value)
    if best is None:
        raise HandSizeError(f"no shape among {sorted(s.name for s in shapes)} fits {size} tiles")
    return best


def clear_caches() -> None:
    """Forget every memoized shanten row and count (for a benchmark of a cold start; answers do not
    change). Not while another thread computes a shanten (see engine.suit_rows.clear_rows)."""
    clear_rows()
    pinghe_pairs_by_counts.cache_clear()
    nine_gates_suit.cache_clear()


def pair_blocks(h1: int, h2: int, h3: int, h4: int) -> tuple[int, int]:
    """(pair-blocks, single-blocks) of a hand holding h_n kinds n times (4 copies: two pairs,
    3: a pair and a single)."""
    return h2 + h3 + 2 * h4, h1 + h3


def seven_blocks(pairs: int, singles: int) -> int:
    """Real tiles in the seven largest pair-blocks (pairs first, then singles)."""
    p = min(pairs, 7)
    return 2 * p + min(singles, 7 - p)


def _seven_pairs_usable(c: Sequence[int], target: int, spare: int = 0) -> int | None:
    return seven_blocks(*pair_blocks(c.count(1), c.count(2), c.count(3), c.count(4))) if target == 14 else None


def _pinghe_pairs_usable(c: Sequence[int], target: int, spare: int = 0) -> int | None:
    """Seven pair-blocks plus one triplet-block taken from a single kind: a function of how
    many kinds the hand holds 1, 2, 3 and 4 times (`pinghe_pairs_by_counts`)."""
    if target != 17:
        return None
    return pinghe_pairs_by_counts(c.count(1), c.count(2), c.count(3), c.count(4), spare > 0)


@cache
def pinghe_pairs_by_counts(h1: int, h2: int, h3: int, h4: int, spare: bool) -> int:
    """对对胡's usable tiles from the kinds held n times (h_n): the triplet is tried on a kind of
    each count; only that kind's pair/single blocks change. Beside a triplet of a kind held
    four times, the fourth copy's pair needs a fifth: only a spare (a gold) fills it."""
    pairs, singles = pair_blocks(h1, h2, h3, h4)
    best = seven_blocks(pairs, singles)
    for n, held in ((1, h1), (2, h2), (3, h3), (4, h4)):
        if held:
            r = min(n, 3)
            m = n - r
            rest_single = m & 1 if n < 4 or spare else 0
            best = max(best, r + seven_blocks(pairs - (n >> 1) + (m >> 1), singles - (n & 1) + rest_single))
    return best


def _orphans_usable(c: Sequence[int], target: int, spare: int = 0) -> int | None:
    if target != 14:
        return None
    return sum(1 for k in ORPHANS if c[k]) + (1 if any(c[k] >= 2 for k in ORPHANS) else 0)


def _nine_gates_usable(c: Sequence[int], target: int, spare: int = 0) -> int | None:
    if target != 14:
        return None
    return max(nine_gates_suit(tuple(c[0:9])), nine_gates_suit(tuple(c[9:18])), nine_gates_suit(tuple(c[18:27])))


@lru_cache(maxsize=65536)
def nine_gates_suit(run: tuple[int, ...]) -> int:
    """One numbered suit's usable tiles for 九莲宝灯 (memoized: a hand's suits recur from discard to discard)."""
    over = sum(max(0, n - b) for n, b in zip(run, NINE_GATES_BASE, strict=True))
    return sum(min(n, b) for n, b in zip(run, NINE_GATES_BASE, strict=True)) + min(1, over)


_USABLE = {
    Shape.STANDARD: standard_usable,
    Shape.PINGHE_PAIRS: _pinghe_pairs_usable,
    Shape.SEVEN_PAIRS: _seven_pairs_usable,
    Shape.THIRTEEN_ORPHANS: _orphans_usable,
    Shape.NINE_GATES: _nine_gates_usable,
}
