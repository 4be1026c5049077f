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

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from threading import Lock

from engine import _suits
from engine.shapes import (
    _NINE_GATES_BASE,
    ORPHANS,
    HandSizeError,
    Shape,
    face_counts,
    is_win_counts,
    standard_need,
)
from engine.tiles import ALL_TILES, BAIBAN, N_KINDS, Tile

__all__ = [
    "Waits",
    "discard_face_counts",
    "discard_shanten",
    "known_discard_shanten",
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
    m = c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * (c[4] + 5 * (c[5] + 5 * (c[6] + 5 * (c[7] + 5 * c[8])))))))
    p = c[9] + 5 * (
        c[10] + 5 * (c[11] + 5 * (c[12] + 5 * (c[13] + 5 * (c[14] + 5 * (c[15] + 5 * (c[16] + 5 * c[17]))))))
    )
    s = c[18] + 5 * (
        c[19] + 5 * (c[20] + 5 * (c[21] + 5 * (c[22] + 5 * (c[23] + 5 * (c[24] + 5 * (c[25] + 5 * c[26]))))))
    )
    h = c[27] + 5 * (c[28] + 5 * (c[29] + 5 * (c[30] + 5 * (c[31] + 5 * (c[32] + 5 * c[33])))))
    a, b, d, e = _NUMBER_WAITS[m], _NUMBER_WAITS[p], _NUMBER_WAITS[s], _HONOR_WAITS[h]
    sums = (a >> 18) + (b >> 18) + (d >> 18) + (e >> 18)  # total n0 | paired suits << 6 | odd counts << 9
    total0 = sums & 63
    standard, special, pair_shapes_only = _PLANS.get(shapes) or _plan(shapes)
    any_tile = ready = False  # ready: the standard shape completes with one more tile, so with a gold too
    mask = 0
    if standard and total0 < golds:  # 游金: every suit whole with a gold to spare, which any tile pairs
        mask = _held((m, p, s, h), _NOT_FOUR) if 4 in c else _ALL_FACES
        any_tile = ready = True
    else:
        if standard and total0 == golds + 2:  # else too far (golds + 5 or more: needs move by -1 or +2)
            paired = sums >> 6 & 7
            if paired > 1:
                mask = a & 511 | (b & 511) << 9 | (d & 511) << 18 | (e & 511) << 27
                ready = True
            elif paired:
                mask = a >> 9 & 511 | (b >> 9 & 511) << 9 | (d >> 9 & 511) << 18 | (e >> 9 & 511) << 27
                ready = True
        # Pair shapes need at least (odd counts - 2) golds after one more tile: most hands stop here.
        if special and ((sums >> 9) - 2 <= golds or not pair_shapes_only):
            faces, any_tile = _special_waits(c, golds, special, sums >> 9, (m, p, s, h))
            mask |= faces
            if not ready and gold is not None:
                ready = is_win_counts(c, golds + 1, special)
    if gold is not None:  # the gold's face is drawn as 白板 (never as itself), the gold is a wildcard
        face_wins = mask >> gold & 1
        mask &= _NOT_GOLD_OR_BAIBAN[gold]
        if ready and golds < 4:
            mask |= 1 << gold
        if face_wins and gold != BAIBAN:
            mask |= _BAIBAN_BIT
    found = _new(Waits)  # not Waits(...): a frozen dataclass's __init__ costs as much as the rest here
    if any_tile:
        _set_tiles(found, _ANY_TILES.get(mask) or _any_tiles(mask))
        _set_any_tile(found, True)
    else:
        _set_tiles(found, _M[mask & 511] + _P[mask >> 9 & 511] + _S[mask >> 18 & 511] + _Z[mask >> 27])
        _set_any_tile(found, False)
    return found


def _any_tiles(mask: int) -> tuple[Tile, ...]:
    """The tiles of a 游金 hand's mask (nearly every tile), kept: a long tuple to put together,
    and few masks (all tiles, less the gold when all four are held, less those held four times)."""
    tiles = _M[mask & 511] + _P[mask >> 9 & 511] + _S[mask >> 18 & 511] + _Z[mask >> 27]
    if len(_ANY_TILES) >= _MEMO_KEYS:
        _ANY_TILES.clear()
    _ANY_TILES[mask] = tiles
    return tiles


_ANY_TILES: dict[int, tuple[Tile, ...]] = {}


_NUMBER_WAITS, _HONOR_WAITS = _suits.NUMBER_WAITS, _suits.HONOR_WAITS
_new = object.__new__
# The fields' slot descriptors: setting through them skips the frozen dataclass's __setattr__.
_set_tiles = vars(Waits)["tiles"].__set__
_set_any_tile = vars(Waits)["any_tile"].__set__
_ALL_FACES = (1 << N_KINDS) - 1
_BAIBAN_BIT = 1 << BAIBAN
_NOT_GOLD_OR_BAIBAN = tuple(_ALL_FACES ^ (1 << gold | _BAIBAN_BIT) for gold in range(N_KINDS))


