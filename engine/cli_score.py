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
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from engine.cli import Command, UsageError, main, register
from engine.scoring import settle_hand
from engine.scoring import situation_json as sj
from engine.scoring.situation_json import SituationError
from engine.sheet import Meld, SeatTally, WinContext, WinType
from engine.tiles import Tile, parse_tiles

__all__ = ["HAND_TILES", "SituationError", "run", "score", "situation_from_json"]

HAND_TILES = 17  # the Fujian gold games: a pair + 5 sets, a kong counted as 3


def situation_from_json(data: Mapping[str, Any]) -> WinContext:
    """A `WinContext` from the JSON situation; raises `SituationError` naming the bad field."""
    sj.json_object(data)
    with sj.named_errors():
        return _situation(data)


def _situation(data: Mapping[str, Any]) -> WinContext:
    hands = sj.per_seat(data, "hands", "", None)
    n_seats = len(hands)
    melds = sj.seat_melds(data, n_seats)
    flowers = [parse_tiles(f) for f in sj.per_seat(data, "flowers", "", n_seats)]
    win = sj.win_object(data)
    winner = sj.integer(win, "winner") if win else None
    win_type = WinType.parse(str(win.get("type", ""))) if win else None
    win_tile = sj.optional_tile(win, "tile") if win else None
    concealed = _winner_concealed(hands, winner, win_tile, melds, win_type)
    dealer = sj.integer(data, "dealer", 0)
    if win_type == WinType.TIANHU and (winner != dealer or melds[winner or 0]):
        raise SituationError(f"天胡 (tianhu) is the dealer's dealt hand: seat {winner}, dealer seat {dealer}, no melds")
    return WinContext(
        variant=str(data.get("variant", "")),
        n_seats=n_seats,
        dealer=sj.integer(data, "dealer", 0),
        streak=sj.integer(data, "streak", 1),
        base=sj.integer(data, "base", 1),
        winner=winner,
        win_type=win_type,
        discarder=sj.integer(win, "discarder") if win else None,
        concealed=concealed,
        melds=melds[winner] if winner is not None else (),
        flowers=flowers[winner] if winner is not None else (),
        gold=sj.optional_tile(data, "gold"),
        win_tile=win_tile,
        tallies=tuple(_tally(f, m) for f, m in zip(flowers, melds, strict=True)),
        fenbing=sj.integer(data, "fenbing", 0),
        bao=sj.integer(data, "bao"),
        balances=sj.balances(data),
        wrong_guesses=_wrong_guesses(data, n_seats),
    )


def _wrong_guesses(data: Mapping[str, Any], n_seats: int) -> tuple[int, ...]:
    """pinghe: the seats that guessed a 抢暗杠 wrong during the hand (once per guess)."""
    value = data.get("wrong_guesses", [])
    if not isinstance(value, list):
        raise SituationError("'wrong_guesses' must be a list of seats")
    return tuple(sj.seat({"seat": v}, "seat", None, n_seats) for v in value)


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
    concealed = sj.concealed_with(hands[winner], win_tile)
    size = sj.hand_size(concealed, melds[winner])
    if size != HAND_TILES:
        raise SituationError(
            f"the winner's hand has {size} tiles (concealed + win tile + 3 per meld), a winning hand has {HAND_TILES}"
        )
    return concealed


MAX_DEPTH = 8  # a situation is an object of lists of lists (melds): deeper is not a situation


def _depth(data: Any) -> int:
    """How deeply lists and objects nest in `data` (a scalar is 0), without recursion."""
    deepest, stack = 0, [(data, 0)]
    while stack:
        value, depth = stack.pop()
        children = value.values() if isinstance(value, Mapping) else value if isinstance(value, list) else None
        if children is None:
            continue
        deepest = max(deepest, depth + 1)
        if deepest > MAX_DEPTH:
            return deepest
        stack.extend((child, depth + 1) for child in children)
    return deepest


def score(stream: TextIO) -> dict[str, Any]:
    """The settlement sheet (as JSON data) of the situation read from `stream`."""
    try:
        data = json.load(stream)
    except json.JSONDecodeError as exc:
        raise SituationError(f"not JSON: {exc}") from exc
    except RecursionError:
        raise SituationError(f"JSON nested deeper than {MAX_DEPTH} levels") from None
    if _depth(data) > MAX_DEPTH:
        raise SituationError(f"JSON nested deeper than {MAX_DEPTH} levels")
    own = _own_situation_reader(data)
    if own is not None:
        return own(data).to_json()
    return settle_hand(situation_from_json(data)).to_json()


def _own_situation_reader(data: Any) -> Any:
    """A game whose situation JSON has its own form registers its reader (`Game.read_situation`)."""
    if not isinstance(data, Mapping):
        return None
    from engine.variants import UnknownVariant, game

    try:
        return game(str(data.get("variant", ""))).read_situation
    except UnknownVariant:
        return None


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
