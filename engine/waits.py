"""Waits (听牌) and shanten (向听) of concealed hands with gold (金) wildcards.

`waits` answers for 3k+1 concealed tiles: which tiles complete the hand, and
whether it is the 游金 shape (a lone gold waiting as the pair, so any tile wins).
A tile whose four copies are all in the hand is never a wait (it cannot come).

`shanten` is the number of tile exchanges away from ready: -1 complete, 0 ready.
It is the exact deficiency (the fewest tiles to draw, each replacing a discard,
with golds filling any gap) minimised over the shapes; a hand the deficiency
calls ready but whose only waits are tiles it holds all four of counts as 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from engine import _suits
from engine.shapes import (
    ORPHANS,
    HandSizeError,
    Shape,
    face_counts,
    is_win_counts,
    standard_need,
)
from engine.tiles import BAIBAN, N_KINDS, Tile

__all__ = ["Waits", "shanten", "shanten_counts", "waits"]


@dataclass(frozen=True, slots=True)
class Waits:
    """The tiles that complete a 3k+1 hand (sorted) and whether any tile does (游金)."""

    tiles: tuple[Tile, ...]
    any_tile: bool = False

    def __bool__(self) -> bool:
        return bool(self.tiles)


def waits(concealed_3k1: Sequence[Tile], *, gold: Tile | None = None, shapes: frozenset[Shape]) -> Waits:
    """The waits of 3k+1 concealed tiles (HandSizeError for other sizes)."""
    if len(concealed_3k1) % 3 != 1:
        raise HandSizeError(f"waits need 3k+1 concealed tiles, got {len(concealed_3k1)}")
    counts, golds = face_counts(concealed_3k1, gold)
    held = [0] * N_KINDS
    for tile in concealed_3k1:
        held[tile.kind] += 1
    tiles = tuple(Tile(k) for k in range(N_KINDS) if held[k] < 4 and _wins_with(counts, golds, gold, k, shapes))
    return Waits(tiles, golds > 0 and _lone_gold_wait(counts, golds - 1, shapes))


def _wins_with(counts: list[int], golds: int, gold: Tile | None, kind: int, shapes: frozenset[Shape]) -> bool:
    """Does drawing one tile of `kind` complete the hand?"""
    if gold is not None and kind == gold.kind:
        return is_win_counts(counts, golds + 1, shapes)
    face = gold.kind if gold is not None and kind == BAIBAN else kind  # 白板 plays as the gold's face
    counts[face] += 1
    try:
        return is_win_counts(counts, golds, shapes)
    finally:
        counts[face] -= 1


def _lone_gold_wait(counts: list[int], golds: int, shapes: frozenset[Shape]) -> bool:
    """游金: with one gold set aside as half the pair, is the rest complete without a pair?"""
    size = sum(counts) + golds
    if Shape.STANDARD in shapes and _sets_only_need(counts) <= golds:
        return True
    if Shape.PINGHE_PAIRS in shapes and size == 15:
        return _pairs_fill(counts, golds, True)
    if Shape.SEVEN_PAIRS in shapes and size == 12:
        return _pairs_fill(counts, golds, False)
    return False


def _sets_only_need(c: Sequence[int]) -> int:
    numbers, honors = _suits.NUMBERS, _suits.HONORS
    total = 0
    for base in (0, 9, 18):
        total += numbers[_key(c, base, 9)] & 15
    return total + (honors[_key(c, 27, 7)] & 15)


def _key(c: Sequence[int], base: int, n: int) -> int:
    key = 0
    for k in range(base + n - 1, base - 1, -1):
        key = key * 5 + c[k]
    return key


def _pairs_fill(c: Sequence[int], golds: int, triplet: bool) -> bool:
    """Can `c` plus golds be all pairs (plus one triplet if asked)? Sizes are the caller's."""
    singles = sum(n & 1 for n in c)
    if not triplet:
        return singles <= golds
    if 3 in c:
        return singles - 1 <= golds
    return (singles + 1 if any(c) else 3) <= golds


# ---------------------------------------------------------------- shanten


def shanten(concealed: Sequence[Tile], *, gold: Tile | None = None, shapes: frozenset[Shape]) -> int:
    """Tiles away from ready (0) or complete (-1), for 3k+1 or 3k+2 concealed tiles."""
    if len(concealed) % 3 == 0:
        raise HandSizeError(f"shanten needs 3k+1 or 3k+2 concealed tiles, got {len(concealed)}")
    counts, golds = face_counts(concealed, gold)
    value = shanten_counts(counts, golds, shapes)
    if value == 0 and not _really_ready(concealed, gold, shapes):
        return 1  # ready only on tiles it holds all four of
    return value


def _really_ready(concealed: Sequence[Tile], gold: Tile | None, shapes: frozenset[Shape]) -> bool:
    if len(concealed) % 3 == 1:
        return bool(waits(concealed, gold=gold, shapes=shapes).tiles)
    hand = list(concealed)
    for i in sorted({hand.index(t) for t in hand}):
        rest = hand[:i] + hand[i + 1 :]
        if waits(rest, gold=gold, shapes=shapes).tiles:
            return True
    return False


def shanten_counts(c: Sequence[int], golds: int, shapes: frozenset[Shape]) -> int:
    """Deficiency-based shanten on face counts (3k+1 or 3k+2 tiles in all)."""
    size = sum(c) + golds
    if size % 3 == 2 and Shape.STANDARD in shapes and standard_need(c) <= golds:
        return -1
    target = size + 1 if size % 3 == 1 else size  # the complete hand's size, 3k+2
    best = None
    for shape in shapes:
        usable = _USABLE[shape](c, target)
        if usable is not None:
            value = target - golds - usable - 1
            best = value if best is None else min(best, value)
    if best is None:
        raise HandSizeError(f"no shape among {sorted(s.name for s in shapes)} fits {size} tiles")
    return best


