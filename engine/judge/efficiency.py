"""向听 and live 进张 (有效牌) of a seat's hand, from what it can see.

There is one shanten in the engine, `engine.waits`' exact one: everything here asks it through its
public functions (`shanten_counts` on face counts, `discard_shanten` for each discard of a 3k+2
hand). Golds are wildcards and 白板 plays as the gold's face (`engine.shapes.face_counts`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.judge.sight import Sight
from engine.shapes import ORPHANS, Shape, face_counts
from engine.tiles import BAIBAN, N_KINDS, Tile
from engine.waits import discard_shanten, shanten_counts, waits_counts

__all__ = ["DiscardReader", "Efficiency", "efficiency", "face_kind", "links", "shanten"]


@dataclass(frozen=True, slots=True)
class Efficiency:
    """How far a 3k+1 hand is from ready and what shortens it, counted from what the seat sees."""

    shanten: int  # 0 ready (听牌), 1 one useful tile away, ...
    tiles: tuple[Tile, ...]  # the kinds whose draw lowers shanten (进张; when ready, the waits), live ones
    count: int  # their live copies (有效牌数)


def shanten(tiles: Sequence[Tile], gold: Tile | None, shapes: frozenset[Shape]) -> int:
    """向听 of 3k+1 or 3k+2 concealed tiles: -1 complete, 0 ready (`engine.waits.shanten`, a gold game
    when `gold` is given)."""
    counts, golds = face_counts(tiles, gold)
    return shanten_counts(counts, golds, shapes, gold_in_play=gold is not None)


def face_kind(kind: int, gold: Tile | None) -> int:
    """The face a kind plays as: 白板 as the gold's face in a gold game (unless the gold is 白板)."""
    return gold.kind if gold is not None and kind == BAIBAN and gold.kind != BAIBAN else kind


def efficiency(tiles: Sequence[Tile], sight: Sight, shapes: frozenset[Shape] | None = None) -> Efficiency:
    """The shanten of 3k+1 concealed `tiles` (with the seat's gold and its shapes, or `shapes`) and
    its live 进张: the kinds this seat cannot see all of whose draw lowers the shanten."""
    counts, golds = face_counts(tiles, sight.gold)
    return _efficiency(list(counts), golds, sight, sight.shapes if shapes is None else shapes)


def _efficiency(counts: list[int], golds: int, sight: Sight, shapes: frozenset[Shape]) -> Efficiency:
    gold = sight.gold
    now, useful_faces = _useful_faces(bytes(counts), golds, shapes, gold is not None)
    useful: list[Tile] = []
    total = 0
    for kind, seen in enumerate(sight.seen):
        live = 4 - seen
        if live <= 0:
            continue
        # a gold drawn is a wildcard more: one step closer, whatever the hand
        if (gold is not None and kind == gold.kind) or useful_faces >> face_kind(kind, gold) & 1:
            useful.append(Tile(kind))
            total += live
    return Efficiency(now, tuple(useful), total)


@lru_cache(maxsize=1 << 14)
def _useful_faces(counts: bytes, golds: int, shapes: frozenset[Shape], in_play: bool) -> tuple[int, int]:
    """(the shanten of face `counts` plus `golds`, the bit mask of the faces one more copy of which
    lowers it; faces held four times left out). A ready hand's are its waits (`waits_counts` without
    a gold kind lists faces: the same faces as one more copy each, checked on 64,000 random ready
    hands). Memoized (the counts as bytes: a small key): a seat's hand is asked again at each claim
    offered to it."""
    work = list(counts)

    def after(face: int) -> int:
        work[face] += 1
        try:
            return shanten_counts(work, golds, shapes, gold_in_play=in_play)
        finally:
            work[face] -= 1

    now = shanten_counts(work, golds, shapes, gold_in_play=in_play)
    if now == 0:  # ready: the faces that lower it are its waits (a table look-up)
        return now, sum(1 << t.kind for t in waits_counts(work, golds, shapes).tiles)
    orphans = Shape.THIRTEEN_ORPHANS in shapes
    isolated: int | None = None  # the shanten after drawing a tile that joins nothing: the same for all such
    mask = 0
    for face in range(N_KINDS):
        if counts[face] >= 4:
            continue
        if _joins_nothing(counts, face, orphans):
            if isolated is None:
                isolated = after(face)
            steps = isolated
        else:
            steps = after(face)
        if steps < now:
            mask |= 1 << face
    return now, mask


_ORPHAN_SET = frozenset(ORPHANS)


def _joins_nothing(counts: Sequence[int], face: int, orphans: bool) -> bool:
    """A face with no copy held and no held tile of its suit within two: it can only start a block
    (and 十三幺 treats its kinds apart)."""
    if counts[face] or (orphans and face in _ORPHAN_SET):
        return False
    if face >= 27:
        return True
    lo = face - face % 9
    return not any(counts[k] for k in range(max(lo, face - 2), min(lo + 9, face + 3)))


def links(counts: Sequence[int], tile: Tile, gold: Tile | None) -> int:
    """How many held tiles (face `counts`) a tile works with (copies, and its suit within two):
    loners go first."""
    kind = face_kind(tile.kind, gold)
    if kind >= 27:
        return 2 * counts[kind]
    low, high = kind - kind % 9, kind - kind % 9 + 8
    return 2 * counts[kind] + sum(counts[k] for k in range(max(low, kind - 2), min(high, kind + 2) + 1) if k != kind)


class DiscardReader:
    """The discards of a 3k+2 hand (`sight.hand`, or `tiles` with `shapes`) read once: each
    discard's shanten (`engine.waits.discard_shanten`) and, when asked, its 进张, memoized."""

    def __init__(self, sight: Sight, tiles: Sequence[Tile] | None = None, shapes: frozenset[Shape] | None = None):
        self.sight = sight
        self.hand = tuple(sight.hand if tiles is None else tiles)
        self.shapes = sight.shapes if shapes is None else shapes
        counts, golds = face_counts(self.hand, sight.gold)
        self.counts: Sequence[int] = counts
        self.golds = golds
        self._shanten: Callable[[Tile | None], int] | None = None
        self._efficiency: dict[Tile, Efficiency] = {}

    def now(self) -> int:
        """The 3k+2 hand's own shanten (-1: complete)."""
        return shanten_counts(self.counts, self.golds, self.shapes, gold_in_play=self.sight.gold is not None)

    def shanten(self, tile: Tile) -> int:
        """The shanten the hand is left with once `tile` (held) is discarded."""
        if self._shanten is None:
            self._shanten = discard_shanten(self.hand, gold=self.sight.gold, shapes=self.shapes)
        return self._shanten(tile)

    def efficiency(self, tile: Tile) -> Efficiency:
        """`efficiency` of the hand less `tile` (held)."""
        found = self._efficiency.get(tile)
        if found is None:
            counts, golds = list(self.counts), self.golds
            gold = self.sight.gold
            if gold is not None and tile.kind == gold.kind:
                golds -= 1
            else:
                counts[face_kind(tile.kind, gold)] -= 1
            found = self._efficiency[tile] = _efficiency(counts, golds, self.sight, self.shapes)
        return found

    def links(self, tile: Tile) -> int:
        return links(self.counts, tile, self.sight.gold)
