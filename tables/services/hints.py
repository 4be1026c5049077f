"""Hints for a seated player: which tiles they wait on (听牌), and what each discard would leave.

Computed from the engine's own rule checks (engine.hand_rules), for the seat's own
concealed tiles only, so a hint never tells a player anything they could not work out.
"""

from __future__ import annotations

from typing import Any

from engine import hand_rules as rules
from engine.hand import HandState
from engine.tiles import Tile


def _waits(state: HandState, seat: int, tiles: tuple[Tile, ...]) -> dict[str, Any] | None:
    """The waits of a 3k+1 set of concealed tiles, or None when they are not ready."""
    shapes = rules.shapes_for(state.rules, state.seats[seat].melds)
    tiles_, any_tile = rules.wait_tiles(tiles, state.gold, shapes)
    if not tiles_ and not any_tile:
        return None
    return {"tiles": [str(t) for t in tiles_], "any": any_tile}


def _without(tiles: tuple[Tile, ...], tile: Tile) -> tuple[Tile, ...]:
    rest = list(tiles)
    rest.remove(tile)
    return tuple(rest)


def hints(state: HandState, seat: int) -> dict[str, Any]:
    """`waits`: what the seat's concealed hand waits on when ready — the 3k+1 hand, or in its
    turn the hand before the tile just drawn. With 3k+2 tiles, `discard_waits`: for each tile
    whose discard leaves the hand ready, those waits."""
    s = state.seats[seat]
    hand = tuple(s.hand)
    if state.finished or not hand:
        return {"waits": None, "discard_waits": {}}
    if len(hand) % 3 == 1:
        return {"waits": _waits(state, seat, hand), "discard_waits": {}}
    before = _waits(state, seat, _without(hand, s.drawn)) if s.drawn is not None else None
    after: dict[str, Any] = {}
    for tile in sorted(set(hand)):
        ready = _waits(state, seat, _without(hand, tile))
        if ready is not None:
            after[str(tile)] = ready
    return {"waits": before, "discard_waits": after}
