"""南平麻将 (nanping) settlement: 计分 tables (第一庄/第二庄/第三庄 and on), 花分/杠分, 分饼, 包.

With 连庄 streak n (1 = first dealership) each loser pays
base × win-type 番 × (n + 1 if the dealer is that loser or the winner, else n)
+ base × the winner's 花分/杠分 (RULINGS "nanping"). The losers settle their own
花分/杠分 differences among themselves; the winner pays none. 分饼 is paid by
the dealer to each other seat: 1 base for the first followed discard, then
doubling (1, 2, 4, … base) for each further one. Under 包 the 包 seat pays
everything owed to the winner.
"""

from __future__ import annotations

from itertools import combinations

from engine.games.gold import SHAPELESS_WINS, count_golds, header, to_reading, winning_readings
from engine.sheet import (
    Charge,
    Reading,
    SeatTally,
    SettlementSheet,
    SheetError,
    SheetItem,
    Unit,
    WinContext,
    WinType,
    build_sheet,
)

VARIANT = "nanping"
SHAPES = ("STANDARD",)

# 计分: 闲胡 1, 自摸 2, 单游 4, 双游 8, 三游 16; 抢金/三金倒/抢杠胡 按自摸计, 天胡按单游计.
# A right 抢暗杠 guess is this document's 抢杠胡; robbing an exposed kong scores the same.
WIN_FAN: dict[WinType, int] = {
    WinType.DIANPAO: 1,
    WinType.ZIMO: 2,
    WinType.YOUJIN: 4,
    WinType.SHUANGYOU: 8,
    WinType.SANYOU: 16,
    WinType.QIANGJIN: 2,
    WinType.SANJINDAO: 2,
    WinType.TIANHU: 4,
    WinType.QIANGGANG: 2,
    WinType.QIANG_ANGANG: 2,
    WinType.QIANG_ANGANG_WRONG: 2,
}
# The document's own names where they differ from the shared ones.
NAMES_ZH = {WinType.YOUJIN: "单游", WinType.QIANG_ANGANG: "抢杠胡", WinType.QIANGGANG: "抢明杠胡"}
FLOWERS_PER_KONG = 4  # 补了四次花就算一明杠, each further flower one more


def settle_nanping(ctx: WinContext) -> SettlementSheet:
    """The settlement sheet of a finished nanping hand (a 臭庄 settles only 分饼)."""
    ctx.check()
    if ctx.variant != VARIANT:
        raise SheetError(f"settle_nanping got a {ctx.variant!r} hand")
    fenbing = fenbing_charges(ctx)
    if ctx.winner is None or ctx.win_type is None:
        return build_sheet(header(ctx, 0), fenbing, balances=ctx.balances, notes=("臭庄 draw",))
    if ctx.win_type not in WIN_FAN:
        raise SheetError(f"nanping has no {ctx.win_type.zh} ({ctx.win_type.en})")
    if ctx.win_type == WinType.QIANG_ANGANG_WRONG:
        return _wrong_guess(ctx, ctx.winner, fenbing)
    golds = count_golds(ctx.concealed, ctx.gold)
    if not win_allowed_with_golds(golds, ctx.win_type):
        raise SheetError(f"{ctx.win_type.zh} is not allowed with {golds} golds in hand")
    return _win(ctx, ctx.winner, ctx.win_type, fenbing)


settle = settle_nanping  # the name the variant registers (engine/games/nanping/__init__.py: Variant.scoring)


def multiplier(streak: int, *, dealer_involved: bool) -> int:
    """连庄: n, or n + 1 when the dealer wins or is the paying loser (第一庄 n = 1: 1 and 2)."""
    return streak + 1 if dealer_involved else streak


def payment(base: int, fan: int, streak: int, *, dealer_involved: bool, winner_points: int) -> int:
    """What one loser pays the winner: 底分 × 番 × 连庄 multiplier + the winner's 花分/杠分."""
    return base * fan * multiplier(streak, dealer_involved=dealer_involved) + base * winner_points


def huagang_points(tally: SeatTally) -> int:
    """花分/杠分: 4 flowers = 1 明杠 and each further flower +1; 明杠 1, 暗杠 2."""
    flower_points = tally.flowers - FLOWERS_PER_KONG + 1 if tally.flowers >= FLOWERS_PER_KONG else 0
    return flower_points + tally.exposed_kongs + 2 * tally.concealed_kongs