@cache
def _plan(shapes: frozenset[Shape]) -> tuple[bool, frozenset[Shape], bool]:
    """(standard?, the other shapes, are they one pair shape?) of a shape set."""
    special = shapes - {Shape.STANDARD}
    found = Shape.STANDARD in shapes, special, len(special) == 1 and bool(special & _PAIR_SHAPES)
    _PLANS[shapes] = found
    return found


_PAIR_SHAPES = frozenset({Shape.PINGHE_PAIRS, Shape.SEVEN_PAIRS})
_PLANS: dict[frozenset[Shape], tuple[bool, frozenset[Shape], bool]] = {}  # `_plan`'s answers, read first (faster)
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
        wins, any_tile = _pinghe_pairs_wins(golds, odd, stats >> 8)
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


def _pinghe_pairs_wins(golds: int, odd: int, threes: int) -> tuple[int, bool]:
    """(the counts n, a bit each, such that one more tile of a kind held n times completes 对对胡;
    游金) for 16 tiles. 对对胡 (7 pairs + 1 triplet) needs (odd counts - 1) golds with a triplet,
    (odd + 1) without. One more tile of a kind held n times: n odd -> one odd count fewer (and
    n = 3 loses its triplet), n even -> one more (and n = 2 makes a triplet); no kind is held
    five times. 游金: with a gold set aside, the rest are pairs and a triplet."""
    if odd <= golds:  # n = 1, 2 (now a triplet) and 3 win; n = 0 with a triplet or two golds more
        wins = 0b1111 if threes or odd + 2 <= golds else 0b1110
    elif odd - 2 <= golds:  # only with a triplet beside: n = 1, and n = 3 if there is another
        wins = (0b0010 if threes else 0) | (0b1000 if threes > 1 else 0)
    else:
        wins = 0
    return wins, golds > 0 and (odd - 1 if threes else odd + 1) <= golds - 1


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


def _key(c: Sequence[int], base: int, n: int) -> int:
    key = 0
    for k in range(base + n - 1, base - 1, -1):
        key = key * 5 + c[k]
    return key


# ---------------------------------------------------------------- shanten

# In a gold game a gold drawn later can stand where no real tile can (a fifth copy of a kind
# the hand holds all four of); the game has four golds, so at most four such places.
SPARE_GOLDS = 4


def shanten(concealed: Sequence[Tile], *, gold: Tile | None = None, shapes: frozenset[Shape]) -> int:
    """Tiles away from ready (0) or complete (-1), for 3k+1 or 3k+2 concealed tiles.

    With `gold` (a gold game) a gold may be drawn like any tile, so a place that needs a fifth
    copy of a kind can still be filled (by a gold, at most four in all); without, it cannot.
    """
    if len(concealed) % 3 == 0:
        raise HandSizeError(f"shanten needs 3k+1 or 3k+2 concealed tiles, got {len(concealed)}")
    counts, golds = face_counts(concealed, gold)
    return shanten_counts(counts, golds, shapes, gold_in_play=gold is not None)


def shanten_after_discards(
    concealed: Sequence[Tile], *, gold: Tile | None = None, shapes: frozenset[Shape]
) -> dict[Tile, int]:
    """`shanten` of 3k+2 concealed tiles less one copy of each distinct tile (a discard's
    evaluation): the face counts are read once, and one count changes per tile."""
    after = discard_shanten(concealed, gold=gold, shapes=shapes)
    return {tile: after(tile) for tile in dict.fromkeys(concealed)}


def discard_shanten(
    concealed: Sequence[Tile], *, gold: Tile | None = None, shapes: frozenset[Shape]
) -> Callable[[Tile | None], int]:
    """`shanten` of 3k+2 concealed tiles less one copy of a tile, asked tile by tile (None: of the
    whole hand): the face counts are read once and one count changes per tile, so a caller that
    stops at the first discard it likes reads no more than it needs. The tile must be in the hand.

    The standard shape is read incrementally: a discard changes one suit's key, so the other
    suits' rows (and the untouched pair's merge) are reused (`_DiscardRows`). Each answer is
    kept, and the last hand asked (the same tuple, gold and shapes) gets the same reader back:
    a turn's rule checks and its bot weigh the same hand."""
    last = _LastDiscardReader.entry  # one read: another thread may replace it meanwhile
    if last is not None and last[0] is concealed and last[1] is gold and last[2] is shapes:
        return last[3]
    if len(concealed) % 3 != 2:
        raise HandSizeError(f"discards are weighed from 3k+2 concealed tiles, got {len(concealed)}")
    reader, answers, counts = _discard_reader(concealed, gold, shapes)
    if isinstance(concealed, tuple):  # immutable: the same object is the same hand
        _LastDiscardReader.entry = (concealed, gold, shapes, reader, answers, counts)
    return reader


