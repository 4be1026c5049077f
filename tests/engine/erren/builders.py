"""Build erren wins from mpsz so the test tables read like the rule document."""

from __future__ import annotations

from engine.games.erren.fans import ErrenWin, WinKind
from engine.scoring.situation_json import meld  # "555z" pong, "123m" chow, "2222p!" 暗杠
from engine.tiles import Tile, parse_tiles


def win(hand: str, tile: str, how: str = "discard", *, melds: tuple[str, ...] = (), **flags: object) -> ErrenWin:
    """A win: concealed tiles (with the winning tile), the winning tile, "discard"/"zimo"/"robbed"."""
    kind = {"discard": WinKind.DISCARD, "zimo": WinKind.SELF_DRAW, "robbed": WinKind.ROBBED_KONG}[how]
    bonus = flags.pop("bonus", None)
    return ErrenWin(
        concealed=parse_tiles(hand),
        winning_tile=Tile.parse(tile),
        win_kind=kind,
        melds=tuple(meld(m) for m in melds),
        bonus=Tile.parse(bonus) if isinstance(bonus, str) else None,
        **flags,  # type: ignore[arg-type]
    )
