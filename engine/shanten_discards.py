"""Shanten (向听) after each discard of a 3k+2 hand, read incrementally: a discard changes one
count, so the standard shape's other suits' rows and the other shapes' tallies are reused.

`discard_shanten` returns a reader asked tile by tile (the bots stop at the first discard they
like); the last hand asked gets the same reader back, and `known_discard_shanten` /
`discard_face_counts` hand out what it has read so far without computing anything.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine import _suits
from engine.shanten import nine_gates_suit, pair_blocks, pinghe_pairs_by_counts, seven_blocks
from engine.shapes import ORPHANS, HandSizeError, Shape, face_counts
from engine.suit_rows import (
    SPARE_GOLDS,
    best_of_merged,
    honor_row,
    merged,
    number_row,
    standard_usable,
    suit_keys,
)
from engine.tiles import BAIBAN, N_KINDS, Tile

__all__ = ["discard_face_counts", "discard_shanten", "known_discard_shanten", "shanten_after_discards"]


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
    of a kind is read on the changed counts (`standard_usable`)."""
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
            usable = standard_usable(c, target, spare)
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
        return _histogram_reader(c, lambda h1, h2, h3, h4: pinghe_pairs_by_counts(h1, h2, h3, h4, spare > 0))
    if target != 14:
        return None
    if shape == Shape.SEVEN_PAIRS:
        return _histogram_reader(c, lambda *held: seven_blocks(*pair_blocks(*held)))
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
    suits = [nine_gates_suit(tuple(c[9 * s : 9 * s + 9])) for s in range(3)]

    def read(face: int | None) -> int:
        if face is None or face >= 27:
            return max(suits)
        s = face // 9
        run = c[9 * s : 9 * s + 9]
        run[face - 9 * s] -= 1
        values = suits.copy()
        values[s] = nine_gates_suit(tuple(run))
        return max(values)

    return read


_SUIT_OF = tuple(min(k // 9, 3) for k in range(N_KINDS))


class _DiscardRows:
    """The standard shape's per-suit rows of a hand's face counts (no kind held four times), and
    `standard_usable` of the counts less one tile: only that tile's suit key changes."""

    __slots__ = ("keys", "suit_rows")

    def __init__(self, c: Sequence[int]) -> None:
        m, p, s, h = suit_keys(c)
        self.keys = (m, p, s, h)
        self.suit_rows = [number_row(m), number_row(p), number_row(s), honor_row(h)]

    def usable(self, kind: int | None, k: int) -> int:
        """Most real tiles usable in k set-blocks plus the pair-block, less one tile of `kind`
        (None: no face tile less, a gold was discarded)."""
        a, b, d, e = self.suit_rows
        if kind is not None:
            suit = _SUIT_OF[kind]
            key = self.keys[suit] - _suits.POW5[kind - 9 * suit]
            if suit == 0:
                a = number_row(key)
            elif suit == 1:
                b = number_row(key)
            elif suit == 2:
                d = number_row(key)
            else:
                e = honor_row(key)
        return best_of_merged(merged(a, b), merged(d, e), k)