def discard_face_counts(concealed: Sequence[Tile], gold: Tile | None) -> Sequence[int]:
    """`face_counts(concealed, gold)[0]`, the non-gold tiles' face counts by kind (never to be
    changed): those the last `discard_shanten` reader read when it was for this very hand (the
    same tuple and gold; a turn's bot weighs its discards from both), else counted afresh."""
    last = _LastDiscardReader.entry  # one read: another thread may replace it meanwhile
    if last is not None and last[0] is concealed and last[1] is gold:
        return last[5]
    return face_counts(concealed, gold)[0]


def known_discard_shanten(
    concealed: Sequence[Tile], gold: Tile | None, shapes: frozenset[Shape]
) -> dict[int | None, int] | None:
    """The answers the last `discard_shanten` reader has given so far, by the discarded tile's kind
    (None: the whole hand), when it was for this very hand (the same tuple, gold and shapes); else
    None. For a caller that profits only from answers at hand (a turn's rule checks and its bot
    weighed the hand): reading them computes nothing."""
    last = _LastDiscardReader.entry  # one read: another thread may replace it meanwhile
    if last is not None and last[0] is concealed and last[1] is gold and last[2] is shapes:
        return last[4]
    return None


class _LastDiscardReader:
    """The last `discard_shanten` reader, by hand tuple (identity), gold and shapes."""

    entry: (
        tuple[
            Sequence[Tile],
            Tile | None,
            frozenset[Shape],
            Callable[[Tile | None], int],
            dict[int | None, int],
            Sequence[int],
        ]
        | None
    ) = None


def _discard_reader(
    concealed: Sequence[Tile], gold: Tile | None, shapes: frozenset[Shape]
) -> tuple[Callable[[Tile | None], int], dict[int | None, int], Sequence[int]]:
    """The reader `discard_shanten` returns, the answers it has given by tile kind (it memoizes
    them there) and the hand's face counts it reads (which never change).

    Each shape is read incrementally where it can be: the standard shape by suit rows
    (`_DiscardRows`), the others by `_special_reader`; the standard shape of a hand holding four
    of a kind is read on the changed counts (`_standard_usable`)."""
    counts, golds = face_counts(concealed, gold)
    in_play = gold is not None
    gold_kind = None if gold is None else gold.kind
    target = len(concealed)  # the complete hand's size: that of the 3k+2 hand, and of a discard's 3k+1 plus one
    spare = SPARE_GOLDS if in_play or golds else 0
    standard = Shape.STANDARD in shapes and 4 not in counts  # four of a kind: the general reading
    rows = _DiscardRows(counts) if standard else None
    general = Shape.STANDARD in shapes and not standard
    specials = [_special_reader(shape, counts, target, spare) for shape in shapes if shape != Shape.STANDARD]
    readers = [r for r in specials if r is not None]  # None: the shape cannot fit this hand's size
    k = target // 3
    known: dict[int | None, int] = {}

    def after(tile: Tile | None) -> int:
        kind = None if tile is None else tile.kind
        found = known.get(kind)
        if found is not None:
            return found
        # None: no face tile less, for the whole hand (a complete one has every tile usable: -1)
        # or a gold discarded (one gold less).
        face: int | None = None
        g = golds
        if kind is not None and kind == gold_kind:
            g = golds - 1
        elif kind is not None:
            face = gold_kind if kind == BAIBAN and gold_kind is not None else kind  # 白板 plays as the gold's face
        usable = -1
        if rows is not None:
            usable = rows.usable(face, k)
        elif general:
            c = counts.copy()
            if face is not None:
                c[face] -= 1
            usable = _standard_usable(c, target, spare)
        for reader in readers:
            found = reader(face)
            if found > usable:
                usable = found
        if usable < 0:
            raise HandSizeError(f"no shape among {sorted(s.name for s in shapes)} fits {target - 1} tiles")
        known[kind] = value = target - g - usable - 1
        return value

    return after, known, counts


def _special_reader(shape: Shape, c: list[int], target: int, spare: int) -> Callable[[int | None], int] | None:
    """`_USABLE[shape]` of the counts `c` less one tile of a face kind (None: a gold, no face
    less), as a reader of that kind; None when the shape does not fit `target` tiles. Each is
    read from what one kind's count changes: the kinds held n times, the orphans, one suit."""
    if shape == Shape.PINGHE_PAIRS:
        if target != 17:
            return None
        return _histogram_reader(c, lambda h1, h2, h3, h4: _pinghe_pairs_by_counts(h1, h2, h3, h4, spare > 0))
    if target != 14:
        return None
    if shape == Shape.SEVEN_PAIRS:
        return _histogram_reader(c, lambda *held: _seven_blocks(*_pair_blocks(*held)))
    if shape == Shape.THIRTEEN_ORPHANS:
        return _orphans_reader(c)
    if shape == Shape.NINE_GATES:
        return _nine_gates_reader(c)
    raise ValueError(f"no usable-tile reading for shape {shape}")


