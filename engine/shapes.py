"""Winning shapes with gold (金) wildcards: is_win (fast) and decompose (every reading).

Gold semantics (RULINGS.md, seeds 000/001): every copy of the gold kind in the
concealed hand is a wildcard; 白板 (5z) plays as the gold's face tile (not as a
wildcard) unless the gold is 白板 itself, in which case 白板 stands in for nothing.
Functions here take the concealed tiles only (3k+2 of them: 14 or 17, fewer after
exposed melds); exposed melds are the caller's business.

Fast path: a hand becomes *face counts* (34 entries, golds removed, 白板 moved onto
the gold's kind) plus a gold count; a standard win is then four table look-ups
(engine._suits) and a comparison.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from itertools import combinations_with_replacement

from engine import _suits
from engine.tiles import BAIBAN, N_ALL_KINDS, N_KINDS, Tile, format_tiles

__all__ = [
    "ALL_SHAPES",
    "NINE_GATES_BASE",
    "ORPHANS",
    "Decomposition",
    "Group",
    "GroupKind",
    "HandSizeError",
    "Shape",
    "decompose",
    "face_counts",
    "is_win",
    "is_win_counts",
    "standard_need",
    "win_checker",
]


class Shape(IntEnum):
    """A winning shape. Variants list the shapes they accept (Variant.shape_names)."""

    STANDARD = 0  # pair + sets (胡牌的基本牌型)
    PINGHE_PAIRS = 1  # 对对胡 (pinghe): 7 pairs + 1 triplet, 17 concealed tiles
    SEVEN_PAIRS = 2  # 七对子 (erren); 龙七对 = a 4-of-a-kind counted as two pairs
    THIRTEEN_ORPHANS = 3  # 十三幺 (guangdong)
    NINE_GATES = 4  # 九莲宝灯 (guangdong): 1112345678999 + one more of the suit

    def __repr__(self) -> str:
        return f"Shape.{self.name}"


ALL_SHAPES = frozenset(Shape)


class GroupKind(IntEnum):
    """What a group of a reading is."""

    CHOW = 0  # 顺子
    PUNG = 1  # 刻子
    KONG = 2  # 杠 (only in melds; a concealed reading never makes one)
    PAIR = 3  # 将 / 对子
    SINGLE = 4  # one tile of 十三幺

    def __repr__(self) -> str:
        return f"GroupKind.{self.name}"


SET_KINDS = frozenset({GroupKind.CHOW, GroupKind.PUNG, GroupKind.KONG})


class HandSizeError(ValueError):
    """The hand has the wrong number of tiles for the question asked (3k+2 / 3k+1)."""


@dataclass(frozen=True, slots=True, order=True)
class Group:
    """One group of a reading: the face tiles it plays as and how many are golds."""

    kind: GroupKind
    tiles: tuple[Tile, ...]
    golds: int = 0
    concealed: bool = True

    def __str__(self) -> str:
        return format_tiles(self.tiles)

    @property
    def is_set(self) -> bool:
        return self.kind in SET_KINDS

    @property
    def is_triplet(self) -> bool:
        """A pung or kong (刻子/杠)."""
        return self.kind in (GroupKind.PUNG, GroupKind.KONG)


@dataclass(frozen=True, slots=True)
class Decomposition:
    """One reading of a winning hand: its shape and groups (the pair included)."""

    shape: Shape
    groups: tuple[Group, ...]

    def __str__(self) -> str:
        return " ".join(str(g) for g in self.groups)

    @property
    def pair(self) -> Group | None:
        """The pair (将) of a pair-plus-sets reading; the first pair otherwise."""
        return next((g for g in self.groups if g.kind == GroupKind.PAIR), None)

    @property
    def pairs(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind == GroupKind.PAIR)

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.is_set)

    @property
    def concealed_triplets(self) -> tuple[Group, ...]:
        """Concealed pungs/kongs (暗刻) of the reading (the caller un-conceals a discard-completed one)."""
        return tuple(g for g in self.groups if g.is_triplet and g.concealed)

    @property
    def golds(self) -> int:
        return sum(g.golds for g in self.groups)


ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)  # 十三幺's kinds
NINE_GATES_BASE = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def face_counts(concealed: Sequence[Tile], gold: Tile | None) -> tuple[list[int], int]:
    """(face counts, golds): golds taken out, 白板 moved onto the gold's face kind.

    Raises ValueError for flowers, a flower gold, or more than 4 copies of a kind.
    """
    counts = [0] * N_ALL_KINDS
    for tile in concealed:
        counts[tile.kind] += 1
    if any(counts[N_KINDS:]):
        flower = next(t for t in concealed if t.kind >= N_KINDS)
        raise ValueError(f"flower {flower} cannot be part of a concealed hand")
    del counts[N_KINDS:]
    if max(counts) > 4:
        raise ValueError(f"more than 4 copies of {Tile(counts.index(max(counts)))}")
    if gold is None:
        return counts, 0
    if gold.kind >= N_KINDS:
        raise ValueError(f"a flower ({gold}) cannot be the gold")
    golds, counts[gold.kind] = counts[gold.kind], 0
    if gold.kind != BAIBAN:
        counts[gold.kind], counts[BAIBAN] = counts[BAIBAN], 0
    return counts, golds


def _check_win_size(n: int) -> None:
    if n % 3 != 2:
        raise HandSizeError(f"a winning hand has 3k+2 concealed tiles, got {n}")


def standard_need(c: Sequence[int]) -> int:
    """The fewest golds that make face counts `c` into a pair plus sets (any size)."""
    return _need_from_honors(c, _suits.HONORS[_honor_key(c)])


def _honor_key(c: Sequence[int]) -> int:
    return c[27] + 5 * (c[28] + 5 * (c[29] + 5 * (c[30] + 5 * (c[31] + 5 * (c[32] + 5 * c[33])))))


def _need_from_honors(c: Sequence[int], h: int) -> int:
    """standard_need given the honours' packed needs `h` (the hot path: keep it flat)."""
    numbers = _suits.NUMBERS
    m = c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * (c[4] + 5 * (c[5] + 5 * (c[6] + 5 * (c[7] + 5 * c[8])))))))
    p = c[9] + 5 * (
        c[10] + 5 * (c[11] + 5 * (c[12] + 5 * (c[13] + 5 * (c[14] + 5 * (c[15] + 5 * (c[16] + 5 * c[17]))))))
    )
    s = c[18] + 5 * (
        c[19] + 5 * (c[20] + 5 * (c[21] + 5 * (c[22] + 5 * (c[23] + 5 * (c[24] + 5 * (c[25] + 5 * c[26]))))))
    )
    a, b, d = numbers[m], numbers[p], numbers[s]
    a0, b0, d0, h0 = a & 15, b & 15, d & 15, h & 15
    # The pair goes where it costs least extra (two golds at worst).
    return a0 + b0 + d0 + h0 + min(2, (a >> 4) - a0, (b >> 4) - b0, (d >> 4) - d0, (h >> 4) - h0)