def _win(ctx: WinContext, winner: int, win_type: WinType, fenbing: list[Charge]) -> SettlementSheet:
    fan = WIN_FAN[win_type]
    name = NAMES_ZH.get(win_type, win_type.zh)
    points = huagang_points(ctx.tally(winner))
    charges: list[Charge] = []
    for loser in ctx.losers:
        mult = multiplier(ctx.streak, dealer_involved=ctx.dealer in (loser, winner))
        factors = (("base", ctx.base), ("fan", fan), ("streak", mult))
        charges.append(Charge(loser, winner, ctx.base * fan * mult, name, win_type.en, fan * mult, Unit.FAN, factors))
        if points:
            by_points = (("base", ctx.base), ("points", points))
            name_zh, name_en = "花分/杠分", "flower/kong points"
            charges.append(Charge(loser, winner, ctx.base * points, name_zh, name_en, points, Unit.POINTS, by_points))
    charges += losers_points(ctx, ctx.losers) + fenbing
    if ctx.bao is not None:
        charges = [_bao(c, winner, ctx.bao) for c in charges]
    lines = [SheetItem(name, win_type.en, fan, Unit.FAN), _streak_line(ctx)]
    if points:
        lines.append(SheetItem("花分/杠分", "flower/kong points", points, Unit.POINTS))
    return build_sheet(
        header(ctx, fan, name), charges, fan_lines={winner: lines}, balances=ctx.balances, reading=_reading(ctx)
    )


def _streak_line(ctx: WinContext) -> SheetItem:
    return SheetItem(f"第{ctx.streak}庄", f"dealership {ctx.streak}", ctx.streak, Unit.FAN)


def _bao(charge: Charge, winner: int, bao: int) -> Charge:
    """包: whatever is owed to the winner is owed by the 包 seat instead."""
    if charge.receiver != winner or charge.payer == bao:
        return charge
    factors = (*charge.factors, ("bao", charge.payer))  # the seat whose share is paid, named by the reader
    return Charge(bao, winner, charge.amount, charge.name_zh, charge.name_en, charge.value, charge.unit, factors)


def losers_points(ctx: WinContext, losers: tuple[int, ...]) -> list[Charge]:
    """Losers settle 花分/杠分 differences among themselves (the A/B/C example of rule 9)."""
    charges = []
    for a, b in combinations(losers, 2):
        diff = huagang_points(ctx.tally(b)) - huagang_points(ctx.tally(a))
        payer, receiver = (a, b) if diff > 0 else (b, a)
        if diff:
            charges.append(
                Charge(payer, receiver, ctx.base * abs(diff), "花分/杠分", "flower/kong points", abs(diff), Unit.POINTS)
            )
    return charges


def fenbing_charges(ctx: WinContext) -> list[Charge]:
    """分饼: for the k-th followed first discard the dealer pays each other seat 2^(k-1) base."""
    charges = []
    for k in range(1, ctx.fenbing + 1):
        units = 2 ** (k - 1)
        for seat in range(ctx.n_seats):
            if seat != ctx.dealer:
                charges.append(
                    Charge(ctx.dealer, seat, ctx.base * units, f"分饼 #{k}", f"fenbing #{k}", units, Unit.POINTS)
                )
    return charges


def _wrong_guess(ctx: WinContext, guesser: int, fenbing: list[Charge]) -> SettlementSheet:
    """抢杠胡 guessed wrong (诈胡): the guesser pays the three as 自摸, 花分/杠分 included."""
    fan = WIN_FAN[WinType.ZIMO]
    charges = []
    for other in ctx.losers:
        mult = multiplier(ctx.streak, dealer_involved=ctx.dealer in (other, guesser))
        charges.append(
            Charge(guesser, other, ctx.base * fan * mult, "诈胡", "false win (wrong kong guess)", fan * mult, Unit.FAN)
        )
        points = huagang_points(ctx.tally(other))
        if points:
            charges.append(
                Charge(guesser, other, ctx.base * points, "花分/杠分", "flower/kong points", points, Unit.POINTS)
            )
    notes = ("诈胡按自摸赔三家 a wrong guess pays the three as 自摸",)
    return build_sheet(header(ctx, 0), charges + fenbing, balances=ctx.balances, notes=notes)


def _reading(ctx: WinContext) -> Reading | None:
    """Nanping pays by win type alone; the first reading is shown (none for 三金倒)."""
    assert ctx.win_type is not None
    if ctx.win_type in SHAPELESS_WINS:
        return None
    found = winning_readings(ctx, SHAPES)
    return to_reading(found[0], ctx.melds)


def win_allowed_with_golds(golds: int, win_type: WinType) -> bool:
    """Two golds in hand: only 自摸 or better (no 点炮胡, no 抢杠胡 on an exposed kong)."""
    return golds < 2 or win_type not in (WinType.DIANPAO, WinType.QIANGGANG)
