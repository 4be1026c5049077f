"""Waits (听牌) of concealed hands with gold (金) wildcards.

`waits` answers for 3k+1 concealed tiles: which tiles complete the hand, and
whether it is the 游金 shape (a lone gold waiting as the pair, so any tile wins).
A tile whose four copies are all in the hand is never a wait (it cannot come).

Shanten (向听) lives in engine.shanten (a hand's), engine.shanten_discards (after each
discard) and engine.suit_rows (the standard shape's per-suit rows); its public names are
re-exported here, where the rest of the engine has always imported them from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from engine import _suits

# Re-exported (see above): the shanten names, SPARE_GOLDS, best_with_pair, pooled.
from engine.shanten import clear_caches, shanten, shanten_counts
from engine.shanten_discards import (
    discard_face_counts,
    discard_shanten,
    known_discard_shanten,
    shanten_after_discards,
)
from engine.shapes import ORPHANS, HandSizeError, Shape, face_counts, is_win_counts
from engine.suit_rows import SPARE_GOLDS, best_with_pair, pooled
from engine.tiles import ALL_TILES, BAIBAN, N_KINDS, Tile

__all__ = [
    "SPARE_GOLDS",
    "Waits",
    "best_with_pair",
    "clear_caches",
    "discard_face_counts",
    "discard_shanten",
    "known_discard_shanten",
    "pooled",
    "shanten",
    "shanten_after_discards",
    "shanten_counts",
    "waits",
    "waits_counts",
]


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
    """waits() on face counts (see engine.shapes.face_counts) of 3k+1 tiles in all, and the gold's kind.

    The standard shape is read from each suit's wait word (engine._suits.wait_info): its
    gold needs, whether the pair is cheaper there, and its winning kinds when one suit or
    two and more are; the hand's answer is one 34-bit mask of winning faces. Written flat:
    the hot path of bots and hints.
    """
    c = counts
    # The suits' keys (engine._suits), each digit's `count * 5**n` read from `_Tn` rather than
    # multiplied: a tuple hands back an int already made, where `5 * (...)` makes a new one.
    m = c[0] + _T1[c[1]] + _T2[c[2]] + _T3[c[3]] + _T4[c[4]] + _T5[c[5]] + _T6[c[6]] + _T7[c[7]] + _T8[c[8]]
    p = c[9] + _T1[c[10]] + _T2[c[11]] + _T3[c[12]] + _T4[c[13]] + _T5[c[14]] + _T6[c[15]] + _T7[c[16]] + _T8[c[17]]
    s = c[18] + _T1[c[19]] + _T2[c[20]] + _T3[c[21]] + _T4[c[22]] + _T5[c[23]] + _T6[c[24]] + _T7[c[25]] + _T8[c[26]]
    h = c[27] + _T1[c[28]] + _T2[c[29]] + _T3[c[30]] + _T4[c[31]] + _T5[c[32]] + _T6[c[33]]
    a = _NUMBER_WAITS[m]
    b = _NUMBER_WAITS[p]
    d = _NUMBER_WAITS[s]
    e = _HONOR_WAITS[h]
    sums = (a >> 18) + (b >> 18) + (d >> 18) + (e >> 18)  # total n0 | paired suits << 6 | odd counts << 9
    total0 = sums & 63
    standard, special, pair_shapes_only = _PLANS[shapes]  # a dict's [] (`_Plans`), cheaper than .get()
    any_tile = ready = False  # ready: the standard shape completes with one more tile, so with a gold too
    mask = 0
    if standard and total0 == golds + 2:  # the needs move by -1 or +2: only a tile lowering one wins
        paired = sums >> 6 & 7
        if paired > 1:
            mask = a & 511 | (b & 511) << 9 | (d & 511) << 18 | (e & 511) << 27
            ready = True
        elif paired:
            mask = a >> 9 & 511 | (b >> 9 & 511) << 9 | (d >> 9 & 511) << 18 | (e >> 9 & 511) << 27
            ready = True
    elif standard and total0 < golds:  # 游金: every suit whole with a gold to spare, which any tile pairs
        mask = _held((m, p, s, h), _NOT_FOUR) if 4 in c else _ALL_FACES
        any_tile = ready = True
    # Pair shapes need at least (odd counts - 2) golds after one more tile: most hands stop here.
    if special and not any_tile and ((sums >> 9) - 2 <= golds or not pair_shapes_only):
        faces, any_tile = _special_waits(c, golds, special, sums >> 9, (m, p, s, h))
        mask |= faces
        if not ready and gold is not None:
            ready = is_win_counts(c, golds + 1, special)
    if gold is not None:  # the gold's face is drawn as 白板 (never as itself), the gold is a wildcard
        if mask >> gold & 1:
            mask = mask & _NOT_GOLD_OR_BAIBAN[gold] | _FACE_AS_BAIBAN[gold]
        else:
            mask &= _NOT_GOLD_OR_BAIBAN[gold]
        if ready and golds < 4:
            mask |= 1 << gold
    if any_tile:  # one Waits per 游金 mask, kept (it is frozen: shared, it cannot change)
        return _ANY_TILES.get(mask) or _any_tiles(mask)
    found = _new(Waits)  # not Waits(...): a frozen dataclass's __init__ costs as much as the rest here
    _set_tiles(found, _M[mask & 511] + _P[mask >> 9 & 511] + _S[mask >> 18 & 511] + _Z[mask >> 27])
    _set_any_tile(found, False)
    return found


def _any_tiles(mask: int) -> Waits:
    """The Waits of a 游金 hand's mask (nearly every tile), kept: a long tuple to put together,
    and few masks (all tiles, less the gold when all four are held, less those held four times)."""
    tiles = _M[mask & 511] + _P[mask >> 9 & 511] + _S[mask >> 18 & 511] + _Z[mask >> 27]
    if len(_ANY_TILES) >= _ANY_TILES_KEPT:
        _ANY_TILES.clear()
    found = _ANY_TILES[mask] = Waits(tiles, any_tile=True)
    return found


_ANY_TILES: dict[int, Waits] = {}
_ANY_TILES_KEPT = 1 << 10


# _Tn[k] = k * 5**n: a suit key's digit n (count k, 0-4) read (see waits_counts)
_, _T1, _T2, _T3, _T4, _T5, _T6, _T7, _T8 = (tuple(k * 5**n for k in range(5)) for n in range(9))
_NUMBER_WAITS, _HONOR_WAITS = _suits.NUMBER_WAITS, _suits.HONOR_WAITS
_new = object.__new__
# The fields' slot descriptors: setting through them skips the frozen dataclass's __setattr__.
_set_tiles = vars(Waits)["tiles"].__set__
_set_any_tile = vars(Waits)["any_tile"].__set__
_ALL_FACES = (1 << N_KINDS) - 1
_BAIBAN_BIT = 1 << BAIBAN
_NOT_GOLD_OR_BAIBAN = tuple(_ALL_FACES ^ (1 << gold | _BAIBAN_BIT) for gold in range(N_KINDS))
_FACE_AS_BAIBAN = tuple(0 if gold == BAIBAN else _BAIBAN_BIT for gold in range(N_KINDS))  # 白板 gold: no face


@cache
def _plan(shapes: frozenset[Shape]) -> tuple[bool, frozenset[Shape], bool]:
    """(standard?, the other shapes, are they one pair shape?) of a shape set."""
    special = shapes - {Shape.STANDARD}
    found = Shape.STANDARD in shapes, special, len(special) == 1 and bool(special & _PAIR_SHAPES)
    _PLANS[shapes] = found
    return found


_PAIR_SHAPES = frozenset({Shape.PINGHE_PAIRS, Shape.SEVEN_PAIRS})


class _Plans(dict[frozenset[Shape], tuple[bool, frozenset[Shape], bool]]):
    """`_plan`'s answers, read first: `_PLANS[shapes]` (a miss asks `_plan`) is cheaper than .get()."""

    def __missing__(self, shapes: frozenset[Shape]) -> tuple[bool, frozenset[Shape], bool]:
        return _plan(shapes)