def _pinghe_pairs_need(c: Sequence[int]) -> int:
    """Fewest golds for 7 pairs + 1 triplet (the face tiles plus golds total 17)."""
    singles = sum(n & 1 for n in c)
    if 3 in c:
        return singles - 1  # the odd triplet closes one odd count
    return singles + 1 if any(c) else 3


def _seven_pairs_need(c: Sequence[int]) -> int:
    return sum(n & 1 for n in c)  # a 4-of-a-kind is two pairs (龙七对)


def _orphans_need(c: Sequence[int]) -> int | None:
    if any(c[k] for k in range(N_KINDS) if k not in ORPHANS):
        return None
    counts = [c[k] for k in ORPHANS]
    if max(counts) > 2 or counts.count(2) > 1:
        return None
    return counts.count(0) + (0 if 2 in counts else 1)


def _nine_gates_need(c: Sequence[int]) -> int | None:
    suits = [s for s in range(3) if any(c[9 * s : 9 * s + 9])]
    if len(suits) != 1 or any(c[27:]):
        return None
    run = c[9 * suits[0] : 9 * suits[0] + 9]
    over = sum(max(0, n - b) for n, b in zip(run, NINE_GATES_BASE, strict=True))
    if over > 1:
        return None
    return sum(max(0, b - n) for n, b in zip(run, NINE_GATES_BASE, strict=True)) + 1 - over


