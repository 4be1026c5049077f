"""Build erren wins from mpsz so the test tables read like the rule document."""

from __future__ import annotations

from engine.scoring.erren import ErrenWin, WinKind
from engine.sheet import Meld
from engine.tiles import Tile, parse_tiles


def meld(text: str) -> Meld:
    """A meld in the sheet's notation: "555z" (pong), "123m" (chow), "1111m" (kong), "2222p!" (concealed kong)."""
    return Meld.parse(text.rstrip("!"), concealed=text.endswith("!"))


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
