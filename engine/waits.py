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
from itertools import compress

from engine import _suits
from engine.shapes import (
    ORPHANS,
    HandSizeError,
    Shape,
    face_counts,
    is_win_counts,
    standard_need,
)
from engine.tiles import ALL_TILES, BAIBAN, N_KINDS, Tile

__all__ = ["Waits", "shanten", "shanten_counts", "waits", "waits_counts"]


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
    return waits_counts(counts, golds, shapes, None if gold is None else gold.kind)


def waits_counts(counts: list[int], golds: int, shapes: frozenset[Shape], gold: int | None = None) -> Waits:
    """waits() on face counts (see engine.shapes.face_counts) and the gold's kind.

    Works on one bit mask of winning faces per suit. The standard shape is read from
    each suit's wait masks (engine._suits): one more tile changes its suit's gold need
    by -1 (kinds in the mask) or +2 (any other kind: it can always join two golds as a
    pung), and leaves the other suits alone. Written flat: the hot path of bots and hints.
    """
    c = counts
    m = c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * (c[4] + 5 * (c[5] + 5 * (c[6] + 5 * (c[7] + 5 * c[8])))))))
    p = c[9] + 5 * (
        c[10] + 5 * (c[11] + 5 * (c[12] + 5 * (c[13] + 5 * (c[14] + 5 * (c[15] + 5 * (c[16] + 5 * c[17]))))))
    )
    s = c[18] + 5 * (
        c[19] + 5 * (c[20] + 5 * (c[21] + 5 * (c[22] + 5 * (c[23] + 5 * (c[24] + 5 * (c[25] + 5 * c[26]))))))
    )
    h = c[27] + 5 * (c[28] + 5 * (c[29] + 5 * (c[30] + 5 * (c[31] + 5 * (c[32] + 5 * c[33])))))
    numbers, number_waits, honor_waits = _suits.NUMBERS, _suits.NUMBER_WAITS, _suits.HONOR_WAITS
    a, b, d, e = numbers[m], numbers[p], numbers[s], _suits.HONORS[h]
    a0, b0, d0, e0 = a & 15, b & 15, d & 15, e & 15
    total0 = a0 + b0 + d0 + e0
    infos = (number_waits[m], number_waits[p], number_waits[s], honor_waits[h])
    standard, special, pair_shapes = _plan(shapes)
    if standard and total0 < golds:  # 游金: a gold and any tile make the pair
        bits = [info >> 22 for info in infos]
        return Waits(_tiles_of(bits, gold, golds < 4), True)
    # The extra golds the pair costs in each suit (two golds on their own at worst).
    w, x, y, z = (a >> 4) - a0, (b >> 4) - b0, (d >> 4) - d0, (e >> 4) - e0
    bits = [0, 0, 0, 0]
    if standard:
        g = golds + 1 - total0  # golds to spare once every suit is whole, counting the new tile
        lo, lo2 = sorted((w, x, y, z, 2))[:2]  # the cheapest pair, and the cheapest elsewhere than there
        for suit, pair_here in ((0, w), (1, x), (2, y), (3, z)):
            pair_elsewhere = lo2 if pair_here == lo else lo
            if pair_here > g and pair_elsewhere > g:
                continue
            info = infos[suit]
            if pair_here + 3 <= g or pair_elsewhere + 3 <= g:  # even a useless tile wins
                bits[suit] = info >> 22
            else:
                bits[suit] = (info >> 9 & 511 if pair_here <= g else 0) | (info & 511 if pair_elsewhere <= g else 0)
    any_tile = False
    if special:
        odd = (infos[0] >> 18 & 15) + (infos[1] >> 18 & 15) + (infos[2] >> 18 & 15) + (infos[3] >> 18 & 15)
        # Pair shapes need at least (odd counts - 2) golds after one more tile: most hands stop here.
        if odd - 2 <= golds or not pair_shapes or len(special) > 1:
            size = sum(c) + golds
            if size == 16 and Shape.PINGHE_PAIRS in special:
                wins_by_count = _pinghe_pairs_wins_by_count(c, golds, odd)
                for suit, (base, n) in enumerate(_SUIT_LAYOUT):
                    bits[suit] |= sum(compress(_BITS, map(wins_by_count.__getitem__, c[base : base + n])))
            else:
                for k in _special_faces(c, golds, special, odd, size + 1):
                    bits[_SUIT_OF[k]] |= _BIT_OF[k]
            any_tile = golds > 0 and pair_shapes and _lone_gold_pairs(c, golds - 1, special, odd, size)
    gold_wins = False
    if gold is not None and golds < 4:
        gold_wins = (standard and total0 + min(w, x, y, z, 2) <= golds + 1) or (  # a gold placed like any tile
            bool(special) and is_win_counts(c, golds + 1, special)
        )
    return Waits(_tiles_of(bits, gold, gold_wins), any_tile)


