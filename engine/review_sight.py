"""What one seat could see at one decision (its 视野), read from `engine.view` only.

The hand review (engine/review.py) judges a decision from this and nothing else: the
seat's own concealed tiles and draw, its melds, every river and exposed meld, the gold,
the wall count and the seat's legal actions. Because it is built from `view(state, seat)`
(which never shows another hand or the wall order), a review cannot reveal what the seat
could not see at the time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine import hand_rules as rules
from engine.actions import Action, action_from_json
from engine.shapes import Shape
from engine.sheet import Meld, MeldKind
from engine.tiles import N_KINDS, Tile, parse_tiles
from engine.variants import get as get_variant

__all__ = ["Opponent", "Sight", "sight_of"]


@dataclass(frozen=True, slots=True)
class Opponent:
    """What is public of another seat: its river, exposed melds, 游金 level and tile count."""

    seat: int
    river: tuple[Tile, ...]
    melds: int  # declared sets (concealed kongs included: their existence is public)
    you: int  # 游金 level: 1 单游, 2 双游, ...: such a seat wins only by drawing
    hand_count: int


@dataclass(frozen=True, slots=True)
class Sight:
    """One seat's knowledge at one decision. `unseen[k]`: copies of kind k it cannot see."""

    variant: str
    seat: int
    phase: str
    hand: tuple[Tile, ...]  # concealed tiles, the drawn one included
    drawn: Tile | None
    melds: tuple[Meld, ...]
    gold: Tile | None
    unseen: tuple[int, ...]
    opponents: tuple[Opponent, ...]
    drawable: int
    you: int
    legal: tuple[Action, ...]
    claim_tile: Tile | None  # the discard (or added kong) on offer in a claim window

    @property
    def shapes(self) -> frozenset[Shape]:
        """The winning shapes open to this seat (declared sets rule out the concealed-only shapes)."""
        return rules.shapes_for(get_variant(self.variant), self.melds)

    def is_gold(self, tile: Tile) -> bool:
        return rules.is_gold(tile, self.gold)


def sight_of(seen: Mapping[str, Any]) -> Sight:
    """The Sight of `view(state, seat)` for a seat (ValueError for a spectator's view)."""
    seat = seen.get("you")
    if seat is None:
        raise ValueError("a review needs a seat's own view, not a spectator's")
    own = seen["seats"][seat]
    hand = parse_tiles(own.get("hand", ""))
    melds = tuple(_meld(m) for m in own["melds"])
    gold = Tile.parse(seen["gold"]) if seen.get("gold") else None
    claim = seen.get("claim") or {}
    return Sight(
        variant=seen["variant"],
        seat=seat,
        phase=seen["phase"],
        hand=hand,
        drawn=Tile.parse(own["drawn"]) if own.get("drawn") else None,
        melds=melds,
        gold=gold,
        unseen=_unseen(seen, hand),
        opponents=tuple(_opponent(s) for s in seen["seats"] if s["seat"] != seat),
        drawable=int(seen.get("drawable", 0)),
        you=int(own.get("you", 0)),
        legal=tuple(action_from_json(a) for a in seen.get("legal_actions", [])),
        claim_tile=Tile.parse(claim["tile"]) if claim.get("tile") else None,
    )


def _meld(data: Mapping[str, Any]) -> Meld:
    kind = MeldKind[str(data["kind"]).upper()]
    return Meld(kind, tuple(parse_tiles(data.get("tiles") or "")), bool(data.get("concealed")))


def _opponent(data: Mapping[str, Any]) -> Opponent:
    return Opponent(
        seat=int(data["seat"]),
        river=parse_tiles(data.get("discards", "")),
        melds=len(data.get("melds", [])),
        you=int(data.get("you", 0)),
        hand_count=int(data.get("hand_count", 0)),
    )


def _unseen(seen: Mapping[str, Any], hand: Sequence[Tile]) -> tuple[int, ...]:
    """Copies of each kind not in sight: the variant's tile set less the own hand, every
    river and every meld shown (a concealed kong only to its owner)."""
    total = Counter(t.kind for t in get_variant(seen["variant"]).tile_set)
    visible = Counter(t.kind for t in hand)
    for s in seen["seats"]:
        visible.update(t.kind for t in parse_tiles(s.get("discards", "")))
        for m in s.get("melds", []):
            visible.update(t.kind for t in parse_tiles(m.get("tiles") or ""))
    return tuple(max(0, total[k] - visible[k]) for k in range(N_KINDS))
