"""A finished guangdong hand from JSON (for `python -m engine score`), and its sheet.

    {"variant": "guangdong", "base": 10, "dealer": 0, "round_wind": "1z",
     "hands": ["", "123m456m789p23s11z", "", ""],
     "melds": [[], [], ["555p"], []],
     "wins": [{"winner": 1, "way": "discard", "from": 2, "tile": "4s"}],
     "balances": [1000, 1000, 1000, 1000]}

`hands[seat]` is a winner's concealed tiles before the winning tile; `tile` joins them
(leave it out when the hand is already complete, as for 天胡). Melds are mpsz, a trailing
"!" marks a 暗杠. `wins` lists every winner of the hand (several on one discard:
一炮多响; empty or missing: 流局); a single `"win": {...}` is accepted too. A win's `way` is
one of discard/self_draw/kong_bloom/kong_bloom_fed/robbed_kong (or 食胡/自摸/杠上开花/
杠上开花包杠/抢杠); `from` is the discarder, the robbed player or the kong feeder;
`liable` the seat that 包 a self-draw; `last_tile` marks 海底捞月; `first_turn` is
tianhu/renhu/dihu (天胡/人胡/地胡).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.scoring.guangdong import (
    EAST_TILE,
    N_SEATS,
    FirstTurn,
    GuangdongHand,
    Winner,
    WinWay,
    settle,
)
from engine.sheet import Meld, SettlementSheet
from engine.tiles import Tile, parse_tiles

HAND_TILES = 14  # a pair + 4 sets, a kong counted as 3

_WAYS = {
    "discard": WinWay.DISCARD,
    "食胡": WinWay.DISCARD,
    "dianpao": WinWay.DISCARD,
    "self_draw": WinWay.SELF_DRAW,
    "自摸": WinWay.SELF_DRAW,
    "zimo": WinWay.SELF_DRAW,
    "kong_bloom": WinWay.KONG_BLOOM,
    "杠上开花": WinWay.KONG_BLOOM,
    "kong_bloom_fed": WinWay.KONG_BLOOM_FED,
    "杠上开花包杠": WinWay.KONG_BLOOM_FED,
    "robbed_kong": WinWay.ROBBED_KONG,
    "抢杠": WinWay.ROBBED_KONG,
    "qianggang": WinWay.ROBBED_KONG,
}
_FIRST_TURNS = {
    "tianhu": FirstTurn.TIANHU,
    "天胡": FirstTurn.TIANHU,
    "renhu": FirstTurn.RENHU,
    "人胡": FirstTurn.RENHU,
    "dihu": FirstTurn.DIHU,
    "地胡": FirstTurn.DIHU,
}


class SituationError(ValueError):
    """The JSON situation is malformed; the message names the field."""


def sheet_from_json(data: Mapping[str, Any]) -> SettlementSheet:
    """The settlement sheet of a guangdong situation; SituationError names what is wrong."""
    try:
        return settle(hand_from_json(data))
    except SituationError:
        raise
    except (ValueError, KeyError, TypeError, IndexError) as exc:  # ScoringError, NotationError, SheetError
        raise SituationError(f"{type(exc).__name__}: {exc}") from exc


def hand_from_json(data: Mapping[str, Any]) -> GuangdongHand:
    """A `GuangdongHand` from the JSON situation described in the module docstring."""
    if not isinstance(data, Mapping):
        raise SituationError("the situation must be a JSON object")
    hands = _per_seat(data, "hands", "")
    melds = [tuple(_meld(m) for m in seat) for seat in _per_seat(data, "melds", [])]
    wins = data.get("wins", [data["win"]] if data.get("win") else [])
    if not isinstance(wins, list):
        raise SituationError("'wins' must be a list of win objects")
    balances = data.get("balances")
    return GuangdongHand(
        dealer=_seat(data, "dealer", 0),
        base=_int(data, "base", 1),
        round_wind=Tile.parse(data["round_wind"]) if data.get("round_wind") else EAST_TILE,
        winners=tuple(_winner(w, hands, melds) for w in wins),
        streak=_int(data, "streak", 1),
        balances=tuple(int(b) for b in balances) if balances is not None else None,
    )


def _winner(win: Any, hands: Sequence[Any], melds: Sequence[tuple[Meld, ...]]) -> Winner:
    if not isinstance(win, Mapping):
        raise SituationError("a win is an object with 'winner' and 'way'")
    seat = _seat(win, "winner", None)
    way = _WAYS.get(str(win.get("way", "")).lower())
    if way is None:
        raise SituationError(f"unknown win way {win.get('way')!r}; one of {', '.join(w.name.lower() for w in WinWay)}")
    tile = (Tile.parse(win["tile"]),) if win.get("tile") else ()
    concealed = parse_tiles(str(hands[seat])) + tile
    size = len(concealed) + 3 * len(melds[seat])
    if size != HAND_TILES:
        raise SituationError(f"seat {seat}'s hand has {size} tiles (concealed + win tile + 3 per meld), not 14")
    first_turn = _FIRST_TURNS.get(str(win.get("first_turn", "")).lower(), FirstTurn.NONE)
    return Winner(
        seat=seat,
        concealed=concealed,
        melds=melds[seat],
        way=way,
        from_seat=_seat(win, "from", None),
        liable=_seat(win, "liable", None),
        last_tile=bool(win.get("last_tile", False)),
        first_turn=first_turn,
    )


def _per_seat(data: Mapping[str, Any], key: str, empty: Any) -> list[Any]:
    value = data.get(key)
    if value is None:
        return [empty] * N_SEATS
    if not isinstance(value, list) or len(value) != N_SEATS:
        raise SituationError(f"{key!r} must be a list with one entry per seat (4 seats)")
    return value


def _int(data: Mapping[str, Any], key: str, default: int | None) -> Any:
    value = data.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise SituationError(f"{key!r} must be an integer, got {value!r}")
    return value


def _seat(data: Mapping[str, Any], key: str, default: int | None) -> Any:
    seat = _int(data, key, default)
    if seat is not None and not 0 <= seat < N_SEATS:
        raise SituationError(f"{key!r} seat {seat} is not at the table (0-3)")
    return seat


def _meld(text: Any) -> Meld:
    if not isinstance(text, str):
        raise SituationError(f"a meld is an mpsz string, got {text!r}")
    return Meld.parse(text.rstrip("!"), concealed=text.endswith("!"))
