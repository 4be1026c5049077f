"""The mutable working copy a rule step edits (`Draft`); `freeze()` makes the next HandState."""

from __future__ import annotations

import dataclasses
from operator import attrgetter
from typing import Any

from engine.events import Event
from engine.hand.state import HandState, Phase, SeatState, Source, Window, dead_wall_reserve, replace_seat
from engine.sheet import SettlementSheet, WinContext
from engine.tiles import Tile
from engine.variants import Variant

_FIELDS = tuple(f.name for f in dataclasses.fields(HandState))  # read once: fields() is slow
_READ_FIELDS = attrgetter(*_FIELDS)  # every field's value in one C call, in field order
_SEATS_AT, _WINDOW_AT = _FIELDS.index("seats"), _FIELDS.index("window")


class Draft:
    """A mutable working copy for one rule step; `freeze()` makes the next HandState."""

    # The HandState fields, mutable here (seats as a list).
    variant: str
    seed: str
    dealer: int
    streak: int
    base: int
    options: dict[str, Any]
    wall: tuple[Tile, ...]
    front: int
    back: int
    dice: tuple[int, ...]
    gold: Tile | None
    indicator: int | None
    phase: Phase
    turn: int
    source: Source
    window: Window | None
    version: int
    fenbing: int
    fenbing_round: tuple[Tile, ...]
    fenbing_alive: bool
    last_discard: int | None
    wrong_guesses: tuple[int, ...]
    ext: dict[str, Any]
    result: WinContext | None
    sheet: SettlementSheet | None
    seats: list[SeatState]
    events: list[Event]
    variant_rules: Variant

    def __init__(self, state: HandState) -> None:
        fields = self.__dict__  # set directly: nothing is edited yet
        fields.update(zip(_FIELDS, _READ_FIELDS(state), strict=True))
        fields["seats"] = list(state.seats)
        fields["events"] = []
        fields["variant_rules"] = state.rules
        # While nothing is edited the draft *is* `state` (a new window also needs its `opened`).
        fields["_frozen"] = state if state.window is None or state.window.opened is not None else None

    def __setattr__(self, name: str, value: Any) -> None:
        # Any edit makes the frozen copy stale; `state()` builds a new one when next asked.
        self.__dict__["_frozen"] = None
        self.__dict__[name] = value

    def freeze(self) -> HandState:
        frozen: HandState | None = self.__dict__["_frozen"]
        if frozen is not None:
            return frozen
        values = list(_READ_FIELDS(self))
        values[_SEATS_AT] = tuple(self.seats)
        window = self.window
        if window is not None and window.opened is None:
            # Put to the seats at this version (built directly: `replace` scans the fields per call).
            values[_WINDOW_AT] = Window(window.tile, window.source, window.options, window.answers, self.version)
        frozen = HandState(*values)
        self.__dict__["_frozen"] = frozen
        return frozen

    def set_seat(self, seat: int, **changes: Any) -> None:
        self.seats[seat] = replace_seat(self.seats[seat], **changes)
        self.__dict__["_frozen"] = None

    def emit(self, event: Event) -> None:
        self.events.append(event)  # events are not part of the state: the frozen copy stays

    @property
    def n(self) -> int:
        return len(self.seats)

    def drawable(self) -> int:
        """Live tiles left before the exhaustive draw."""
        return self.back - self.front - dead_wall_reserve(self.variant_rules, self.seats)

    def state(self) -> HandState:
        return self.freeze()
