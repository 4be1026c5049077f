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

from engine.games.guangdong.fans import EAST_TILE, N_SEATS, FirstTurn, WinWay
from engine.games.guangdong.scoring import GuangdongHand, Winner, settle
from engine.scoring import situation_json as sj
from engine.scoring.situation_json import SituationError
from engine.sheet import Meld, SettlementSheet

__all__ = ["SituationError", "hand_from_json", "sheet_from_json"]

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


def sheet_from_json(data: Mapping[str, Any]) -> SettlementSheet:
    """The settlement sheet of a guangdong situation; SituationError names what is wrong."""
    with sj.named_errors():  # ScoringError, NotationError, SheetError
        return settle(hand_from_json(data))


def hand_from_json(data: Mapping[str, Any]) -> GuangdongHand:
    """A `GuangdongHand` from the JSON situation described in the module docstring."""
    hands = sj.per_seat(sj.json_object(data), "hands", "", N_SEATS)
    melds = sj.seat_melds(data, N_SEATS)
    wins = data.get("wins", [data["win"]] if data.get("win") else [])
    if not isinstance(wins, list):
        raise SituationError("'wins' must be a list of win objects")
    return GuangdongHand(
        dealer=sj.seat(data, "dealer", 0, N_SEATS),
        base=sj.integer(data, "base", 1),
        round_wind=sj.optional_tile(data, "round_wind") or EAST_TILE,
        winners=tuple(_winner(w, hands, melds, sj.seat(data, "dealer", 0, N_SEATS)) for w in wins),
        streak=sj.integer(data, "streak", 1),
        balances=sj.balances(data),
    )


def _winner(win: Any, hands: Sequence[Any], melds: Sequence[tuple[Meld, ...]], dealer: int) -> Winner:
    if not isinstance(win, Mapping):
        raise SituationError("a win is an object with 'winner' and 'way'")
    seat = sj.seat(win, "winner", None, N_SEATS)
    way = _WAYS.get(str(win.get("way", "")).lower())
    if way is None:
        raise SituationError(f"unknown win way {win.get('way')!r}; one of {', '.join(w.name.lower() for w in WinWay)}")
    tile = sj.optional_tile(win, "tile")
    concealed = sj.concealed_with(hands[seat], tile)
    size = sj.hand_size(concealed, melds[seat])
    if size != HAND_TILES:
        raise SituationError(f"seat {seat}'s hand has {size} tiles (concealed + win tile + 3 per meld), not 14")
    first_turn = _FIRST_TURNS.get(str(win.get("first_turn", "")).lower(), FirstTurn.NONE)
    _check_first_turn(first_turn, seat, way, sj.seat(win, "from", None, N_SEATS), dealer, melds[seat])
    return Winner(
        seat=seat,
        concealed=concealed,
        melds=melds[seat],
        way=way,
        from_seat=sj.seat(win, "from", None, N_SEATS),
        liable=sj.seat(win, "liable", None, N_SEATS),
        last_tile=bool(win.get("last_tile", False)),
        first_turn=first_turn,
        win_tile=tile,
    )


def _check_first_turn(
    first_turn: FirstTurn, seat: int, way: WinWay, from_seat: int | None, dealer: int, melds: tuple[Meld, ...]
) -> None:
    """Refuse 天胡/人胡/地胡 where the live flow could not produce it (004 §8-10): 天胡 is the
    dealer's self-drawn dealt hand; 人胡 a non-dealer's win on the dealer's first discard;
    地胡 a non-dealer's self-draw on its first draw; none of them after a call."""
    if first_turn == FirstTurn.NONE:
        return
    name = first_turn.name.lower()
    if melds:
        raise SituationError(f"{name} comes before any chow, pong or kong")
    if (first_turn == FirstTurn.TIANHU) != (seat == dealer):
        whose = "only the dealer's" if first_turn == FirstTurn.TIANHU else "never the dealer's"
        raise SituationError(f"{name} is {whose} win: seat {seat}, dealer seat {dealer}")
    if first_turn == FirstTurn.RENHU and (way != WinWay.DISCARD or from_seat != dealer):
        raise SituationError("renhu (人胡) is a win on the dealer's first discard: way discard, from the dealer")
    if first_turn != FirstTurn.RENHU and way != WinWay.SELF_DRAW:
        raise SituationError(f"{name} is a self-drawn win (way self_draw)")