_SHAPE_FLAGS = {
    Shape.STANDARD: _suits.F_STANDARD,
    Shape.PINGHE_PAIRS: _suits.F_PINGHE_PAIRS,
    Shape.SEVEN_PAIRS: _suits.F_SEVEN_PAIRS,
    Shape.THIRTEEN_ORPHANS: _suits.F_ORPHANS,
    Shape.NINE_GATES: _suits.F_NINE_GATES,
}

WinCheck = Callable[[Sequence[int], int], bool]


@cache
def win_checker(shapes: frozenset[Shape]) -> WinCheck:
    """A fast `check(face_counts, golds) -> bool` for one set of shapes (3k+2 hands).

    Without golds, each suit's key looks up which shapes it still allows (a lone
    honour rules out every shape but 十三幺, a suit needing golds with and without
    the pair rules out the standard shape, …); most non-wins stop at the winds.
    """
    mask = 0
    for shape in shapes:
        mask |= _SHAPE_FLAGS[shape]
    allowed = bytes(mask & ~flags & 0xFF for flags in range(256))
    wind_alive = _suits.WIND_FLAGS.translate(allowed)
    honor_alive = _suits.HONOR_FLAGS.translate(allowed)
    special = shapes - {Shape.STANDARD}
    special_bits = mask & ~_suits.F_STANDARD

    def check(
        c: Sequence[int],
        golds: int,
        wind_alive: bytes = wind_alive,
        honor_alive: bytes = honor_alive,
        number_flags: bytes = _suits.NUMBER_FLAGS,
        numbers: bytes = _suits.NUMBERS,
        honors: bytes = _suits.HONORS,
    ) -> bool:
        # Locals (default arguments) are faster than closure cells on this hot path. `alive` is
        # within the shapes' mask from the winds on, so a numbered suit's flags are cleared from it
        # directly (no per-shapes copy of the 2-million-entry table, made at each process start).
        wk = c[27] + 5 * (c[28] + 5 * (c[29] + 5 * c[30]))
        if golds:
            return _check_with_golds(c, golds, wk, shapes)
        alive = wind_alive[wk]
        if not alive:
            return False
        hk = wk + 625 * (c[31] + 5 * (c[32] + 5 * c[33]))
        alive &= honor_alive[hk]
        if not alive:
            return False
        m = c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * (c[4] + 5 * (c[5] + 5 * (c[6] + 5 * (c[7] + 5 * c[8])))))))
        alive &= ~number_flags[m]
        if not alive:
            return False
        p = c[9] + 5 * (
            c[10] + 5 * (c[11] + 5 * (c[12] + 5 * (c[13] + 5 * (c[14] + 5 * (c[15] + 5 * (c[16] + 5 * c[17]))))))
        )
        alive &= ~number_flags[p]
        if not alive:
            return False
        s = c[18] + 5 * (
            c[19] + 5 * (c[20] + 5 * (c[21] + 5 * (c[22] + 5 * (c[23] + 5 * (c[24] + 5 * (c[25] + 5 * c[26]))))))
        )
        alive &= ~number_flags[s]
        if not alive:
            return False
        if alive & 1:  # F_STANDARD: every suit can be whole, with or without the pair
            a, b, d, h = numbers[m], numbers[p], numbers[s], honors[hk]
            a0, b0, d0, h0 = a & 15, b & 15, d & 15, h & 15
            if not a0 + b0 + d0 + h0 + min(2, (a >> 4) - a0, (b >> 4) - b0, (d >> 4) - d0, (h >> 4) - h0):
                return True
        return bool(alive & special_bits) and _special_win(c, 0, special)

    return check


def _check_with_golds(c: Sequence[int], golds: int, wk: int, shapes: frozenset[Shape]) -> bool:
    hk = wk + 625 * (c[31] + 5 * (c[32] + 5 * c[33]))
    if Shape.STANDARD in shapes and _need_from_honors(c, _suits.HONORS[hk]) <= golds:
        return True
    special = shapes - {Shape.STANDARD}
    return bool(special) and _special_win(c, golds, special)