_PLANS = _Plans()
# _M[mask] (_P, _S, _Z): the tiles of a suit whose bits are set in a 9-bit mask, in order.
_M, _P, _S, _Z = (
    tuple(tuple(ALL_TILES[base + j] for j in range(n) if mask >> j & 1) for mask in range(512))
    for base, n in ((0, 9), (9, 9), (18, 9), (27, 7))
)


def _held(keys: tuple[int, int, int, int], counts: int) -> int:
    """The mask of faces the hand holds n times for the n in the bit set `counts` (bit n: n times),
    from the suits' keys (engine._suits.held_tables)."""
    lo, hi = _HELD_TABLES[counts] or _held_tables(counts)
    m, p, s, h = keys
    return (
        lo[m % 625]
        | hi[m // 625]
        | (lo[p % 625] | hi[p // 625]) << 9
        | (lo[s % 625] | hi[s // 625]) << 18
        | (lo[h % 625] | hi[h // 625]) << 27 & _ALL_FACES  # the honours have 7 kinds
    )


def _held_tables(counts: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """engine._suits.held_tables, kept in `_HELD_TABLES` by `counts` (a list: faster to read)."""
    found = _HELD_TABLES[counts] = _suits.held_tables(counts)
    return found


_HELD_TABLES: list[tuple[tuple[int, ...], tuple[int, ...]] | None] = [None] * 32


_NOT_FOUR = 0b01111  # held 0-3 times (a bit per count, for `_held`)


def _special_waits(
    c: list[int], golds: int, special: frozenset[Shape], odd: int, keys: tuple[int, int, int, int]
) -> tuple[int, bool]:
    """(the faces completing a special shape, 游金 in a pair shape) of 3k+1 face counts with
    `odd` odd counts: the pair shapes in closed form, the others tried face by face.

    Read from the suits' keys in halves (engine._suits: HALF_STATS_*, held_tables), each half
    key computed once."""
    m, p, s, h = keys
    m0, p0, s0, h0, m1, p1, s1, h1 = m % 625, p % 625, s % 625, h % 625, m // 625, p // 625, s // 625, h // 625
    lo, hi = _STATS_LO, _STATS_HI
    stats = lo[m0] + hi[m1] + lo[p0] + hi[p1] + lo[s0] + hi[s1] + lo[h0] + hi[h1]
    size = (stats & 255) + golds
    if size == 16 and _PINGHE_PAIRS in special:
        # 对对胡 (7 pairs + 1 triplet) needs (odd counts - 1) golds with a triplet, (odd + 1)
        # without. One more tile of a kind held n times: n odd -> one odd count fewer (and n = 3
        # loses its triplet), n even -> one more (and n = 2 makes a triplet); no kind is held
        # five times. `wins` has bit n when such a tile completes it.
        threes = stats >> 8
        if odd <= golds:  # n = 1, 2 (now a triplet) and 3 win; n = 0 with a triplet or two golds more
            wins = 0b1111 if threes or odd + 2 <= golds else 0b1110
        elif odd - 2 <= golds:  # only with a triplet beside: n = 1, and n = 3 if there is another
            wins = (0b0010 if threes else 0) | (0b1000 if threes > 1 else 0)
        else:
            wins = 0
        # 游金: with a gold set aside, the rest are pairs and a triplet.
        any_tile = golds > 0 and (odd - 1 if threes else odd + 1) <= golds - 1
    elif size == 13 and Shape.SEVEN_PAIRS in special:
        # One more tile: an odd count turns even (one fewer single) or an even one odd.
        wins = (0b01010 if odd - 1 <= golds else 0) | (0b00101 if odd + 1 <= golds else 0)
        any_tile = golds > 0 and odd <= golds - 1  # 游金: with a gold set aside the rest are pairs
    else:
        wins, any_tile = 0, False
    mask = _orphans_or_gates_faces(c, golds, special) if size == 13 else 0
    if wins:
        lo, hi = _HELD_TABLES[wins] or _held_tables(wins)
        mask |= (
            lo[m0]
            | hi[m1]
            | (lo[p0] | hi[p1]) << 9
            | (lo[s0] | hi[s1]) << 18
            | (lo[h0] | hi[h1]) << 27 & _ALL_FACES  # the honours have 7 kinds
        )
    return mask, any_tile


_STATS_LO, _STATS_HI = _suits.HALF_STATS_LO, _suits.HALF_STATS_HI
_PINGHE_PAIRS = Shape.PINGHE_PAIRS


def _orphans_or_gates_faces(counts: list[int], golds: int, shapes: frozenset[Shape]) -> int:
    """The faces completing 十三幺 or 九莲宝灯 (13 tiles in all), tried one by one when plausible."""
    rest = frozenset(shapes & {Shape.THIRTEEN_ORPHANS, Shape.NINE_GATES})
    mask = 0
    if rest and any(_special_plausible(shape, counts) for shape in rest):
        for face in range(N_KINDS):
            if counts[face] < 4:
                counts[face] += 1
                if is_win_counts(counts, golds, rest):
                    mask |= 1 << face
                counts[face] -= 1
    return mask


def _special_plausible(shape: Shape, c: Sequence[int]) -> bool:
    """Cheap necessary conditions for one more tile to complete 十三幺 or 九莲宝灯."""
    if shape == Shape.THIRTEEN_ORPHANS:
        return not any(c[k] for k in range(N_KINDS) if k not in ORPHANS)
    return not any(c[27:]) and sum(1 for s in range(3) if any(c[9 * s : 9 * s + 9])) <= 1
