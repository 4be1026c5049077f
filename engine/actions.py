"""Every decision a player can make, and every way it can be illegal.

Actions are frozen dataclasses with `to_json()` -> `{"type": "discard", "tile": "5m"}`;
`action_from_json` parses them back and raises `MalformedAction` on bad input.
Each reason an action is refused is its own `IllegalAction` subclass with a
stable `.code` (for clients) and a readable `.reason`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.tiles import NotationError, Tile

# ---------------------------------------------------------------- refusals


class IllegalAction(Exception):
    """The action is not allowed now; the state is unchanged."""

    code: ClassVar[str] = "illegal"
    default_reason: ClassVar[str] = "illegal action"

    def __init__(self, reason: str | None = None) -> None:
        self.reason = reason or self.default_reason
        super().__init__(self.reason)


class MalformedAction(IllegalAction):
    """the action is not well formed"""

    code = "malformed"
    default_reason = "the action is not well formed"


class HandFinished(IllegalAction):
    """the hand is over"""

    code = "hand_finished"
    default_reason = "the hand is over"


class NotYourTurn(IllegalAction):
    """this seat has nothing to decide now"""

    code = "not_your_turn"
    default_reason = "this seat has nothing to decide now"


class WrongPhase(IllegalAction):
    """that action does not belong to this phase of the hand"""

    code = "wrong_phase"
    default_reason = "that action does not belong to this phase of the hand"


class AlreadyAnswered(IllegalAction):
    """this seat has already answered the claim"""

    code = "already_answered"
    default_reason = "this seat has already answered the claim"


class TileNotInHand(IllegalAction):
    """that tile is not in the hand"""

    code = "tile_not_in_hand"
    default_reason = "that tile is not in the hand"


class GoldDiscardForbidden(IllegalAction):
    """a gold (金) may only be discarded to enter 双游"""

    code = "gold_discard_forbidden"
    default_reason = "a gold (金) may only be discarded to enter 双游"


class MustDiscardDrawnTile(IllegalAction):
    """while another player is in 双游 only the drawn tile may be discarded"""

    code = "must_discard_drawn"
    default_reason = "while another player is in 双游 only the drawn tile may be discarded"


class NotAWinningHand(IllegalAction):
    """the hand does not win"""

    code = "not_a_win"
    default_reason = "the hand does not win"


class DiscardWinNeedsPoints(IllegalAction):
    """a discard win (点炮/抢杠胡) needs 3 分 (花, 暗刻, 杠, 箭刻)"""

    code = "needs_three_points"
    default_reason = "a discard win (点炮/抢杠胡) needs 3 分 (花, 暗刻, 杠, 箭刻)"


class DiscardWinWithGold(IllegalAction):
    """with that many golds in hand only a self-draw (自摸) wins"""

    code = "discard_win_with_gold"
    default_reason = "with that many golds in hand only a self-draw (自摸) wins"


class WinOnDiscardedGold(IllegalAction):
    """nobody may win on, chow or pong a discarded gold"""

    code = "win_on_gold"
    default_reason = "nobody may win on, chow or pong a discarded gold"


class YoujinOnly(IllegalAction):
    """with three golds only 游金 or better wins"""

    code = "youjin_only"
    default_reason = "with three golds only 游金 or better wins"


class YoujinNoDiscardWin(IllegalAction):
    """in 游金 a player wins only by drawing"""

    code = "youjin_no_discard_win"
    default_reason = "in 游金 a player wins only by drawing"


class PassedWinThisRound(IllegalAction):
    """先弃后和: after passing a win, no discard win until your own next draw"""

    code = "passed_win"
    default_reason = "先弃后和: after passing a win, no discard win until your own next draw"


class ChowNotFromLeft(IllegalAction):
    """a chow takes only the discard of the player on the left"""

    code = "chow_not_from_left"
    default_reason = "a chow takes only the discard of the player on the left"


class NoSuchChow(IllegalAction):
    """those tiles do not make a run with the discard"""

    code = "no_such_chow"
    default_reason = "those tiles do not make a run with the discard"


class CannotPong(IllegalAction):
    """a pong needs two matching tiles in hand"""

    code = "cannot_pong"
    default_reason = "a pong needs two matching tiles in hand"


class CannotKong(IllegalAction):
    """no kong of that tile is possible now"""

    code = "cannot_kong"
    default_reason = "no kong of that tile is possible now"


class NoTilesLeft(IllegalAction):
    """no replacement tile is left for a kong"""

    code = "no_tiles_left"
    default_reason = "no replacement tile is left for a kong"


class ClaimNotOffered(IllegalAction):
    """that claim is not open to this seat"""

    code = "claim_not_offered"
    default_reason = "that claim is not open to this seat"


class NoSuchKong(IllegalAction):
    """there is no concealed kong there to rob"""

    code = "no_such_kong"
    default_reason = "there is no concealed kong there to rob"


class NamedGoldInvalid(IllegalAction):
    """the gold must be a non-flower tile"""

    code = "bad_named_gold"
    default_reason = "the gold must be a non-flower tile"


class QiangjinNotAllowed(IllegalAction):
    """抢金 only at the start with a ready hand"""

    code = "qiangjin_not_allowed"
    default_reason = "抢金 only at the start with a ready hand"


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Action:
    """Base of all actions; `type` is the JSON tag."""

    type: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        for name in _slots(type(self)):
            value = getattr(self, name)
            data[name] = _json_value(value)
        return data


def _slots(cls: type[Action]) -> tuple[str, ...]:
    return tuple(getattr(cls, "__slots__", ()))


def _json_value(value: Any) -> Any:
    if isinstance(value, Tile):
        return str(value)
    if isinstance(value, tuple):
        return [_json_value(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """打牌: discard a tile from the hand."""

    type: ClassVar[str] = "discard"
    tile: Tile


@dataclass(frozen=True, slots=True)
class Win(Action):
    """胡: win now (self-draw in one's turn, or on the discard / robbed kong in a claim window).

    The engine scores the best legal way (自摸, 游金, 三金倒, 天胡, ...)."""

    type: ClassVar[str] = "win"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """过: decline a claim, 抢金, or a 抢暗杠 guess."""

    type: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Pong(Action):
    """碰: take the discard with two matching tiles."""

    type: ClassVar[str] = "pong"


@dataclass(frozen=True, slots=True)
class Chow(Action):
    """吃: take the left player's discard with two tiles from hand forming a run."""

    type: ClassVar[str] = "chow"
    tiles: tuple[Tile, Tile]


@dataclass(frozen=True, slots=True)
class Kong(Action):
    """杠: on a discard (明杠), or in one's turn a concealed (暗杠) or added (加杠) kong of `tile`."""

    type: ClassVar[str] = "kong"
    tile: Tile


@dataclass(frozen=True, slots=True)
class QiangJin(Action):
    """抢金 (天听): take the turned-up gold and win. The dealer names the tile to give up."""

    type: ClassVar[str] = "qiangjin"
    tile: Tile | None = None


@dataclass(frozen=True, slots=True)
class RobConcealedKong(Action):
    """抢暗杠 / 抢杠自摸: guess that seat's concealed kong (by meld index) is one's winning tile."""

    type: ClassVar[str] = "rob_concealed_kong"
    seat: int
    index: int


@dataclass(frozen=True, slots=True)
class NameGold(Action):
    """喊金: the dealer names the gold before the deal."""

    type: ClassVar[str] = "name_gold"
    tile: Tile


ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls for cls in (Discard, Win, Pass, Pong, Chow, Kong, QiangJin, RobConcealedKong, NameGold)
}


