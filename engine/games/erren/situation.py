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
`engine.games.erren.scoring.FACTS` (baoting, tianting, first_go, kong_replacement,
last_tile, haidi), all false when left out. `bonus` is the 花牌 turned up on
the wall. `win` null (or missing) is a drawn hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.erren.scoring import FACTS, N_SEATS, VARIANT, settle
from engine.scoring import situation_json as sj
from engine.scoring.situation_json import SituationError
from engine.sheet import Meld, SettlementSheet, WinContext, WinType

__all__ = ["SituationError", "context_from_json", "sheet_from_json"]

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


def sheet_from_json(data: Mapping[str, Any]) -> SettlementSheet:
    """The settlement sheet of an erren situation; SituationError names what is wrong."""
    with sj.named_errors():  # InvalidWin, NotAWin, NotationError, SheetError
        return settle(context_from_json(data))


def context_from_json(data: Mapping[str, Any]) -> WinContext:
    """The `WinContext` of the situation described in the module docstring."""
    win = sj.win_object(sj.json_object(data))
    common: dict[str, Any] = {
        "variant": VARIANT,
        "n_seats": N_SEATS,
        "dealer": sj.integer(data, "dealer", 0),
        "streak": sj.integer(data, "streak", 1),
        "base": sj.integer(data, "base", 1),
        "balances": sj.balances(data),
    }
    if not win:
        return WinContext(**common)
    return WinContext(**common, **_win(win, data))


def _check_first_go(kind: WinType, winner: int, dealer: int, first_go: bool, melds: tuple[Meld, ...]) -> None:
    """Refuse 天和/地和/人和 where the live flow could not produce it: 天和 is the dealer's self-drawn
    opening hand; 地和/人和 (`first_go`) the other player's; none of them after a call."""
    if kind == WinType.TIANHU and winner != dealer:
        raise SituationError(f"天和 (tianhu) is the dealer's win: seat {winner} is not the dealer (seat {dealer})")
    if (kind == WinType.TIANHU or first_go) and melds:
        raise SituationError("天和/地和/人和 come on the first go, before any chow, pong or kong")
    if first_go and winner == dealer and kind != WinType.TIANHU and kind != WinType.ZIMO:
        raise SituationError("the dealer's first-go win is 天和, a self-drawn win (type tianhu)")


def _win(win: Mapping[str, Any], data: Mapping[str, Any]) -> dict[str, Any]:
    winner = sj.integer(win, "winner")
    if winner not in range(N_SEATS):
        raise SituationError(f"'winner' must be 0 or 1, got {winner!r}")
    kind = _TYPES.get(str(win.get("type", "")).lower())
    if kind is None:
        raise SituationError(f"unknown win type {win.get('type')!r}; one of {', '.join(_TYPES)}")
    tile = sj.optional_tile(win, "tile")
    hands = sj.per_seat(data, "hands", "", N_SEATS)
    melds = tuple(sj.meld(m) for m in sj.per_seat(data, "melds", [], N_SEATS)[winner])
    _check_first_go(kind, winner, sj.integer(data, "dealer", 0), bool(win.get("first_go")), melds)
    facts = tuple((name, bool(win.get(name, False))) for name in FACTS if name != "bonus")
    bonus = sj.optional_tile(data, "bonus")
    return {
        "winner": winner,
        "win_type": kind,
        "discarder": 1 - winner if kind in (WinType.DIANPAO, WinType.QIANGGANG) else None,
        "concealed": sj.concealed_with(hands[winner], tile),
        "melds": melds,
        "win_tile": tile,
        "facts": (*facts, ("bonus", str(bonus) if bonus else None)),
    }