def _histogram_reader(c: list[int], usable: Callable[[int, int, int, int], int]) -> Callable[[int | None], int]:
    """A shape whose usable tiles depend only on how many kinds are held 1, 2, 3 and 4 times: a
    discard of a kind held n times moves one kind from n to n - 1, so there are five answers
    (index 0: a gold discarded), each read once."""
    h1, h2, h3, h4 = c.count(1), c.count(2), c.count(3), c.count(4)
    histograms = (
        (h1, h2, h3, h4),
        (h1 - 1, h2, h3, h4),
        (h1 + 1, h2 - 1, h3, h4),
        (h1, h2 + 1, h3 - 1, h4),
        (h1, h2, h3 + 1, h4 - 1),
    )
    answers: list[int | None] = [None] * 5

    def read(face: int | None) -> int:
        n = 0 if face is None else c[face]
        found = answers[n]
        if found is None:
            found = answers[n] = usable(*histograms[n])
        return found

    return read


def _orphans_reader(c: list[int]) -> Callable[[int | None], int]:
    """`_orphans_usable` (十三幺: each orphan kind held, plus one for a pair of any)."""
    held = sum(1 for j in ORPHANS if c[j])
    pairs = sum(1 for j in ORPHANS if c[j] >= 2)

    def read(face: int | None) -> int:
        h, p = held, pairs
        if face is not None and face in _ORPHAN_SET:
            h -= c[face] == 1
            p -= c[face] == 2
        return h + (1 if p else 0)

    return read


_ORPHAN_SET = frozenset(ORPHANS)


def _nine_gates_reader(c: list[int]) -> Callable[[int | None], int]:
    """`_nine_gates_usable` (九莲宝灯: the best numbered suit); a discard changes one suit's value."""
    suits = [_nine_gates_suit(tuple(c[9 * s : 9 * s + 9])) for s in range(3)]

    def read(face: int | None) -> int:
        if face is None or face >= 27:
            return max(suits)
        s = face // 9
        run = c[9 * s : 9 * s + 9]
        run[face - 9 * s] -= 1
        values = suits.copy()
        values[s] = _nine_gates_suit(tuple(run))
        return max(values)

    return read


def _suit_keys(c: Sequence[int]) -> tuple[int, int, int, int]:
    """The four suits' base-5 keys of face counts (`_key` of each suit), written flat: `waits_counts`,
    `_standard_usable` and every turn's discard reader ask it."""
    m = c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * (c[4] + 5 * (c[5] + 5 * (c[6] + 5 * (c[7] + 5 * c[8])))))))
    p = c[9] + 5 * (
        c[10] + 5 * (c[11] + 5 * (c[12] + 5 * (c[13] + 5 * (c[14] + 5 * (c[15] + 5 * (c[16] + 5 * c[17]))))))
    )
    s = c[18] + 5 * (
        c[19] + 5 * (c[20] + 5 * (c[21] + 5 * (c[22] + 5 * (c[23] + 5 * (c[24] + 5 * (c[25] + 5 * c[26]))))))
    )
    h = c[27] + 5 * (c[28] + 5 * (c[29] + 5 * (c[30] + 5 * (c[31] + 5 * (c[32] + 5 * c[33])))))
    return m, p, s, h


