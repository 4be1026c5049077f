"""The mutable working copy a rule step edits (`Draft`); `freeze()` makes the next HandState."""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from typing import Any

from engine.events import Event
from engine.hand.state import HandState, Phase, SeatState, Source, Window, _reserve
from engine.sheet import SettlementSheet, WinContext
from engine.tiles import Tile
from engine.variants import Variant


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

    def __init__(self, state: HandState) -> None:
        self.__dict__.update({f.name: getattr(state, f.name) for f in dataclasses.fields(state)})
        self.seats: list[SeatState] = list(state.seats)
        self.events: list[Event] = []
        self.variant_rules: Variant = state.rules

    def freeze(self) -> HandState:
        names = [f.name for f in dataclasses.fields(HandState)]
        values = {n: getattr(self, n) for n in names}
        values["seats"] = tuple(self.seats)
        window = self.window
        if window is not None and window.opened is None:
            values["window"] = replace(window, opened=self.version)  # put to the seats at this version
        return HandState(**values)

    def set_seat(self, seat: int, **changes: Any) -> None:
        self.seats[seat] = replace(self.seats[seat], **changes)

    def emit(self, event: Event) -> None:
        self.events.append(event)

    @property
    def n(self) -> int:
        return len(self.seats)

    def drawable(self) -> int:
        """Live tiles left before the exhaustive draw."""
        return self.back - self.front - _reserve(self.variant_rules, self.seats)

    def state(self) -> HandState:
        return self.freeze()
