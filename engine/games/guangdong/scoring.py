"""广东鸡平胡 (`guangdong`): who pays whom, and the settlement sheet of a finished hand.

- `owed_transfers(wins, base)`: points (2^番) × base, paid by the discarder, by each of
  three, or by the one liable player (包).
- `settle(hand)` / `settle_context(ctx)`: the sheet, each winner's 番 from
  engine.games.guangdong.fans.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.games.guangdong.fans import (
    EAST_TILE,
    N_SEATS,
    FanResult,
    FirstTurn,
    HandShape,
    ScoringError,
    Situation,
    WinWay,
    best_score,
    readings_of,
)
from engine.payments import Transfer
from engine.sheet import (
    Charge,
    Meld,
    ReadingGroup,
    SettlementSheet,
    SheetHeader,
    SheetItem,
    Unit,
    WinContext,
    build_sheet,
)
from engine.sheet import Reading as SheetReading
from engine.tiles import WINDS, Tile, format_tiles, parse_tiles

# ---------------------------------------------------------------------------
# Payments


@dataclass(frozen=True, slots=True)
class ScoredWin:
    """One winner's scored win and the seat that pays for it, if one seat does.

    `from_seat`: the discarder (DISCARD), the robbed player (ROBBED_KONG), the kong feeder
    (KONG_BLOOM_FED); None for a self-draw. `liable`: the player who 包 this winner's
    self-draw (12 tiles exposed, 大四喜, 大三元), or None.
    """

    winner: int
    fan: int
    way: WinWay
    from_seat: int | None = None
    liable: int | None = None

    def __post_init__(self) -> None:
        needs_from = self.way in (WinWay.DISCARD, WinWay.ROBBED_KONG, WinWay.KONG_BLOOM_FED)
        if needs_from != (self.from_seat is not None):
            raise ScoringError(f"{self.way.name} win {'needs' if needs_from else 'takes no'} from_seat")
        for seat in (self.from_seat, self.liable):
            if seat is not None and (seat == self.winner or not 0 <= seat < N_SEATS):
                raise ScoringError(f"bad paying seat {seat} for winner {self.winner}")

    @property
    def points(self) -> int:
        return 2**self.fan

    def payers(self) -> tuple[tuple[int, int], ...]:
        """(seat, multiple of points) for everyone who pays this win."""
        if self.way == WinWay.DISCARD:
            return ((self.from_seat, 1),)  # type: ignore[return-value]
        if self.way in (WinWay.ROBBED_KONG, WinWay.KONG_BLOOM_FED):
            return ((self.from_seat, N_SEATS - 1),)  # type: ignore[return-value]
        if self.liable is not None:
            return ((self.liable, N_SEATS - 1),)
        return tuple(((self.winner + k) % N_SEATS, 1) for k in range(1, N_SEATS))


def owed_transfers(wins: Sequence[ScoredWin], base: int) -> tuple[Transfer, ...]:
    """What each payer owes each winner (points × base × multiple), before any balance floor."""
    if base <= 0:
        raise ScoringError(f"base must be positive, got {base}")
    return tuple(
        Transfer(payer, win.winner, win.points * base * multiple) for win in wins for payer, multiple in win.payers()
    )


# ---------------------------------------------------------------------------
# The finished hand -> SettlementSheet


@dataclass(frozen=True, slots=True)
class Winner:
    """One winner of a finished guangdong hand, as the hand flow saw the win.

    `concealed` holds the winner's concealed tiles including the winning tile; `melds` the
    declared sets (暗杠 with concealed=True). `from_seat` and `liable` as in `ScoredWin`.
    """

    seat: int
    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    way: WinWay = WinWay.SELF_DRAW
    from_seat: int | None = None
    liable: int | None = None
    last_tile: bool = False
    first_turn: FirstTurn = FirstTurn.NONE
    win_tile: Tile | None = None  # the tile won with (None: not known, e.g. 天胡's dealt hand)


@dataclass(frozen=True, slots=True)
class GuangdongHand:
    """A finished guangdong hand: no winners for 流局, one, or several on one discard (一炮多响)."""

    dealer: int
    base: int
    round_wind: Tile = EAST_TILE
    winners: tuple[Winner, ...] = ()
    streak: int = 1
    balances: tuple[int, ...] | None = None


def score_winner(winner: Winner, hand: GuangdongHand) -> FanResult:
    """The 番 of one winner (seat wind from the dealer, 一炮三响 from the number of winners)."""
    situation = Situation(
        way=winner.way,
        seat_wind=Tile(WINDS[(winner.seat - hand.dealer) % N_SEATS]),
        round_wind=hand.round_wind,
        last_tile=winner.last_tile,
        triple=winner.way == WinWay.DISCARD and len(hand.winners) == N_SEATS - 1,
        first_turn=winner.first_turn,
    )
    readings = readings_of(winner.concealed, winner.melds, winner.win_tile)
    if not readings:
        raise ScoringError(f"seat {winner.seat} does not hold a winning hand: {format_tiles(winner.concealed)}")
    return best_score(readings, situation)


_WAY_NAMES = {
    WinWay.DISCARD: ("食胡", "win on a discard"),
    WinWay.SELF_DRAW: ("自摸", "self-draw"),
    WinWay.KONG_BLOOM: ("杠上开花", "win on a kong replacement"),
    WinWay.KONG_BLOOM_FED: ("杠上开花包杠", "win on a fed kong's replacement"),
    WinWay.ROBBED_KONG: ("抢杠", "robbing a kong"),
}


def settle(hand: GuangdongHand) -> SettlementSheet:
    """The settlement sheet of a finished guangdong hand (docs/rules/guangdong.md, Payments)."""
    results = [score_winner(w, hand) for w in hand.winners]
    n = len(hand.winners)
    charges = [c for w, r in zip(hand.winners, results, strict=True) for c in _charges(w, r, hand.base, n)]
    fan_lines = {w.seat: _fan_lines(r) for w, r in zip(hand.winners, results, strict=True)}
    first = hand.winners[0] if hand.winners else None
    header = SheetHeader(
        variant="guangdong",
        n_seats=N_SEATS,
        base=hand.base,
        dealer=hand.dealer,
        streak=hand.streak,
        winner=first.seat if first else None,
        win_type=_win_type_zh(hand) if first else None,
        total_fan=max((r.fan for r in results), default=0),
    )
    notes = [_note(w, r) for w, r in zip(hand.winners, results, strict=True)] or ["流局"]
    reading = _sheet_reading(results[0], first.melds) if first else None
    return build_sheet(header, charges, fan_lines=fan_lines, balances=hand.balances, reading=reading, notes=notes)


def settle_context(ctx: WinContext) -> SettlementSheet:
    """The sheet of a hand finished by the shared hand flow (its `facts` from engine.games.guangdong.flow)."""
    return settle(hand_from_context(ctx))


def hand_from_context(ctx: WinContext) -> GuangdongHand:
    """A `GuangdongHand` from the flow's WinContext: the first winner, then `co_winners` of the same tile."""
    facts = dict(ctx.facts)
    round_wind = Tile.parse(str(facts.get("round_wind", "1z")))
    hand = GuangdongHand(ctx.dealer, ctx.base, round_wind, (), ctx.streak, ctx.balances)
    if ctx.winner is None:
        return hand
    way = WinWay[str(facts.get("way", "self_draw")).upper()]
    first = Winner(
        seat=ctx.winner,
        concealed=ctx.concealed,
        melds=ctx.melds,
        way=way,
        from_seat=facts.get("from"),
        liable=facts.get("liable"),
        last_tile=bool(facts.get("last_tile")),
        first_turn=FirstTurn[str(facts.get("first_turn", "none")).upper()],
        win_tile=ctx.win_tile,
    )
    others = tuple(_co_winner(co, way, facts.get("from"), ctx.win_tile) for co in facts.get("co_winners", ()))
    return replace(hand, winners=(first, *others))