_SUIT_OF = tuple(min(k // 9, 3) for k in range(N_KINDS))


class _DiscardRows:
    """The standard shape's per-suit rows of a hand's face counts (no kind held four times), and
    `_standard_usable` of the counts less one tile: only that tile's suit key changes."""

    __slots__ = ("keys", "suit_rows")

    def __init__(self, c: Sequence[int]) -> None:
        m, p, s, h = _suit_keys(c)
        self.keys = (m, p, s, h)
        self.suit_rows = [_number_row(m), _number_row(p), _number_row(s), _honor_row(h)]

    def usable(self, kind: int | None, k: int) -> int:
        """Most real tiles usable in k set-blocks plus the pair-block, less one tile of `kind`
        (None: no face tile less, a gold was discarded)."""
        a, b, d, e = self.suit_rows
        if kind is not None:
            suit = _SUIT_OF[kind]
            key = self.keys[suit] - _suits.POW5[kind - 9 * suit]
            if suit == 0:
                a = _number_row(key)
            elif suit == 1:
                b = _number_row(key)
            elif suit == 2:
                d = _number_row(key)
            else:
                e = _honor_row(key)
        return _best_of_merged(_merged(a, b), _merged(d, e), k)


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


def _standard_usable(c: Sequence[int], target: int, spare: int = 0) -> int:
    """Most real tiles usable in k set-blocks plus one pair-block (k = target // 3).

    Per suit, `_suit_usable` gives the best for each number of set-blocks, without and
    with the pair-block; the suits are then merged (max-plus) over the block counts.
    Real hands share few distinct rows (about a hundred over 20000 dealt 17-tile hands),
    so rows are interned and each pair's merge is computed once (`_merged`).
    A suit holding four of a kind is read by `_suit_rows` instead, which keeps count of
    the places only a fifth copy could fill (see `_full_standard_usable`).
    """
    if 4 in c:
        return _full_standard_usable(c, target // 3, spare)
    m, p, s, h = _suit_keys(c)
    return _best_of_merged(_merged(_number_row(m), _number_row(p)), _merged(_number_row(s), _honor_row(h)), target // 3)


# Memoized per suit key: a suit's keys are bounded (5**9) but far more than real hands use, so
# the memos keep the most recent 16,384 (about what 1,500 hands ask: a long-running worker levels off).
_MEMO_KEYS = 1 << 14

# Rows are few (a row counts usable tiles, not which: a few hundred in real play) but the memos
# keyed by suit keys hold one per key: the pool hands back one object per distinct row, so each
# memo entry costs a reference, not two tuples (a worker's review memos were ~2/3 row copies).
_POOL: dict[_Row, _Row] = {}
_POOL_KEPT = 1 << 15


def pooled(row: _Row) -> _Row:
    """The pool's object equal to `row` (`row` itself if new, or once the pool is full)."""
    found = _POOL.get(row)
    if found is not None:
        return found
    if len(_POOL) < _POOL_KEPT:
        _POOL[row] = row
    return row


# Interned rows: a suit key's row and a merged pair's are small ids into _ROWS.
_ROWS: list[_Row] = []
_ROW_IDS: dict[_Row, int] = {}
_MERGED: dict[int, int] = {}  # a << 20 | b -> the id of rows a and b merged
_BEST: dict[int, int] = {}  # (ab << 20 | de) << 3 | k -> `_best_of_merged`
_INTERNING = Lock()  # engine calls may run on several threads (the tables' database pool)


def _intern(row: _Row) -> int:
    found = _ROW_IDS.get(row)
    if found is not None:
        return found
    with _INTERNING:
        if row not in _ROW_IDS:
            _ROWS.append(row)
            _ROW_IDS[row] = len(_ROWS) - 1
        return _ROW_IDS[row]


@lru_cache(maxsize=_MEMO_KEYS)
def _number_row(key: int) -> int:
    """The interned row of a numbered suit's key: its runs' rows merged. Tiles two empty kinds
    apart share no block, so each run is read on its own, shifted to the suit's start: far
    fewer shapes than keys to compute the first time."""
    row = _EMPTY
    for run in _runs(key):
        row = _merged(row, _intern(_suit_usable(run, 9, True)))
    return row


@lru_cache(maxsize=_MEMO_KEYS)
def _honor_row(key: int) -> int:
    """The interned row of the honours' key: honours make no chows, so each kind is a run."""
    row = _EMPTY
    while key:
        key, n = divmod(key, 5)
        if n:
            row = _merged(row, _intern(_suit_usable(n, 7, False)))
    return row


def _runs(key: int) -> list[int]:
    """A numbered suit's runs of tiles (apart by two empty kinds or more), each shifted to kind 0."""
    runs: list[int] = []
    run = place = gap = 0
    while key:
        key, n = divmod(key, 5)
        if not n:
            gap += 1
            continue
        if run and gap >= 2:
            runs.append(run)
            run = place = 0
        elif run:
            place += gap
        run += n * _suits.POW5[place]
        place += 1
        gap = 0
    if run:
        runs.append(run)
    return runs


def clear_caches() -> None:
    """Forget every memoized shanten row (for a benchmark of a cold start; answers do not change).
    Not while another thread computes a shanten: its row ids would point into the emptied table."""
    with _INTERNING:
        for fn in (_number_row, _honor_row, _suit_usable, _suit_rows, _len, _pinghe_pairs_by_counts, _nine_gates_suit):
            fn.cache_clear()
        _MERGED.clear()
        _BEST.clear()
        _ROW_IDS.clear()
        _ROWS[:] = [_EMPTY_ROW]
        _ROW_IDS[_EMPTY_ROW] = _EMPTY


def _merged(a: int, b: int) -> int:
    """The interned row of rows a and b merged (for 0.._MAX_BLOCKS set-blocks), memoized."""
    if not b:  # the empty row (id 0): rows only grow with the block count, and with the pair-block,
        return a  # so merging with a row of zeros gives the same row, the same interned id
    if not a:
        return b
    pair = a << 20 | b
    found = _MERGED.get(pair)
    if found is None:
        m0, m1 = _merge2(_ROWS[a], _ROWS[b], _MAX_BLOCKS)
        if len(_MERGED) >= _MEMO_KEYS:
            _MERGED.clear()  # only the memo: the interned rows (and ids held elsewhere) stay
        found = _MERGED[pair] = _intern((tuple(m0), tuple(m1)))
    return found


def _best_of_merged(ab: int, de: int, k: int) -> int:
    """`best_with_pair` of two interned rows (ids, two suits merged each) for k set-blocks,
    memoized: a hand's discards change one suit pair's row at a time, so the same two rows
    come back from discard to discard (two in three asks over 20 hands, four in five over 120)."""
    key = (ab << 20 | de) << 3 | k
    found = _BEST.get(key)
    if found is None:
        if len(_BEST) >= _MEMO_KEYS:
            _BEST.clear()  # ids stay valid: only the memo is dropped
        found = _BEST[key] = best_with_pair(_ROWS[ab], _ROWS[de], k)
    return found


def _best_of_rows(a: _Row, b: _Row, d: _Row, e: _Row, k: int) -> int:
    """Most usable tiles in k set-blocks plus the pair-block over four suits' rows (max-plus).

    Each row stops growing at its suit's last useful block count (`_len`), so the loops
    only run that far: most suits of a real hand hold a few tiles."""
    return best_with_pair(_merge2(a, b, k), _merge2(d, e, k), k)


def best_with_pair(a: tuple[Sequence[int], Sequence[int]], b: tuple[Sequence[int], Sequence[int]], k: int) -> int:
    """Most usable tiles in k set-blocks plus the pair-block over two rows (each: without, with the
    pair-block, by set-block count): the set-blocks shared out every way, the pair in either row."""
    a0, a1 = a
    b0, b1 = b
    best = 0
    for i in range(k + 1):
        x = a1[i] + b0[k - i]
        y = a0[i] + b1[k - i]
        if x > best:
            best = x
        if y > best:
            best = y
    return best


def _merge2(a: _Row, b: _Row, k: int) -> tuple[list[int], list[int]]:
    """Two suits' rows as one, for 0..k set-blocks."""
    a0, a1 = a
    b0, b1 = b
    la, lb = _len(a), _len(b)
    m0 = [0] * (k + 1)
    m1 = [0] * (k + 1)
    for m in range(k + 1):
        best0 = best1 = 0
        lo, hi = max(0, m - lb), min(m, la)  # beyond its length a row is flat: those splits lose nothing
        if lo > hi:
            lo = hi = la
        for i in range(lo, hi + 1):
            j = m - i
            x = a0[i] + b0[j]
            y = a1[i] + b0[j]
            z = a0[i] + b1[j]
            if x > best0:
                best0 = x
            if y > best1:
                best1 = y
            if z > best1:
                best1 = z
        m0[m] = best0
        m1[m] = best1
    return m0, m1


@cache
def _len(row: _Row) -> int:
    """The block count from which a row no longer grows (more blocks there only add empty ones)."""
    r0, r1 = row
    n = _MAX_BLOCKS
    while n and r0[n - 1] == r0[n] and r1[n - 1] == r1[n]:
        n -= 1
    return n


def _full_standard_usable(c: Sequence[int], k: int, spare: int) -> int:
    """_standard_usable for a hand holding four of a kind: the suits with one are read by
    `_suit_rows`, which counts the open places only a fifth copy could fill; `spare` such
    places (taken by golds) are shared out over those suits every way."""
    rows: list[_Row] = []
    full_rows: list[tuple[int, tuple[_Row, ...]]] = []
    for suit, (base, n, chows) in enumerate(_USABLE_SUITS):
        key = _key(c, base, n)
        full = sum(1 << j for j in range(n) if c[base + j] == 4)
        if full:
            full_rows.append((suit, _suit_rows(key, full, n, chows)))
        rows.append(_suit_usable(key, n, chows))
    best = 0
    for shares in _shares(len(full_rows), spare):
        for (suit, by_spare), share in zip(full_rows, shares, strict=True):
            rows[suit] = by_spare[share]
        best = max(best, _best_of_rows(rows[0], rows[1], rows[2], rows[3], k))
    return best


@cache
def _shares(parts: int, total: int) -> tuple[tuple[int, ...], ...]:
    """Every way to share `total` among `parts` (the rows only grow with their share, so all of it)."""
    if parts == 1:
        return ((total,),)
    return tuple((first, *rest) for first in range(total + 1) for rest in _shares(parts - 1, total - first))


_USABLE_SUITS = ((0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False))
_MAX_BLOCKS = 5  # 17 tiles: 5 sets + a pair
_Row = tuple[tuple[int, ...], tuple[int, ...]]  # (without, with the pair-block)[m set-blocks] -> usable tiles
_EMPTY_ROW: _Row = ((0,) * (_MAX_BLOCKS + 1), (0,) * (_MAX_BLOCKS + 1))
_EMPTY = _intern(_EMPTY_ROW)  # a suit without tiles (always id 0)


@lru_cache(maxsize=_MEMO_KEYS)
def _suit_usable(key: int, n: int, chows: bool) -> _Row:
    """For one suit: most real tiles usable in m set-blocks (m = 0..5), without and with the pair-block.

    Blocks may be partial (a gold or a draw completes them) or empty, so the rows only grow with m.
    Every open place is taken to be fillable: exact unless the suit holds four of a kind
    (then `_suit_rows`); a suit's kinds held three times or less never need a fifth copy.
    """
    if not key:
        return (0,) * (_MAX_BLOCKS + 1), (0,) * (_MAX_BLOCKS + 1)
    i, low = 0, key  # the lowest present kind i, read from the key's digits (no digit list)
    while not low % 5:
        low //= 5
        i += 1
    p = _suits.POW5[i]
    skip0, skip1 = _suit_usable(key - p, n, chows)  # one copy of i left unused
    r0, r1 = list(skip0), list(skip1)
    for delta, gain, is_pair in _key_blocks_at(low % 5, low // 5 % 5, low // 25 % 5, p, chows):
        rest0, rest1 = _suit_usable(key - delta, n, chows)
        # Max-plus by comparisons (no max() call): every cold start computes hundreds of rows.
        if is_pair:
            for m in range(_MAX_BLOCKS + 1):
                x = rest0[m] + gain
                if x > r1[m]:
                    r1[m] = x
        else:
            for m in range(1, _MAX_BLOCKS + 1):
                x, y = rest0[m - 1] + gain, rest1[m - 1] + gain
                if x > r0[m]:
                    r0[m] = x
                if y > r1[m]:
                    r1[m] = y
    return pooled((tuple(r0), tuple(r1)))


def _key_blocks_at(ci: int, c1: int, c2: int, p: int, chows: bool) -> list[tuple[int, int, bool]]:
    """`_blocks_at` as (key less, tiles used, is_pair), from the counts of the lowest present kind i
    and of the two kinds above it (0 past the suit's end) and 5**i (`p`)."""
    blocks = [(r * p, r, False) for r in range(1, min(ci, 3) + 1)]
    blocks += [(r * p, r, True) for r in range(1, min(ci, 2) + 1)]
    if chows:
        if c1:
            blocks.append((6 * p, 2, False))  # i and i+1: 5**i + 5**(i+1)
        if c2:
            blocks.append((26 * p, 2, False))  # i and i+2
        if c1 and c2:
            blocks.append((31 * p, 3, False))  # i, i+1 and i+2
    return blocks


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


@lru_cache(maxsize=_MEMO_KEYS)
def _suit_rows(key: int, full: int, n: int, chows: bool) -> tuple[_Row, ...]:
    """`_suit_usable` for a suit whose kinds in bit mask `full` are held four times: a block's
    open place at such a kind needs a fifth copy, so it costs one spare (a gold). Returns the
    rows for 0..SPARE_GOLDS spares.

    Each partial block holding the lowest present kind i has its open places put where they
    cost fewest spares: a lone i as a pung (open at i) or in a chow (open at two neighbours),
    12 open at 0 or 3, 13 open at 2. Open places at kinds held three times or less never cost
    one: an optimal reading can always leave them within four copies. Both claims were checked
    against a place-by-place count of every block reading (`slot_shanten` in
    tests/engine/test_shanten_exact.py, which compares whole hands): on every honours key
    and every numbered-suit key of up to 9 tiles, 0..4 spares, with no difference.
    """
    flat = (0,) * (_MAX_BLOCKS + 1)
    if not key:
        return ((flat, flat),) * (SPARE_GOLDS + 1)
    c = _suits.digits(key, n)
    i = next(j for j, x in enumerate(c) if x)
    rows = [(list(r0), list(r1)) for r0, r1 in _suit_rows(key - _suits.POW5[i], full, n, chows)]
    for used, is_pair, cost in _costed_blocks_at(c, i, full, chows):
        rest = _suit_rows(key - sum(_suits.POW5[j] for j in used), full, n, chows)
        gain = len(used)
        for spare in range(cost, SPARE_GOLDS + 1):
            rest0, rest1 = rest[spare - cost]
            r0, r1 = rows[spare]
            for m in range(_MAX_BLOCKS + 1):
                if is_pair:
                    r1[m] = max(r1[m], rest0[m] + gain)
                elif m:
                    r0[m] = max(r0[m], rest0[m - 1] + gain)
                    r1[m] = max(r1[m], rest1[m - 1] + gain)
    return tuple(pooled((tuple(r0), tuple(r1))) for r0, r1 in rows)


def _costed_blocks_at(c: Sequence[int], i: int, full: int, chows: bool) -> list[tuple[tuple[int, ...], bool, int]]:
    """`_blocks_at` with each block's fewest open places at full kinds (at most SPARE_GOLDS)."""
    n = len(c)

    def cost(*kinds: int) -> int:
        return SPARE_GOLDS + 1 if any(not 0 <= j < n for j in kinds) else sum(full >> j & 1 for j in kinds)

    blocks = []
    for used, is_pair in _blocks_at(c, i, chows):
        if is_pair or len(set(used)) == 1:  # a pung or pair part: open at i
            spent = ((2 if is_pair else 3) - len(used)) * (full >> i & 1)
            if len(used) == 1 and not is_pair and chows:
                spent = min(spent, cost(i - 2, i - 1), cost(i - 1, i + 1), cost(i + 1, i + 2))
        elif len(used) == 2 and used[1] == i + 1:
            spent = min(cost(i - 1), cost(i + 2))
        elif len(used) == 2:
            spent = cost(i + 1)
        else:
            spent = 0
        if spent <= SPARE_GOLDS:
            blocks.append((used, is_pair, spent))
    return blocks


def _pair_blocks(h1: int, h2: int, h3: int, h4: int) -> tuple[int, int]:
    """(pair-blocks, single-blocks) of a hand holding h_n kinds n times (4 copies: two pairs,
    3: a pair and a single)."""
    return h2 + h3 + 2 * h4, h1 + h3


def _seven_blocks(pairs: int, singles: int) -> int:
    """Real tiles in the seven largest pair-blocks (pairs first, then singles)."""
    p = min(pairs, 7)
    return 2 * p + min(singles, 7 - p)


def _seven_pairs_usable(c: Sequence[int], target: int, spare: int = 0) -> int | None:
    return _seven_blocks(*_pair_blocks(c.count(1), c.count(2), c.count(3), c.count(4))) if target == 14 else None


def _pinghe_pairs_usable(c: Sequence[int], target: int, spare: int = 0) -> int | None:
    """Seven pair-blocks plus one triplet-block taken from a single kind: a function of how
    many kinds the hand holds 1, 2, 3 and 4 times (`_pinghe_pairs_by_counts`)."""
    if target != 17:
        return None
    return _pinghe_pairs_by_counts(c.count(1), c.count(2), c.count(3), c.count(4), spare > 0)


@cache
def _pinghe_pairs_by_counts(h1: int, h2: int, h3: int, h4: int, spare: bool) -> int:
    """对对胡's usable tiles from the kinds held n times (h_n): the triplet is tried on a kind of
    each count; only that kind's pair/single blocks change. Beside a triplet of a kind held
    four times, the fourth copy's pair needs a fifth: only a spare (a gold) fills it."""
    pairs, singles = _pair_blocks(h1, h2, h3, h4)
    best = _seven_blocks(pairs, singles)
    for n, held in ((1, h1), (2, h2), (3, h3), (4, h4)):
        if held:
            r = min(n, 3)
            m = n - r
            rest_single = m & 1 if n < 4 or spare else 0
            best = max(best, r + _seven_blocks(pairs - (n >> 1) + (m >> 1), singles - (n & 1) + rest_single))
    return best


def _orphans_usable(c: Sequence[int], target: int, spare: int = 0) -> int | None:
    if target != 14:
        return None
    return sum(1 for k in ORPHANS if c[k]) + (1 if any(c[k] >= 2 for k in ORPHANS) else 0)


def _nine_gates_usable(c: Sequence[int], target: int, spare: int = 0) -> int | None:
    if target != 14:
        return None
    return max(_nine_gates_suit(tuple(c[0:9])), _nine_gates_suit(tuple(c[9:18])), _nine_gates_suit(tuple(c[18:27])))


@lru_cache(maxsize=65536)
def _nine_gates_suit(run: tuple[int, ...]) -> int:
    """One numbered suit's usable tiles for 九莲宝灯 (memoized: a hand's suits recur from discard to discard)."""
    over = sum(max(0, n - b) for n, b in zip(run, _NINE_GATES_BASE, strict=True))
    return sum(min(n, b) for n, b in zip(run, _NINE_GATES_BASE, strict=True)) + min(1, over)


_USABLE = {
    Shape.STANDARD: _standard_usable,
    Shape.PINGHE_PAIRS: _pinghe_pairs_usable,
    Shape.SEVEN_PAIRS: _seven_pairs_usable,
    Shape.THIRTEEN_ORPHANS: _orphans_usable,
    Shape.NINE_GATES: _nine_gates_usable,
}
