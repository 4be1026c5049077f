"""erren's own decisions and refusals: the opening exchange, 报听, 搓牌 and 游戏中换牌.

Registered with the shared action parser (`engine.actions.register_action`), so
`action_from_json({"type": "exchange", "tiles": ["1z", "9m"]})` works like any
other action.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.actions import Action, IllegalAction, MalformedAction, register_action
from engine.tiles import NotationError, Tile


class NotReadyToDeclare(IllegalAction):
    """报听 needs the discard to leave the hand ready (听牌)"""

    code = "not_ready_to_declare"
    default_reason = "报听 needs the discard to leave the hand ready (听牌)"


class AlreadyDeclared(IllegalAction):
    """this seat has already declared 报听"""

    code = "already_declared"
    default_reason = "this seat has already declared 报听"


class DeclaredHandLocked(IllegalAction):
    """after 报听 the hand cannot change: only win or let the drawn tile go"""

    code = "declared_hand_locked"
    default_reason = "after 报听 the hand cannot change: only win or let the drawn tile go"


class BadExchange(IllegalAction):
    """the exchanged tiles are not all in the hand"""

    code = "bad_exchange"
    default_reason = "the exchanged tiles are not all in the hand"


class NotOffered(IllegalAction):
    """that tile or triplet is not on offer"""

    code = "not_offered"
    default_reason = "that tile or triplet is not on offer"


def _tiles(cls: type[Action], data: Mapping[str, Any], name: str) -> tuple[Tile, ...]:
    value = data.get(name)
    if not isinstance(value, list | tuple):
        raise MalformedAction(f"{cls.type} needs {name!r}: a list of tiles")
    try:
        return tuple(Tile.parse(str(t)) for t in value)
    except NotationError as exc:
        raise MalformedAction(f"{cls.type}.{name}: {exc}") from None


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """开始时换牌: give these tiles (any number, none included) for as many from the undealt tiles."""

    type: ClassVar[str] = "exchange"
    tiles: tuple[Tile, ...]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Exchange:
        return cls(tuple(sorted(_tiles(cls, data, "tiles"))))


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """报听: discard `tile` and declare ready; from then on the system draws and discards for this seat."""

    type: ClassVar[str] = "declare"
    tile: Tile  # read from JSON by the shared parser, like Discard's


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """搓牌: draw this tile (any tile still unseen) instead of the next one."""

    type: ClassVar[str] = "pick"
    tile: Tile  # read from JSON by the shared parser, like Discard's


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """游戏中换牌: take the offered triplet, giving these three tiles from the hand."""

    type: ClassVar[str] = "swap"
    tiles: tuple[Tile, Tile, Tile]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Swap:
        tiles = tuple(sorted(_tiles(cls, data, "tiles")))
        if len(tiles) != 3:
            raise MalformedAction("swap gives exactly three tiles")
        return cls((tiles[0], tiles[1], tiles[2]))


for _cls in (Exchange, Declare, Pick, Swap):
    register_action(_cls)
