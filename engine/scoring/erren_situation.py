"""A finished erren hand from JSON (for `python -m engine score`), and its sheet.

    {"variant": "erren", "base": 10, "dealer": 0, "bonus": "5p",
     "hands": ["", "123m456p678s234m9p"],
     "melds": [[], []],
     "win": {"winner": 1, "type": "zimo", "tile": "9p", "baoting": true, "last_tile": false},
     "balances": [1000, 1000]}

`hands[winner]` is the winner's concealed tiles before the winning tile; `tile`
joins them (leave it out for 天和, when the dealt hand already wins). Melds are
mpsz, a trailing "!" marks a 暗杠. `type` is dianpao (吃胡), zimo (自摸),
qianggang (抢杠) or tianhu (天和); the other win keys are the flags of
`engine.scoring.erren.FACTS` (baoting, tianting, first_go, kong_replacement,
last_tile, haidi), all false when left out. `bonus` is the 花牌 turned up on
the wall. `win` null (or missing) is a drawn hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.scoring.erren import FACTS, N_SEATS, VARIANT, settle
from engine.sheet import Meld, SettlementSheet, WinContext, WinType
from engine.tiles import Tile, parse_tiles

_TYPES = {
    "dianpao": WinType.DIANPAO,
    "吃胡": WinType.DIANPAO,
    "zimo": WinType.ZIMO,
    "自摸": WinType.ZIMO,
    "qianggang": WinType.QIANGGANG,
    "抢杠": WinType.QIANGGANG,
    "tianhu": WinType.TIANHU,
    "天和": WinType.TIANHU,
}


class SituationError(ValueError):
    """The JSON situation is malformed; the message names the field."""


def sheet_from_json(data: Mapping[str, Any]) -> SettlementSheet:
    """The settlement sheet of an erren situation; SituationError names what is wrong."""
    try:
        return settle(context_from_json(data))
    except SituationError:
        raise
    except (ValueError, KeyError, TypeError, IndexError) as exc:  # InvalidWin, NotAWin, NotationError, SheetError
        raise SituationError(f"{type(exc).__name__}: {exc}") from exc


def context_from_json(data: Mapping[str, Any]) -> WinContext:
    """The `WinContext` of the situation described in the module docstring."""
    if not isinstance(data, Mapping):
        raise SituationError("the situation must be a JSON object")
    win = data.get("win")
    if win is not None and not isinstance(win, Mapping):
        raise SituationError("'win' must be an object (or null for a drawn hand)")
    balances = data.get("balances")
    common: dict[str, Any] = {
        "variant": VARIANT,
        "n_seats": N_SEATS,
        "dealer": _int(data, "dealer", 0),
        "streak": _int(data, "streak", 1),
        "base": _int(data, "base", 1),
        "balances": tuple(int(b) for b in balances) if balances is not None else None,
    }
    if not win:
        return WinContext(**common)
    return WinContext(**common, **_win(win, data))


def _win(win: Mapping[str, Any], data: Mapping[str, Any]) -> dict[str, Any]:
    winner = _int(win, "winner", None)
    if winner not in range(N_SEATS):
        raise SituationError(f"'winner' must be 0 or 1, got {winner!r}")
    kind = _TYPES.get(str(win.get("type", "")).lower())
    if kind is None:
        raise SituationError(f"unknown win type {win.get('type')!r}; one of {', '.join(_TYPES)}")
    tile = Tile.parse(win["tile"]) if win.get("tile") else None
    hands = _per_seat(data, "hands", "")
    melds = _per_seat(data, "melds", [])
    facts = tuple((name, bool(win.get(name, False))) for name in FACTS if name != "bonus")
    return {
        "winner": winner,
        "win_type": kind,
        "discarder": 1 - winner if kind in (WinType.DIANPAO, WinType.QIANGGANG) else None,
        "concealed": parse_tiles(str(hands[winner])) + ((tile,) if tile else ()),
        "melds": tuple(_meld(m) for m in melds[winner]),
        "win_tile": tile,
        "facts": (*facts, ("bonus", str(Tile.parse(data["bonus"])) if data.get("bonus") else None)),
    }


def _per_seat(data: Mapping[str, Any], key: str, empty: Any) -> list[Any]:
    value = data.get(key)
    if value is None:
        return [empty] * N_SEATS
    if not isinstance(value, list) or len(value) != N_SEATS:
        raise SituationError(f"{key!r} must be a list with one entry per seat (2 seats)")
    return value


def _int(data: Mapping[str, Any], key: str, default: int | None) -> Any:
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
