"""The move evaluator the hand review asks: efficiency and danger of a choice, from a Sight.

INTERIM ADAPTER. The review must judge moves as the bots do (issue #14's
`engine/evaluation.py`); until that evaluator is on main this module answers the same
two questions with the engine's own shanten (engine.waits, golds and 白板 counted) and a
plain public-information danger estimate. The review calls only `efficiency` and
`danger`, so switching to the bots' evaluator changes this module alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import hand_rules as rules
from engine.review_sight import Opponent, Sight
from engine.shapes import Shape
from engine.tiles import BAIBAN, N_KINDS, TERMINALS_AND_HONORS, Tile

__all__ = ["Efficiency", "danger", "efficiency", "shanten"]

_TILES = tuple(Tile(k) for k in range(N_KINDS))


@dataclass(frozen=True, slots=True)
class Efficiency:
    """A 3k+1 concealed hand's shanten (向听; 0 ready) and its effective tiles (有效牌):
    the live copies, as far as the seat can see, of the kinds that lower the shanten."""

    shanten: int
    effective: int
    kinds: tuple[Tile, ...]


def shanten(sight: Sight, rest: Sequence[Tile]) -> int:
    """Shanten of `rest` (3k+1 concealed tiles) with the shapes open to the seat."""
    return rules.shanten_of(rest, sight.gold, sight.shapes)


def efficiency(sight: Sight, rest: Sequence[Tile]) -> Efficiency:
    """Shanten and effective tiles of `rest` (3k+1 concealed tiles) for the seat of `sight`."""
    shapes = sight.shapes
    now = rules.shanten_of(rest, sight.gold, shapes)
    if now == 0:  # ready: the effective tiles are the waits (游金: any tile)
        waits, any_tile = rules.wait_tiles(rest, sight.gold, shapes)
        kinds = tuple(t for t in (_TILES if any_tile else waits) if sight.unseen[t.kind])
    else:
        kinds = tuple(
            t
            for t in _draws_worth_trying(rest, sight.gold, shapes)
            if sight.unseen[t.kind] and rules.shanten_of((*rest, t), sight.gold, shapes) < now
        )
    return Efficiency(now, sum(sight.unseen[t.kind] for t in kinds), kinds)


def _draws_worth_trying(rest: Sequence[Tile], gold: Tile | None, shapes: frozenset[Shape]) -> tuple[Tile, ...]:
    """Kinds whose draw could lower the shanten. Without a gold in hand a tile helps only
    next to (or on) a tile held, or as a 十三幺 tile; with a gold any tile may make a set."""
    if gold is not None and any(rules.is_gold(t, gold) for t in rest):
        return _TILES
    near: set[int] = set() if gold is None else {gold.kind}
    for tile in rest:
        face = rules.face(tile, gold)
        if face.is_honor:
            near.add(face.kind)
        else:
            low, high = max(0, face.number - 3), min(8, face.number + 1)
            base = face.kind - (face.number - 1)
            near.update(base + n for n in range(low, high + 1))
    if Shape.THIRTEEN_ORPHANS in shapes:
        near.update(TERMINALS_AND_HONORS)
    return tuple(_draw_tiles(near, gold))


def _draw_tiles(faces: set[int], gold: Tile | None) -> list[Tile]:
    """The tiles that play as these faces: in a gold game the gold's face is 白板."""
    out = []
    for kind in sorted(faces):
        out.append(_TILES[kind])
        if gold is not None and kind == gold.kind and gold.kind != BAIBAN:
            out.append(_TILES[BAIBAN])
    return out


# ------------------------------------------------------------------ danger (放炮 risk)

_WAIT_SHARE = 0.12  # chance a given live kind is among a ready hand's waits (2-4 kinds of 34)


def danger(sight: Sight, tile: Tile) -> float:
    """Estimated chance (0..1) that discarding `tile` now deals in (点炮) to some opponent,
    from public information only: how far each opponent's hand has gone, and the tile."""
    if sight.is_gold(tile):
        return 0.0  # nobody may win on a discarded gold
    safe = 1.0
    for other in sight.opponents:
        safe *= 1.0 - _ready_chance(sight, other) * _wait_chance(sight, other, tile)
    return round(1.0 - safe, 3)


def _ready_chance(sight: Sight, other: Opponent) -> float:
    """Rough chance the opponent is ready, rising with its discards and declared sets.
    A seat in 游金 wins only by drawing: it cannot be dealt in to."""
    if other.you >= 1 and sight.gold is not None:
        return 0.0
    return min(0.9, 0.03 + 0.035 * len(other.river) + 0.18 * other.melds)


def _wait_chance(sight: Sight, other: Opponent, tile: Tile) -> float:
    """How likely `tile` is one of a ready opponent's waits: lower for its own discards,
    for terminals and honours, and for kinds whose copies are mostly in sight."""
    unseen = sight.unseen[tile.kind]
    if tile.is_honor:
        shape = 0.6 * unseen / 3 if unseen else 0.0  # only a pair or a single can wait on it
    elif tile.is_terminal:
        shape = 0.7
    elif tile.number in (2, 8):
        shape = 0.85
    else:
        shape = 1.0
    if tile in other.river:
        shape *= 0.35
    return _WAIT_SHARE * shape