def register_action(cls: type[Action]) -> type[Action]:
    """Add a variant's own action type (e.g. erren's exchange) to the JSON parser."""
    ACTION_TYPES[cls.type] = cls
    return cls


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Parse `{"type": ..., ...}`; MalformedAction names what is wrong."""
    if not isinstance(data, Mapping):
        raise MalformedAction(f"an action is a JSON object, not {type(data).__name__}")
    cls = ACTION_TYPES.get(str(data.get("type")))  # the games' own actions too: engine.games registers them
    if cls is None:
        raise MalformedAction(f"unknown action type {data.get('type')!r}; one of {', '.join(ACTION_TYPES)}")
    custom = getattr(cls, "from_json", None)
    if custom is not None:  # a variant's action with fields of its own (e.g. erren's tile lists)
        return custom(data)  # type: ignore[no-any-return]
    kwargs: dict[str, Any] = {}
    for name in _slots(cls):
        if name not in data:
            if name == "tile" and cls is QiangJin:
                continue
            raise MalformedAction(f"{cls.type} needs {name!r}")
        kwargs[name] = _parse_field(cls, name, data[name])
    return cls(**kwargs)


def _parse_field(cls: type[Action], name: str, value: Any) -> Any:
    try:
        if name == "tile":
            return None if value is None and cls is QiangJin else Tile.parse(str(value))
        if name == "tiles":
            if not isinstance(value, list | tuple) or len(value) != 2:
                raise MalformedAction("chow needs two tiles")
            return (Tile.parse(str(value[0])), Tile.parse(str(value[1])))
    except NotationError as exc:
        raise MalformedAction(f"{cls.type}.{name}: {exc}") from None
    if not isinstance(value, int) or isinstance(value, bool):
        raise MalformedAction(f"{cls.type}.{name} must be an integer")
    return value