def _special_win(c: Sequence[int], golds: int, shapes: frozenset[Shape]) -> bool:
    """Is the hand a win in one of the non-standard shapes?"""
    size = sum(c) + golds
    if size == 17:
        return Shape.PINGHE_PAIRS in shapes and _pinghe_pairs_need(c) <= golds
    if size != 14:
        return False
    if Shape.SEVEN_PAIRS in shapes and _seven_pairs_need(c) <= golds:
        return True
    for shape, need in ((Shape.THIRTEEN_ORPHANS, _orphans_need), (Shape.NINE_GATES, _nine_gates_need)):
        if shape in shapes:
            n = need(c)
            if n is not None and n <= golds:
                return True
    return False


def is_win_counts(c: Sequence[int], golds: int, shapes: frozenset[Shape]) -> bool:
    """Fast path on face counts (see face_counts): is this 3k+2 hand a win?"""
    return win_checker(shapes)(c, golds)


def is_win(concealed: Sequence[Tile], *, gold: Tile | None = None, shapes: frozenset[Shape]) -> bool:
    """Is this 3k+2 concealed hand a win in one of `shapes`? (HandSizeError otherwise.)"""
    _check_win_size(len(concealed))
    counts, golds = face_counts(concealed, gold)
    return is_win_counts(counts, golds, shapes)


# ---------------------------------------------------------------- every reading


def decompose(concealed: Sequence[Tile], *, gold: Tile | None = None, shapes: frozenset[Shape]) -> list[Decomposition]:
    """Every reading of a 3k+2 concealed hand as a win in one of `shapes` (empty: no win).

    Readings differ in their face groups. Golds are placed canonically within a
    reading (real tiles first, groups in sorted order); golds left over after
    every real tile is placed form groups of the gold's own face (a pung of
    three golds plays as three golds). Sorted by shape, then groups.
    """
    _check_win_size(len(concealed))
    counts, golds = face_counts(concealed, gold)
    spare = Tile(gold.kind) if gold is not None else Tile(0)
    found: set[tuple[Shape, tuple[tuple[GroupKind, tuple[int, ...]], ...]]] = set()
    for shape in sorted(shapes):
        for faces in _READERS[shape](counts, golds, spare.kind):
            found.add((shape, tuple(sorted(faces))))
    return sorted((_reading(shape, faces, counts) for shape, faces in found), key=_reading_order)


_Face = tuple[GroupKind, tuple[int, ...]]


def _reading_order(d: Decomposition) -> tuple[int, tuple[Group, ...]]:
    return (d.shape, d.groups)


def _reading(shape: Shape, faces: tuple[_Face, ...], counts: Sequence[int]) -> Decomposition:
    """Turn face groups into Groups, placing real tiles first (the rest are golds)."""
    left = list(counts)
    groups = []
    for kind, kinds in faces:
        golds = 0
        for k in kinds:
            if left[k]:
                left[k] -= 1
            else:
                golds += 1
        groups.append(Group(kind, tuple(Tile(k) for k in kinds), golds))
    return Decomposition(shape, tuple(sorted(groups)))


def _pung(k: int) -> _Face:
    return (GroupKind.PUNG, (k, k, k))


def _pair(k: int) -> _Face:
    return (GroupKind.PAIR, (k, k))


def _standard_faces(c: list[int], golds: int, spare: int) -> Iterator[list[_Face]]:
    # Golds left over may play as the gold's own face or as any face the hand's real tiles
    # hold: `11m` + three golds reads `111m 77z` and also `111m 11m` (清一色 for the scorer).
    faces = tuple(sorted({spare, *(k for k in range(N_KINDS) if c[k])})) if golds else (spare,)
    yield from _standard_walk(c, golds, faces, False, [])


def _standard_walk(
    c: list[int], golds: int, faces: tuple[int, ...], paired: bool, acc: list[_Face]
) -> Iterator[list[_Face]]:
    i = next((k for k in range(N_KINDS) if c[k]), -1)
    if i < 0:
        yield from _gold_groups(golds, faces, paired, acc)
        return
    for face, used in _groups_at(c, i, paired):
        cost = len(face[1]) - sum(used.values())
        if cost > golds:
            continue
        for k, n in used.items():
            c[k] -= n
        yield from _standard_walk(c, golds - cost, faces, paired or face[0] == GroupKind.PAIR, [*acc, face])
        for k, n in used.items():
            c[k] += n


