"""`python -m engine score`: read a finished-hand situation as JSON, print its settlement sheet.

The situation (README "Scoring a hand from the command line"):

    {"variant": "pinghe", "base": 10, "dealer": 0, "streak": 1, "gold": "9s",
     "hands": ["", "123m456m789p234s111z5s", "", ""],
     "melds": [[], [], ["5555p"], ["6666s!"]],
     "flowers": ["", "12f", "", "3456f"],
     "win": {"type": "dianpao", "winner": 1, "discarder": 2, "tile": "5s"},
     "fenbing": 0, "bao": null, "balances": [1000, 1000, 1000, 1000]}

`hands[winner]` is the winner's concealed tiles before the win tile; `win.tile`
joins them (leave it out when the hand is already complete, as for 三金倒).
Melds are mpsz, a trailing "!" marks a 暗杠. `win` is null for a drawn hand.
Every seat's flowers and kongs feed nanping's 花分/杠分.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from engine.cli import Command, UsageError, main, register
from engine.scoring import settle_hand
from engine.sheet import Meld, SeatTally, WinContext, WinType
from engine.tiles import NotationError, Tile, parse_tiles

HAND_TILES = 17  # the Fujian gold games: a pair + 5 sets, a kong counted as 3


class SituationError(ValueError):
    """The JSON situation is malformed; the message names the field."""


def situation_from_json(data: Mapping[str, Any]) -> WinContext:
    """A `WinContext` from the JSON situation; raises `SituationError` naming the bad field."""
    if not isinstance(data, Mapping):
        raise SituationError("the situation must be a JSON object")
    try:
        return _situation(data)
    except (NotationError, KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, SituationError):
            raise
        raise SituationError(f"{type(exc).__name__}: {exc}") from exc


def _situation(data: Mapping[str, Any]) -> WinContext:
    hands = _per_seat(data, "hands", "")
    n_seats = len(hands)
    melds = [tuple(_meld(m) for m in seat_melds) for seat_melds in _per_seat(data, "melds", [], n_seats)]
    flowers = [parse_tiles(f) for f in _per_seat(data, "flowers", "", n_seats)]
    win = data.get("win")
    if win is not None and not isinstance(win, Mapping):
        raise SituationError("'win' must be an object (or null for a drawn hand)")
    winner = _int(win, "winner") if win else None
    win_type = WinType.parse(str(win.get("type", ""))) if win else None
    win_tile = Tile.parse(win["tile"]) if win and win.get("tile") else None
    concealed = _winner_concealed(hands, winner, win_tile, melds, win_type)
    return WinContext(
        variant=str(data.get("variant", "")),
        n_seats=n_seats,
        dealer=_int(data, "dealer", 0),
        streak=_int(data, "streak", 1),
        base=_int(data, "base", 1),
        winner=winner,
        win_type=win_type,
        discarder=_int(win, "discarder", None) if win else None,
        concealed=concealed,
        melds=melds[winner] if winner is not None else (),
        flowers=flowers[winner] if winner is not None else (),
        gold=Tile.parse(data["gold"]) if data.get("gold") else None,
        win_tile=win_tile,
        tallies=tuple(_tally(f, m) for f, m in zip(flowers, melds, strict=True)),
        fenbing=_int(data, "fenbing", 0),
        bao=_int(data, "bao", None),
        balances=tuple(int(b) for b in data["balances"]) if data.get("balances") is not None else None,
    )


def _per_seat(data: Mapping[str, Any], key: str, empty: Any, n_seats: int | None = None) -> list[Any]:
    value = data.get(key)
    if value is None:
        if n_seats is None:
            raise SituationError(f"{key!r} is required: one entry per seat")
        return [empty] * n_seats
    if not isinstance(value, list) or (n_seats is not None and len(value) != n_seats):
        raise SituationError(f"{key!r} must be a list with one entry per seat ({n_seats or 'n'} seats)")
    return value


def _int(data: Mapping[str, Any], key: str, default: int | None = None) -> Any:
    value = data.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise SituationError(f"{key!r} must be an integer, got {value!r}")
    return value


def _meld(text: Any) -> Meld:
    if not isinstance(text, str):
        raise SituationError(f"a meld is an mpsz string, got {text!r}")
    return Meld.parse(text.rstrip("!"), concealed=text.endswith("!"))


def _tally(flowers: Sequence[Tile], melds: Sequence[Meld]) -> SeatTally:
    return SeatTally(
        flowers=len(flowers),
        exposed_kongs=sum(1 for m in melds if m.is_exposed_kong),
        concealed_kongs=sum(1 for m in melds if m.is_concealed_kong),
    )


def _winner_concealed(
    hands: list[Any], winner: int | None, win_tile: Tile | None, melds: list[tuple[Meld, ...]], win_type: WinType | None
) -> tuple[Tile, ...]:
    if winner is None or win_type == WinType.QIANG_ANGANG_WRONG:
        return ()
    if not 0 <= winner < len(hands):
        raise SituationError(f"winner seat {winner} is not at the table")
    concealed = parse_tiles(hands[winner]) + ((win_tile,) if win_tile else ())
    size = len(concealed) + 3 * len(melds[winner])
    if size != HAND_TILES:
        raise SituationError(
            f"the winner's hand has {size} tiles (concealed + win tile + 3 per meld), a winning hand has {HAND_TILES}"
        )
    return concealed


def score(stream: TextIO) -> dict[str, Any]:
    """The settlement sheet (as JSON data) of the situation read from `stream`."""
    try:
        data = json.load(stream)
    except json.JSONDecodeError as exc:
        raise SituationError(f"not JSON: {exc}") from exc
    own = _own_situation_reader(data)
    if own is not None:
        return own(data).to_json()
    return settle_hand(situation_from_json(data)).to_json()


def _own_situation_reader(data: Any) -> Any:
    """A variant whose situation JSON has its own form names its reader in `extra["situation_json"]`."""
    if not isinstance(data, Mapping):
        return None
    from engine.variants import UnknownVariant, get

    try:
        reader = get(str(data.get("variant", ""))).option("situation_json")
    except UnknownVariant:
        return None
    if reader is None:
        return None
    module_name, _, func = str(reader).partition(":")
    return getattr(importlib.import_module(module_name), func)


def run(args: argparse.Namespace) -> int:
    """The `score` subcommand: print the sheet; bad input raises (the CLI prints it, exit 2)."""
    try:
        if args.situation == "-":
            sheet = score(sys.stdin)
        else:
            with open(args.situation, encoding="utf-8") as stream:
                sheet = score(stream)
    except OSError as exc:
        raise UsageError(f"cannot read the situation: {exc}") from exc
    print(json.dumps(sheet, ensure_ascii=False, indent=2))
    return 0


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("situation", nargs="?", default="-", help="situation JSON file ('-' or nothing: stdin)")


register(
    Command(
        "score", "print the settlement sheet of a finished hand (JSON situation in, JSON sheet out)", _configure, run
    )
)


if __name__ == "__main__":
    raise SystemExit(main(["score", *sys.argv[1:]]))