def _tiles_of(bits: list[int], gold: int | None, gold_wins: bool) -> tuple[Tile, ...]:
    """The tiles of per-suit face masks, sorted. In a gold game the gold's face is drawn
    as 白板, a 白板 face cannot be drawn at all, and the gold itself (a wildcard) is a wait
    when `gold_wins`."""
    if gold is not None:
        suit, bit = _SUIT_OF[gold], _BIT_OF[gold]
        face_wins = bits[suit] & bit
        bits[3] &= ~_BAIBAN_BIT
        bits[suit] = (bits[suit] & ~bit) | (bit if gold_wins else 0)
        if face_wins and gold != BAIBAN:
            bits[3] |= _BAIBAN_BIT
    tiles = _MASK_TILES
    return tiles[0][bits[0]] + tiles[1][bits[1]] + tiles[2][bits[2]] + tiles[3][bits[3]]


_SUIT_OF = tuple(min(k // 9, 3) for k in range(N_KINDS))
_BIT_OF = tuple(1 << (k - 9 * _SUIT_OF[k]) for k in range(N_KINDS))
_BAIBAN_BIT = _BIT_OF[BAIBAN]
_BITS = tuple(1 << j for j in range(9))


@cache
def _plan(shapes: frozenset[Shape]) -> tuple[bool, frozenset[Shape], bool]:
    """(standard?, the other shapes, any pair shape?) of a shape set."""
    special = shapes - {Shape.STANDARD}
    return Shape.STANDARD in shapes, special, bool(special & {Shape.PINGHE_PAIRS, Shape.SEVEN_PAIRS})


_SUIT_LAYOUT = ((0, 9), (9, 9), (18, 9), (27, 7))
# _MASK_KINDS[suit][mask]: the kinds (0-33) whose bits are set in a suit's 9-bit mask.
_MASK_KINDS = tuple(
    tuple(tuple(base + j for j in range(n) if mask >> j & 1) for mask in range(512)) for base, n in _SUIT_LAYOUT
)
_MASK_TILES = tuple(tuple(tuple(ALL_TILES[k] for k in kinds) for kinds in suit) for suit in _MASK_KINDS)


def _lone_gold_pairs(counts: list[int], golds: int, special: frozenset[Shape], odd: int, size: int) -> bool:
    """游金 in a pair shape: with one gold set aside, are the rest pairs (plus the triplet)?"""
    if Shape.PINGHE_PAIRS in special and size == 16:
        return (odd - 1 if 3 in counts else odd + 1) <= golds
    return Shape.SEVEN_PAIRS in special and size == 13 and odd <= golds


def _special_faces(counts: list[int], golds: int, shapes: frozenset[Shape], odd: int, size: int) -> set[int]:
    """Faces completing a special shape (pair shapes in closed form, the rest tried one by one).

    `size` is the hand's size with the new tile.
    """
    found: set[int] = set()
    if size == 17:
        if Shape.PINGHE_PAIRS in shapes and odd - 2 <= golds:
            found |= _pinghe_pairs_faces(counts, golds, odd)
        return found
    if size != 14:
        return found
    if Shape.SEVEN_PAIRS in shapes and odd - 1 <= golds:
        # One more tile: an odd count turns even (one fewer single) or an even one odd.
        found.update(k for k in range(N_KINDS) if counts[k] < 4 and odd + (-1 if counts[k] & 1 else 1) <= golds)
    rest = frozenset(shapes & {Shape.THIRTEEN_ORPHANS, Shape.NINE_GATES})
    if rest and any(_special_plausible(shape, counts) for shape in rest):
        for face in range(N_KINDS):
            if face not in found and counts[face] < 4:
                counts[face] += 1
                if is_win_counts(counts, golds, rest):
                    found.add(face)
                counts[face] -= 1
    return found


def _pinghe_pairs_faces(c: Sequence[int], golds: int, odd: int) -> set[int]:
    """The faces completing 对对胡 (7 pairs + 1 triplet) with one more tile."""
    wins_by_count = _pinghe_pairs_wins_by_count(c, golds, odd)
    return set(compress(range(N_KINDS), map(wins_by_count.__getitem__, c)))


def _pinghe_pairs_wins_by_count(c: Sequence[int], golds: int, odd: int) -> tuple[bool, ...]:
    """Does one more tile of a kind held n times (n = 0..4) complete 对对胡?

    It needs (odd counts - 1) golds with a triplet, (odd + 1) without. One more tile of a
    kind held n times: n odd -> one odd count fewer (and n = 3 loses its triplet), n even
    -> one more (and n = 2 makes a triplet).
    """
    threes = c.count(3)
    return (
        (threes > 0 and odd <= golds) or odd + 2 <= golds,  # n = 0
        (threes > 0 and odd - 2 <= golds) or odd <= golds,  # n = 1
        odd <= golds,  # n = 2 (now a triplet)
        (threes > 1 and odd - 2 <= golds) or odd <= golds,  # n = 3
        False,  # n = 4: no fifth copy
    )


def _special_plausible(shape: Shape, c: Sequence[int]) -> bool:
    """Cheap necessary conditions for one more tile to complete 十三幺 or 九莲宝灯."""
    if shape == Shape.THIRTEEN_ORPHANS:
        return not any(c[k] for k in range(N_KINDS) if k not in ORPHANS)
    return not any(c[27:]) and sum(1 for s in range(3) if any(c[9 * s : 9 * s + 9])) <= 1


def _key(c: Sequence[int], base: int, n: int) -> int:
    key = 0
    for k in range(base + n - 1, base - 1, -1):
        key = key * 5 + c[k]
    return key


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
    """Most real tiles usable in k set-blocks plus one pair-block (k = target // 3).

    Per suit, `_suit_usable` gives the best for each number of set-blocks, without and
    with the pair-block; the suits are then merged (max-plus) over the block counts.
    """
    k = target // 3
    rows = [_suit_usable(_key(c, base, n), n, chows) for base, n, chows in _USABLE_SUITS]
    a0: Sequence[int] = rows[0][0]
    a1: Sequence[int] = rows[0][1]
    for b0, b1 in rows[1:3]:
        a0, a1 = (
            [max([a0[i] + b0[m - i] for i in range(m + 1)]) for m in range(k + 1)],
            [max([max(a1[i] + b0[m - i], a0[i] + b1[m - i]) for i in range(m + 1)]) for m in range(k + 1)],
        )
    b0, b1 = rows[3]
    return max([max(a1[i] + b0[k - i], a0[i] + b1[k - i]) for i in range(k + 1)])


_USABLE_SUITS = ((0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False))
_MAX_BLOCKS = 5  # 17 tiles: 5 sets + a pair
_Row = tuple[tuple[int, ...], tuple[int, ...]]  # (without, with the pair-block)[m set-blocks] -> usable tiles


@cache
def _suit_usable(key: int, n: int, chows: bool) -> _Row:
    """For one suit: most real tiles usable in m set-blocks (m = 0..5), without and with the pair-block.

    Blocks may be partial (a gold or a draw completes them) or empty, so the rows only grow with m.
    """
    c = _suits.digits(key, n)
    if not any(c):
        return (0,) * (_MAX_BLOCKS + 1), (0,) * (_MAX_BLOCKS + 1)
    i = next(j for j, x in enumerate(c) if x)
    skip0, skip1 = _suit_usable(key - _suits.POW5[i], n, chows)  # one copy of i left unused
    r0, r1 = list(skip0), list(skip1)
    for used, is_pair in _blocks_at(c, i, chows):
        rest0, rest1 = _suit_usable(key - sum(_suits.POW5[j] for j in used), n, chows)
        gain = len(used)
        for m in range(_MAX_BLOCKS + 1):
            if is_pair:
                r1[m] = max(r1[m], rest0[m] + gain)
            elif m:
                r0[m] = max(r0[m], rest0[m - 1] + gain)
                r1[m] = max(r1[m], rest1[m - 1] + gain)
    return tuple(r0), tuple(r1)


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


def _pair_blocks(c: Sequence[int]) -> tuple[int, int]:
    """(pair-blocks, single-blocks) a count array offers (4 copies: two pairs, 3: a pair and a single)."""
    return sum(n >> 1 for n in c), sum(n & 1 for n in c)


def _seven_blocks(pairs: int, singles: int) -> int:
    """Real tiles in the seven largest pair-blocks (pairs first, then singles)."""
    p = min(pairs, 7)
    return 2 * p + min(singles, 7 - p)


def _seven_pairs_usable(c: Sequence[int], target: int) -> int | None:
    return _seven_blocks(*_pair_blocks(c)) if target == 14 else None


def _pinghe_pairs_usable(c: Sequence[int], target: int) -> int | None:
    """Seven pair-blocks plus one triplet-block taken from a single kind (tried for each kind;
    only that kind's pair/single counts change, so each try is O(1))."""
    if target != 17:
        return None
    pairs, singles = _pair_blocks(c)
    best = _seven_blocks(pairs, singles)
    for n in c:
        r = min(n, 3)
        if r:
            m = n - r
            best = max(best, r + _seven_blocks(pairs - (n >> 1) + (m >> 1), singles - (n & 1) + (m & 1)))
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