def _groups_at(c: list[int], i: int, paired: bool) -> Iterator[tuple[_Face, dict[int, int]]]:
    """Groups holding the lowest present kind i, each using as many real tiles as it can."""
    yield _pung(i), {i: min(c[i], 3)}
    if not paired:
        yield _pair(i), {i: min(c[i], 2)}
    if i >= 27:
        return
    low = i - i % 9
    for start in (i - 2, i - 1, i):
        if start < low or start + 2 > low + 8:
            continue
        used = {k: 1 for k in range(start, start + 3) if k >= i and c[k]}
        yield (GroupKind.CHOW, (start, start + 1, start + 2)), used


def _gold_groups(golds: int, faces: tuple[int, ...], paired: bool, acc: list[_Face]) -> Iterator[list[_Face]]:
    """Golds left when every real tile is placed: they make the pair if needed, then pungs, each
    of any face in `faces` (the gold's own, or one the hand's real tiles hold)."""
    rest = golds - (0 if paired else 2)
    if rest < 0 or rest % 3:
        return
    pairs = [[]] if paired else [[_pair(k)] for k in faces]
    for tail in pairs:
        for pungs in combinations_with_replacement(faces, rest // 3):
            yield acc + tail + [_pung(k) for k in pungs]


def _pairs_faces(c: Sequence[int], golds: int, spare: int, n_pairs: int) -> list[_Face] | None:
    """Pairs covering all of `c` with golds filling odd counts; spare golds pair up."""
    faces: list[_Face] = []
    for k, n in enumerate(c):
        faces += [_pair(k)] * ((n + 1) // 2)
        golds -= n & 1
    if golds < 0 or golds % 2:
        return None
    faces += [_pair(spare)] * (golds // 2)
    return faces if len(faces) == n_pairs else None


def _pinghe_pairs_faces(c: list[int], golds: int, spare: int) -> Iterator[list[_Face]]:
    if sum(c) + golds != 17:
        return
    options = [(k, r) for k in range(N_KINDS) for r in range(1, min(c[k], 3) + 1)] + [(spare, 0)]
    for k, r in options:
        if 3 - r > golds:
            continue
        c[k] -= r
        pairs = _pairs_faces(c, golds - (3 - r), spare, 7)
        c[k] += r
        if pairs is not None:
            yield [_pung(k), *pairs]


def _seven_pairs_faces(c: list[int], golds: int, spare: int) -> Iterator[list[_Face]]:
    if sum(c) + golds == 14:
        pairs = _pairs_faces(c, golds, spare, 7)
        if pairs is not None:
            yield pairs


def _orphans_faces(c: list[int], golds: int, spare: int) -> Iterator[list[_Face]]:
    if sum(c) + golds != 14 or _orphans_need(c) is None:
        return
    for p in ORPHANS:
        need = sum(max(0, (2 if k == p else 1) - c[k]) for k in ORPHANS)
        if need == golds:
            yield [_pair(p)] + [(GroupKind.SINGLE, (k,)) for k in ORPHANS if k != p]


def _nine_gates_faces(c: list[int], golds: int, spare: int) -> Iterator[list[_Face]]:
    if sum(c) + golds != 14 or _nine_gates_need(c) is None:
        return
    suit = next(s for s in range(3) if any(c[9 * s : 9 * s + 9]))
    for extra in range(9):
        target = [0] * N_KINDS
        for j, b in enumerate(NINE_GATES_BASE):
            target[9 * suit + j] = b + (j == extra)
        if all(n <= t for n, t in zip(c, target, strict=True)) and sum(target) - sum(c) == golds:
            yield min(_standard_faces(target, 0, spare))  # its plain reading, named 九莲宝灯


_READERS = {
    Shape.STANDARD: _standard_faces,
    Shape.PINGHE_PAIRS: _pinghe_pairs_faces,
    Shape.SEVEN_PAIRS: _seven_pairs_faces,
    Shape.THIRTEEN_ORPHANS: _orphans_faces,
    Shape.NINE_GATES: _nine_gates_faces,
}