def _co_winner(data: Mapping[str, Any], way: WinWay, from_seat: int | None, tile: Tile | None) -> Winner:
    melds = tuple(Meld.parse(m.rstrip("!"), concealed=m.endswith("!")) for m in data["melds"])
    first_turn = FirstTurn[str(data.get("first_turn", "none")).upper()]
    hand = parse_tiles(data["hand"])
    return Winner(int(data["seat"]), hand, melds, way, from_seat, first_turn=first_turn, win_tile=tile)


def _charges(winner: Winner, result: FanResult, base: int, n_winners: int = 1) -> list[Charge]:
    """Each payer's charge for one winner, with its factors (`Charge.factors`): base × 2^番 分, × 3 where one
    seat pays for three (包, 抢杠, 杠上开花包杠); and, not multipliers, the 番 before the 爆胡 cap and how many
    won on the one discard (一炮多响: each winner's payment is a charge of its own)."""
    win = ScoredWin(winner.seat, result.fan, winner.way, winner.from_seat, winner.liable)
    zh, en = _WAY_NAMES[winner.way]
    liable = winner.liable is not None and winner.way in (WinWay.SELF_DRAW, WinWay.KONG_BLOOM)
    if liable:
        zh, en = f"{zh}(包)", f"{en} (liable pays for three)"
    after = _limit_factor(result) + ((("winners", n_winners),) if n_winners > 1 else ())
    charges = []
    for payer, multiple in win.payers():
        three = (("liable" if liable else "for_three", multiple),) if multiple > 1 else ()
        factors = (("base", base), ("fan_points", result.fan), *three, *after)
        amount = win.points * base * multiple
        charges.append(Charge(payer, winner.seat, amount, zh, en, result.fan, Unit.FAN, factors))
    return charges


