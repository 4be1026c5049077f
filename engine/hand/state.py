"""The hand's immutable value types: phases, seats, claim windows, the HandState and a rule step's Progress."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import IntEnum
from operator import attrgetter
from typing import Any

from engine.events import Event
from engine.hand_codec import decode, encode
from engine.sheet import Meld, MeldKind, SettlementSheet, WinContext
from engine.tiles import Tile
from engine.variants import Variant
from engine.variants import get as get_variant


class Phase(IntEnum):
    NAME_GOLD = 1  # 喊金: the dealer names the gold before the deal
    OPENING = 2  # 天胡 / 三金倒 / 四金倒 / 抢金 before the dealer's first discard
    TURN = 3  # the seat in turn holds 3k+2 tiles: discard, kong or win
    CLAIM = 4  # a discard is on the table: win > kong/pong > chow
    ROB_KONG = 5  # 抢杠胡 window on an added kong
    GUESS = 6  # 抢暗杠: a ready player may guess a concealed kong before drawing
    FINISHED = 7
    EXCHANGE = 8  # a variant's exchange after the deal (erren 开始时换牌): every seat answers once
    OFFER = 9  # a variant's offer to one seat (erren 搓牌 before a draw, 游戏中换牌 after it)


class Source(IntEnum):
    """How the seat in turn came to hold 3k+2 tiles."""

    DEAL = 1
    DRAW = 2
    REPLACEMENT = 3  # after a kong (杠上)
    CLAIM = 4  # after a chow or pong: no self-draw win


@dataclass(frozen=True, slots=True)
class SeatState:
    """One seat's tiles and flags. `hand` is sorted and concealed."""

    hand: tuple[Tile, ...] = ()
    melds: tuple[Meld, ...] = ()
    flowers: tuple[Tile, ...] = ()
    river: tuple[Tile, ...] = ()  # this seat's discards in order, less those claimed into melds
    drawn: Tile | None = None  # the tile just drawn (shown to this seat)
    you: int = 0  # 游金 level: 0 none, 1 单游, 2 双游, 3 三游/四游
    turns: int = 0  # own turns started
    furiten: bool = False  # 先弃后和: passed a discard win since the last own draw
    sanjindao_gone: bool = False  # passed 起手三金倒
    # pinghe 000 §9(9): a 单吊 or 对对胡 hand that enters 游金 is in the 双游 state at once
    # (`you` stays the win type's level; the hand 番 of 单吊/对对胡 makes up the difference).
    you_special: bool = False

    @property
    def in_shuangyou(self) -> bool:
        """In the 双游 state or beyond: the others may only win by self-draw, nobody claims."""
        return self.you >= 2 or (self.you >= 1 and self.you_special)

    def to_json(self) -> dict[str, Any]:
        return encode(self)  # type: ignore[no-any-return]


_SEAT_FIELDS = tuple(SeatState.__dataclass_fields__)
_READ_SEAT = attrgetter(*_SEAT_FIELDS)  # every field's value in one C call


_SEAT_AT = {name: i for i, name in enumerate(_SEAT_FIELDS)}


def replace_seat(seat: SeatState, **changes: Any) -> SeatState:
    """`dataclasses.replace` for a SeatState, without its per-call field scan (a rule step's hot path):
    the fields are read in one call and passed by position. An unknown field is a TypeError."""
    values = list(_READ_SEAT(seat))
    for name, value in changes.items():
        at = _SEAT_AT.get(name)
        if at is None:
            raise TypeError(f"SeatState has no field {name!r}")
        values[at] = value
    return SeatState(*values)


