"""What one seat could see at one decision (its 视野): what `engine.view` shows that seat.

The hand review (engine/review.py) judges a decision from this and nothing else: the
seat's own concealed tiles and draw, its melds and legal actions, read from
`view(state, seat)` (which never shows another hand or the wall order), and the
judgement's `engine.judge.Sight` of the same seat (the bots' view of the table:
rivers, exposed melds, the gold, 游金 levels, the wall count, flowers, 报听). A review therefore cannot
reveal what the seat could not see at the time. (`sight_of` reads a view; the review builds the
same value from the state fields that view shows, which is quicker, and a story test holds the two
equal at every seat of every step: tests/engine/review/test_fast_review_equals_the_straightforward_one.py.)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine import hand_rules as rules
from engine import judge
from engine.actions import Action, action_from_json
from engine.shapes import Shape
from engine.sheet import Meld, MeldKind
from engine.tiles import Tile, parse_tiles

__all__ = ["Sight", "sight_of"]


@dataclass(frozen=True, slots=True)
class Sight:
    """One seat's knowledge at one decision: its tiles, its options, and the judgement's
    reading of the table (`judged`: engine.judge's Sight, the same the bots play from)."""

    variant: str
    seat: int
    phase: str
    hand: tuple[Tile, ...]  # concealed tiles, the drawn one included
    drawn: Tile | None
    melds: tuple[Meld, ...]
    gold: Tile | None
    you: int
    legal: tuple[Action, ...]
    claim_tile: Tile | None  # the discard (or added kong) on offer in a claim window
    judged: judge.Sight

    @property
    def shapes(self) -> frozenset[Shape]:
        """The winning shapes open to this seat (declared sets rule out the concealed-only shapes)."""
        return self.judged.shapes

    def is_gold(self, tile: Tile) -> bool:
        return rules.is_gold(tile, self.gold)


def sight_of(seen: Mapping[str, Any], judged: judge.Sight) -> Sight:
    """The Sight of `view(state, seat)` for a seat (ValueError for a spectator's view), with the
    judgement's Sight of the same seat at the same moment."""
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
        you=int(own.get("you", 0)),
        legal=tuple(action_from_json(a) for a in seen.get("legal_actions", [])),
        claim_tile=Tile.parse(claim["tile"]) if claim.get("tile") else None,
        judged=judged,
    )


def _meld(data: Mapping[str, Any]) -> Meld:
    kind = MeldKind[str(data["kind"]).upper()]
    return Meld(kind, tuple(parse_tiles(data.get("tiles") or "")), bool(data.get("concealed")))
