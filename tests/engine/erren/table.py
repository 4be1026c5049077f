"""A scripted erren table: Alice (seat 0) and Bob (seat 1), the wall laid out as a story needs it.

After the deal the wall reads: the 71 live tiles (`live`, then padding), the
face-up bonus tile (花牌), the three 海底捞月 tiles (`haidi`, then padding), and
the tiles the opening exchange hands out (`pool`). Padding never uses the kinds
in `avoid`, so a story can keep every copy of a winning tile out of the live wall.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.events import Event
from engine.games.erren.actions import Declare, Exchange, Pick, Swap
from engine.games.erren.rules import HAIDI_DRAWS, LIVE_WALL
from engine.hand import HandState, Window, start_hand
from engine.hand_script import arrange
from engine.sheet import SettlementSheet, WinContext
from engine.tiles import Tile, format_tiles, parse_tiles
from engine.variants import get as get_variant
from tests.engine.flow.harness import ALICE, BOB, PASS, WIN, D, play_events

# The flow stories' cast, moves and `play` serve the erren stories too.
__all__ = [
    "ALICE",
    "BOB",
    "DECLARE",
    "EXCHANGE",
    "KEEP",
    "PASS",
    "PICK",
    "SWAP",
    "WIN",
    "D",
    "fan_items",
    "hand",
    "kinds",
    "play",
    "result",
    "sheet",
    "table",
    "window",
]

KEEP = Exchange(())  # 开始时换牌: exchange nothing


def DECLARE(tile: str) -> Declare:
    return Declare(Tile.parse(tile))


def EXCHANGE(tiles: str) -> Exchange:
    return Exchange(tuple(sorted(parse_tiles(tiles))))


def PICK(tile: str) -> Pick:
    return Pick(Tile.parse(tile))


def SWAP(tiles: str) -> Swap:
    a, b, c = sorted(parse_tiles(tiles))
    return Swap((a, b, c))


def table(
    alice: str,
    bob: str,
    *,
    dealer: int = ALICE,
    live: str = "",
    bonus: str = "",
    haidi: str = "",
    pool: str = "",
    avoid: str = "",
    base: int = 10,
    **options: Any,
) -> tuple[HandState, tuple[Event, ...]]:
    """The hand right after the deal (the exchange window open), with the deal's events."""
    listed = Counter(parse_tiles(alice + bob + live + bonus + haidi + pool))
    spare = Counter(get_variant("erren").tile_set)
    spare.subtract(listed)
    if any(n < 0 for n in spare.values()):
        raise ValueError("the story uses a tile more than four times")
    banned = {t.kind for t in parse_tiles(avoid)}
    padding = [t for t in sorted(spare.elements()) if t.kind not in banned]
    live_tiles = _pad(parse_tiles(live), LIVE_WALL, padding)
    bonus_tiles = _pad(parse_tiles(bonus), 1, padding)
    haidi_tiles = _pad(parse_tiles(haidi), HAIDI_DRAWS, padding)
    front = format_tiles([*live_tiles, *bonus_tiles, *haidi_tiles, *parse_tiles(pool)], sort=False)
    opts = arrange("erren", dealer=dealer, hands=[alice, bob], live=front)
    progress = start_hand("erren", seed="story", dealer=dealer, base=base, options={**opts, **options})
    return progress.state, progress.events


def _pad(tiles: tuple[Tile, ...], size: int, padding: list[Tile]) -> list[Tile]:
    out = list(tiles)
    while len(out) < size:
        out.append(padding.pop(0))
    return out


play = play_events  # the state after the moves and every event they caused


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def hand(state: HandState, seat: int) -> str:
    return format_tiles(state.seats[seat].hand)


def sheet(state: HandState) -> SettlementSheet:
    assert state.sheet is not None, "the hand is not settled"
    return state.sheet


def result(state: HandState) -> WinContext:
    assert state.result is not None, "the hand is not finished"
    return state.result


def window(state: HandState) -> Window:
    assert state.window is not None, "no window is open"
    return state.window


def fan_items(state: HandState, seat: int) -> dict[str, int]:
    """The winner's 番 lines on the sheet (name -> 番)."""
    return {i.name_zh: i.value for i in sheet(state).seats[seat].items if i.amount == 0}