@dataclass(frozen=True, slots=True)
class Window:
    """Open decisions: which seats answer and what each is offered; answers so far (action JSON).

    A window is put to every seat its kind reaches by position and public facts alone (after a
    discard: every other seat), whatever their concealed tiles: a seat offered nothing answers
    `pass` like the others. Who holds a claim, and who has answered, stay secret until the window
    closes, so what the table shows of a window never depends on another seat's tiles.
    `opened` is the hand version at which the window was put to the seats (set by the rule step).
    """

    tile: Tile | None
    source: int | None
    options: tuple[tuple[int, tuple[str, ...]], ...]
    answers: tuple[tuple[int, dict[str, Any]], ...] = ()
    opened: int | None = None

    def answered(self, seat: int, answer: dict[str, Any]) -> Window:
        """This window with `seat`'s answer (action JSON) added."""
        return Window(self.tile, self.source, self.options, (*self.answers, (seat, answer)), self.opened)

    def offered(self, seat: int) -> tuple[str, ...]:
        for asked, offer in self.options:  # at most three seats: no dict to build
            if asked == seat:
                return offer
        return ()

    @property
    def asked(self) -> tuple[int, ...]:
        """Every seat the window was put to (public, unchanged until the window closes)."""
        return tuple([s for s, _ in self.options])  # a list first: no generator to run (asked at every step)

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats yet to answer (secret: answers are not announced)."""
        answers = self.answers
        if not answers:
            return tuple([s for s, _ in self.options])
        answered = [s for s, _ in answers]  # at most three seats: a list is searched as fast as a set is built
        return tuple([s for s, _ in self.options if s not in answered])


@dataclass(frozen=True, slots=True)
class HandState:
    """An immutable hand. Only `view()` output may go to players; this holds the wall."""

    variant: str
    seed: str
    dealer: int
    streak: int
    base: int
    options: dict[str, Any]
    wall: tuple[Tile, ...]
    front: int  # next live-end index (normal draws)
    back: int  # one past the replacement end (flower and kong replacements come from wall[back - 1])
    dice: tuple[int, ...]
    gold: Tile | None
    indicator: int | None  # wall index of the turned-up gold, None with 喊金
    seats: tuple[SeatState, ...]
    phase: Phase
    turn: int
    source: Source
    window: Window | None = None
    version: int = 0
    fenbing: int = 0  # 分饼 rounds followed so far
    fenbing_round: tuple[Tile, ...] = ()
    fenbing_alive: bool = True
    last_discard: int | None = None  # seat whose discard is on the table
    wrong_guesses: tuple[int, ...] = ()  # pinghe: seats that guessed a 抢暗杠 wrong (each pays on the sheet)
    ext: dict[str, Any] = field(default_factory=dict)  # a variant's own flow data (plain JSON), kept by its hooks
    result: WinContext | None = None
    sheet: SettlementSheet | None = field(default=None, compare=False)

    @property
    def rules(self) -> Variant:
        return get_variant(self.variant)

    @property
    def n_seats(self) -> int:
        return len(self.seats)

    @property
    def finished(self) -> bool:
        return self.phase == Phase.FINISHED

    @property
    def remaining(self) -> int:
        return self.back - self.front

    @property
    def reserve(self) -> int:
        """Tiles that stay undrawn (流局/臭庄 threshold), growing with kongs and flowers."""
        return dead_wall_reserve(self.rules, self.seats)

    @property
    def drawable(self) -> int:
        """Live tiles left before the exhaustive draw."""
        return max(0, self.remaining - self.reserve)

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that must decide now."""
        if self.phase == Phase.FINISHED:
            return ()
        if self.phase == Phase.TURN:
            return (self.turn,)
        if self.phase == Phase.NAME_GOLD:
            return (self.dealer,)
        return self.window.waiting if self.window else ()

    @property
    def public_to_act(self) -> tuple[int, ...]:
        """Who is being asked, as every seat and spectator may know it: during a window, every seat
        it was put to until it closes (who has answered is secret); otherwise `to_act`."""
        if self.window is not None and self.phase != Phase.FINISHED:
            return self.window.asked
        return self.to_act

    @property
    def decision_version(self) -> int:
        """The version at which the open decision was put to the seats: a window's opening while it
        is open (its secret answers move `version` but not this), otherwise `version`. Clients act
        on this one, and it is the only version a view shows."""
        window = self.window
        return window.opened if window is not None and window.opened is not None else self.version

    @property
    def deadline_seats(self) -> tuple[int, ...]:
        """Seats on a clock: an unanswered claim is a pass, an idle turn is played by the bot."""
        return self.to_act

    @property
    def shuangyou_seat(self) -> int | None:
        """The seat in 双游 or beyond: the others may only win by self-draw meanwhile."""
        return shuangyou_seat_of(self.seats)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = encode(self)
        data.pop("sheet")
        return data

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> HandState:
        fields_ = {k: v for k, v in data.items() if k != "sheet"}
        state: HandState = decode(HandState, fields_)
        return replace(state, sheet=settled_sheet(state)) if state.result else state


@dataclass(frozen=True, slots=True)
class Progress:
    """The result of a rule step: the new state and what happened."""

    state: HandState
    events: tuple[Event, ...]


def shuangyou_seat_of(seats: tuple[SeatState, ...] | list[SeatState]) -> int | None:
    """`HandState.shuangyou_seat` of these seats (a rule step reads it from its draft's seats)."""
    for i, seat in enumerate(seats):
        if seat.you and seat.in_shuangyou:  # most seats are not in 游金 at all: skip the property
            return i
    return None


def dead_wall_reserve(rules_: Variant, seats: tuple[SeatState, ...] | list[SeatState]) -> int:
    """The dead wall's size (DeadWall): asked before every draw, so only the melds there are are
    read, and flowers only where they count (flower points start at four)."""
    dw = rules_.dead_wall
    total = dw.base
    for seat in seats:
        for m in seat.melds:
            if m.kind == MeldKind.KONG:
                total += dw.per_concealed_kong if m.concealed else dw.per_exposed_kong
        if len(seat.flowers) >= 4:
            total += dw.per_flower_point * flower_points(len(seat.flowers))
    return total


def flower_points(flowers: int) -> int:
    """花分 (nanping): four flowers count as one exposed kong, each further flower one more."""
    return flowers - 3 if flowers >= 4 else 0


def settled_sheet(state: HandState) -> SettlementSheet | None:
    if state.result is None:
        return None
    return state.rules.settle_function()(state.result)  # type: ignore[no-any-return]
