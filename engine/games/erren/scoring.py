"""二人麻将 (erren) settlement: the sheet of a finished hand from its 番 (engine.games.erren.fans).

The opponent pays base × the total 番 (capped at 13, 役满 the cap); a draw moves nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.games.erren.fans import CAP, ErrenScore, ErrenWin, InvalidWin, Reading, WinKind, physical_tiles, score
from engine.shapes import Shape
from engine.sheet import (
    Charge,
    ReadingGroup,
    SettlementSheet,
    SheetError,
    SheetHeader,
    SheetItem,
    Unit,
    WinContext,
    WinType,
    build_sheet,
)
from engine.sheet import Reading as SheetReading
from engine.tiles import Tile, format_tiles

VARIANT = "erren"
N_SEATS = 2
WIN_KIND_ZH = {WinKind.SELF_DRAW: "自摸", WinKind.DISCARD: "吃胡", WinKind.ROBBED_KONG: "抢杠"}


@dataclass(frozen=True, slots=True)
class Table:
    """The seats and stakes of the hand being settled."""

    dealer: int
    base: int
    streak: int = 1
    balances: tuple[int, int] | None = None  # turns on the balance floor (pay down to 0)


def settle(ctx: WinContext) -> SettlementSheet:
    """The sheet of a finished erren hand from the hand flow's `WinContext` (its `facts` carry the erren flags)."""
    ctx.check()
    if ctx.variant != VARIANT or ctx.n_seats != N_SEATS:
        raise SheetError(f"erren settles two-seat erren hands, not {ctx.variant!r} with {ctx.n_seats} seats")
    table = Table(ctx.dealer, ctx.base, ctx.streak, _pair(ctx.balances))
    if ctx.winner is None:
        return settle_win(None, None, table)
    return settle_win(win_from_context(ctx), ctx.winner, table)


def _pair(balances: tuple[int, ...] | None) -> tuple[int, int] | None:
    return None if balances is None else (balances[0], balances[1])


_WIN_KIND_OF = {
    WinType.DIANPAO: WinKind.DISCARD,
    WinType.ZIMO: WinKind.SELF_DRAW,
    WinType.TIANHU: WinKind.SELF_DRAW,
    WinType.QIANGGANG: WinKind.ROBBED_KONG,
}


def win_from_context(ctx: WinContext) -> ErrenWin:
    """The erren win described by a finished hand's context; facts: FACTS names, bonus as mpsz."""
    if ctx.win_type not in _WIN_KIND_OF:
        raise SheetError(f"erren has no {ctx.win_type!r} win")
    facts = dict(ctx.facts)
    unknown = set(facts) - set(FACTS)
    if unknown:
        raise SheetError(f"unknown erren facts {sorted(unknown)}; known: {', '.join(FACTS)}")
    bonus = facts.pop("bonus", None)
    if ctx.win_type == WinType.TIANHU:
        facts["first_go"] = True  # 天和 is the dealer's win on the very first go, whatever the flags say
    return ErrenWin(
        concealed=ctx.concealed,
        winning_tile=ctx.win_tile if ctx.win_tile is not None else ctx.concealed[-1],
        win_kind=_WIN_KIND_OF[ctx.win_type],  # type: ignore[index]
        melds=ctx.melds,
        dealer=ctx.winner == ctx.dealer,
        bonus=Tile.parse(bonus) if bonus else None,
        **{name: bool(value) for name, value in facts.items()},
    )


# The flags the hand flow reports in WinContext.facts (see ErrenWin), plus "bonus" (the 花牌, mpsz).
FACTS = ("baoting", "tianting", "first_go", "kong_replacement", "last_tile", "haidi", "bonus")


def settle_win(win: ErrenWin | None, winner: int | None, table: Table, notes: Sequence[str] = ()) -> SettlementSheet:
    """The sheet of a finished hand: the opponent pays base × total 番; a draw (win None) moves nothing."""
    if win is None or winner is None:
        return build_sheet(_header(table, None, None, 0), [], balances=table.balances, notes=("流局 draw", *notes))
    if winner not in range(N_SEATS):
        raise InvalidWin(f"winner seat {winner} is not at a two-seat table")
    result = score(win)
    factors = (("base", table.base), ("fan", result.total), *_cap_factor(result))
    charge = Charge(1 - winner, winner, table.base * result.total, "胡牌", "win", result.total, Unit.FAN, factors)
    lines = [SheetItem(fan.zh, fan.en, n, Unit.FAN) for fan, n in result.items]
    return build_sheet(
        _header(table, winner, WIN_KIND_ZH[win.win_kind], result.total),
        [charge],
        fan_lines={winner: lines},
        balances=table.balances,
        reading=sheet_reading(result.reading),
        notes=(*_cap_notes(result), *notes),
    )


def _header(table: Table, winner: int | None, win_type: str | None, total: int) -> SheetHeader:
    return SheetHeader(VARIANT, N_SEATS, table.base, table.dealer, table.streak, winner, win_type, total)


def _cap_factor(result: ErrenScore) -> tuple[tuple[str, int], ...]:
    """Not a multiplier (`Charge.factors`): 役满 ("yakuman", 13), or the 番 before the 13-番 cap ("cap", n)."""
    if result.yakuman:
        return (("yakuman", CAP),)
    uncapped = sum(n for _, n in result.items)
    return (("cap", uncapped),) if uncapped > CAP else ()


def _cap_notes(result: ErrenScore) -> tuple[str, ...]:
    if result.yakuman:
        return ("役满 13番 yakuman: the cap, nothing else added",)
    if sum(n for _, n in result.items) > CAP:
        return ("封顶 13番 capped at 13",)
    return ()


def sheet_reading(r: Reading) -> SheetReading:
    """The scored reading as the sheet shows it: melds and sets, then the pair (seven pairs: all seven)."""
    groups = [ReadingGroup(g.kind.name.lower(), format_tiles(physical_tiles(g)), 0, g.concealed) for g in r.groups]
    if r.shape == Shape.SEVEN_PAIRS:
        return SheetReading(r.shape.name.lower(), tuple(groups), None)
    pair = next(g for g in groups if g.kind == "pair")
    return SheetReading(r.shape.name.lower(), tuple(g for g in groups if g.kind != "pair"), pair)