def _limit_factor(result: FanResult) -> tuple[tuple[str, int], ...]:
    """("limit", the 番 before the cap) when 爆胡 cut an in-limit hand down to 3 番."""
    uncapped = sum(item.fan for item in result.items if item.name_zh != "爆胡")
    return (("limit", uncapped),) if not result.special and uncapped > result.fan else ()


def _fan_lines(result: FanResult) -> list[SheetItem]:
    return [SheetItem(i.name_zh, i.name_en, i.fan, Unit.FAN) for i in result.items]


def _win_type_zh(hand: GuangdongHand) -> str:
    if len(hand.winners) > 1:
        return "一炮三响" if len(hand.winners) == N_SEATS - 1 else "一炮双响"
    return _WAY_NAMES[hand.winners[0].way][0]


def _note(winner: Winner, result: FanResult) -> str:
    names = "+".join(i.name_zh for i in result.items if i.fan or len(result.items) == 1)
    return f"seat {winner.seat}: {names} = {result.fan}番 ({result.points}分)"


def _sheet_reading(result: FanResult, melds: Sequence[Meld]) -> SheetReading | None:
    reading = result.reading
    if reading is None:
        return None
    if reading.shape != HandShape.STANDARD:
        return SheetReading(reading.shape.name.lower(), (ReadingGroup("single", format_tiles(reading.tiles)),), None)
    sets = tuple(
        ReadingGroup(_set_kind(s), format_tiles(s), 0, i >= len(melds) or melds[i].concealed)
        for i, s in enumerate(reading.sets)
    )
    pair = ReadingGroup("pair", format_tiles(reading.tiles[-2:]))
    return SheetReading("standard", sets, pair)


def _set_kind(tiles: tuple[Tile, ...]) -> str:
    if tiles[0] != tiles[-1]:
        return "chow"
    return "kong" if len(tiles) == 4 else "pung"