def _standard_usable(c: Sequence[int], target: int) -> int:
    """Most real tiles usable in k set-blocks plus one pair-block (k = target // 3)."""
    k = target // 3
    total = _NONE_ROW
    for base, n, chows in ((0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False)):
        total = _combine(total, _suit_usable(_key(c, base, n), n, chows), k)
    return max(total[k][0], total[k][1])


_MAX_BLOCKS = 5  # 17 tiles: 5 sets + a pair
_Row = tuple[tuple[int, int], ...]  # [m set-blocks][pair-block used] -> usable tiles (-1: impossible)
_NONE_ROW: _Row = tuple((0, -1) if m == 0 else (-1, -1) for m in range(_MAX_BLOCKS + 1))


def _combine(a: _Row, b: _Row, k: int) -> _Row:
    out = [[-1, -1] for _ in range(_MAX_BLOCKS + 1)]
    for m1 in range(k + 1):
        for p1 in (0, 1):
            if a[m1][p1] < 0:
                continue
            for m2 in range(k + 1 - m1):
                for p2 in (0, 1 - p1):
                    if b[m2][p2] >= 0:
                        v = a[m1][p1] + b[m2][p2]
                        if v > out[m1 + m2][p1 + p2]:
                            out[m1 + m2][p1 + p2] = v
    # Fewer blocks used is always allowed (the rest are filled by draws or golds).
    for m in range(1, _MAX_BLOCKS + 1):
        for p in (0, 1):
            out[m][p] = max(out[m][p], out[m - 1][p])
    return tuple((r[0], r[1]) for r in out)


@cache
def _suit_usable(key: int, n: int, chows: bool) -> _Row:
    """For one suit: most real tiles usable in m set-blocks and p pair-blocks."""
    c = _suits.digits(key, n)
    if not any(c):
        return tuple((0, 0) for _ in range(_MAX_BLOCKS + 1))
    i = next(j for j, x in enumerate(c) if x)
    best = [list(r) for r in _suit_usable(key - _suits.POW5[i], n, chows)]  # one copy of i unused
    for used, is_pair in _blocks_at(c, i, chows):
        rest = _suit_usable(key - sum(_suits.POW5[j] for j in used), n, chows)
        gain = len(used)
        for m in range(_MAX_BLOCKS + 1):
            for p in (0, 1):
                src_m, src_p = (m, p - 1) if is_pair else (m - 1, p)
                if src_m >= 0 and src_p >= 0 and rest[src_m][src_p] >= 0:
                    best[m][p] = max(best[m][p], rest[src_m][src_p] + gain)
    return tuple((r[0], r[1]) for r in best)


def _blocks_at(c: Sequence[int], i: int, chows: bool) -> list[tuple[tuple[int, ...], bool]]:
    """Blocks (parts of a set, or of the pair) holding the lowest present kind i."""
    blocks: list[tuple[tuple[int, ...], bool]] = [((i,) * r, False) for r in range(1, min(c[i], 3) + 1)]
    blocks += [((i,) * r, True) for r in range(1, min(c[i], 2) + 1)]
    if chows:
        for shape in ((1,), (2,), (1, 2)):
            kinds = tuple(i + d for d in shape)
            if kinds[-1] < len(c) and all(c[j] for j in kinds):
                blocks.append(((i, *kinds), False))
    return blocks


def _pair_blocks(c: Sequence[int]) -> list[int]:
    """Sizes of the pair-blocks a count array offers, largest first (4 copies: two pairs)."""
    sizes = []
    for n in c:
        sizes += [2] * (n // 2) + [1] * (n & 1)
    return sorted(sizes, reverse=True)


def _seven_pairs_usable(c: Sequence[int], target: int) -> int | None:
    return sum(_pair_blocks(c)[:7]) if target == 14 else None


def _pinghe_pairs_usable(c: Sequence[int], target: int) -> int | None:
    if target != 17:
        return None
    best = sum(_pair_blocks(c)[:7])
    rest = list(c)
    for k in range(N_KINDS):
        r = min(c[k], 3)
        if r:
            rest[k] -= r
            best = max(best, r + sum(_pair_blocks(rest)[:7]))
            rest[k] += r
    return best


def _orphans_usable(c: Sequence[int], target: int) -> int | None:
    if target != 14:
        return None
    return sum(1 for k in ORPHANS if c[k]) + (1 if any(c[k] >= 2 for k in ORPHANS) else 0)


def _nine_gates_usable(c: Sequence[int], target: int) -> int | None:
    if target != 14:
        return None
    best = 0
    for s in range(3):
        run = c[9 * s : 9 * s + 9]
        base = (3, 1, 1, 1, 1, 1, 1, 1, 3)
        over = sum(max(0, n - b) for n, b in zip(run, base, strict=True))
        best = max(best, sum(min(n, b) for n, b in zip(run, base, strict=True)) + min(1, over))
    return best


_USABLE = {
    Shape.STANDARD: _standard_usable,
    Shape.PINGHE_PAIRS: _pinghe_pairs_usable,
    Shape.SEVEN_PAIRS: _seven_pairs_usable,
    Shape.THIRTEEN_ORPHANS: _orphans_usable,
    Shape.NINE_GATES: _nine_gates_usable,
}
