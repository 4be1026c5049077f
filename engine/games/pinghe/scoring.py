"""平和麻将 (pinghe) settlement: sections 7, 9, 10 and 11 of the pinghe document.

Payment per loser = base × win-type 番 × hand 番 × (2 if the dealer is the
winner or that loser, else 1) (RULINGS "pinghe"). Every loser pays, also on a
点炮 (the winner "收取其他三家的钱"). Hand 番: 单吊, 对对胡, 清一色 double
each (单吊 lifts the win one step: 点炮→自摸→游金→双游→四游, which is a
doubling). Where the hand reads several ways, the reading with the most 番 is
scored and shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

from engine.games.gold import (
    SHAPELESS_WINS,
    all_face_tiles,
    count_golds,
    face,
    header,
    readings,
    to_reading,
    winning_readings,
)
from engine.shapes import Decomposition, Shape
from engine.sheet import (
    DISCARD_WINS,
    Charge,
    Meld,
    MeldKind,
    Reading,
    SettlementSheet,
    SheetError,
    SheetItem,
    Unit,
    WinContext,
    WinType,
    build_sheet,
)
from engine.tiles import DRAGONS, Suit, Tile

VARIANT = "pinghe"
SHAPES = ("STANDARD", "PINGHE_PAIRS")  # 基本牌型 and 对对胡 (section 3)

# Section 10 (胡牌番数). 抢金 "等于自摸"; 三金倒 scores as 游金, 四金倒 as 双游
# (section 9 (3)(4)); 抢杠胡 "等同于点炮胡"; a right 抢暗杠 guess as 自摸; 天胡 is
# not in this document: a self-drawn win, scored as 自摸.
WIN_FAN: dict[WinType, int] = {
    WinType.DIANPAO: 1,
    WinType.ZIMO: 2,
    WinType.YOUJIN: 4,
    WinType.SHUANGYOU: 8,
    WinType.SIYOU: 16,
    WinType.BAYOU: 32,
    WinType.SHILIUYOU: 64,
    WinType.QIANGJIN: 2,
    WinType.SANJINDAO: 4,
    WinType.SIJINDAO: 8,
    WinType.TIANHU: 2,
    WinType.QIANGGANG: 1,
    WinType.QIANG_ANGANG: 2,
    WinType.QIANG_ANGANG_WRONG: 2,
}
DEALER_FAN = 2  # 庄家 2番
THREE_POINTS = 3  # section 7: 点炮胡 and 抢杠胡 need 3 分


@dataclass(frozen=True, slots=True)
class HandFan:
    """A 番 the hand's shape earns (单吊, 对对胡, 清一色)."""

    name_zh: str
    name_en: str
    fan: int = 2


DANDIAO = HandFan("单吊", "dandiao (single wait)")
DUIDUIHU = HandFan("对对胡", "duiduihu (pairs hand)")
QINGYISE = HandFan("清一色", "qingyise (one suit)")


def settle_pinghe(ctx: WinContext) -> SettlementSheet:
    """The settlement sheet of a finished pinghe hand (a 流局 settles nothing)."""
    ctx.check()
    if ctx.variant != VARIANT:
        raise SheetError(f"settle_pinghe got a {ctx.variant!r} hand")
    penalties = [c for guesser in ctx.wrong_guesses for c in _guess_charges(ctx, guesser)]
    notes = (WRONG_GUESS_NOTE,) if penalties else ()
    if ctx.winner is None or ctx.win_type is None:
        return build_sheet(header(ctx, 0), penalties, balances=ctx.balances, notes=("流局 draw", *notes))
    if ctx.win_type not in WIN_FAN:
        raise SheetError(f"pinghe has no {ctx.win_type.zh} ({ctx.win_type.en})")
    if ctx.win_type == WinType.QIANG_ANGANG_WRONG:
        return _wrong_guess(ctx, ctx.winner)
    check_win_allowed(ctx)
    return _win(ctx, ctx.winner, ctx.win_type, penalties, notes)


settle = settle_pinghe  # the name the variant registers (engine/games/pinghe/__init__.py: Variant.scoring)


def check_win_allowed(ctx: WinContext) -> None:
    """The gold restrictions and, for 点炮胡/抢杠胡, the 3-分 rule; `SheetError` names the broken rule."""
    assert ctx.win_type is not None and ctx.winner is not None
    golds = count_golds(ctx.concealed, ctx.gold)
    if not win_allowed_with_golds(golds, ctx.win_type):
        raise SheetError(f"{ctx.win_type.zh} is not allowed with {golds} gold(s) in hand")
    if ctx.win_type in DISCARD_WINS:
        if ctx.win_tile is None:
            raise SheetError(f"{ctx.win_type.zh} needs the win tile")
        flowers = len(ctx.flowers)
        points = dianpao_points(ctx.concealed, ctx.melds, flowers, win_tile=ctx.win_tile, gold=ctx.gold)
        if points < THREE_POINTS:
            raise SheetError(f"{ctx.win_type.zh} needs {THREE_POINTS} 分, the hand has {points}")


def payment(base: int, fan: int, *, dealer_involved: bool) -> int:
    """What one loser pays: base × 番 × 2 when the dealer wins or is this loser (section 11)."""
    return base * fan * (DEALER_FAN if dealer_involved else 1)


def _win(
    ctx: WinContext, winner: int, win_type: WinType, penalties: list[Charge], notes: tuple[str, ...]
) -> SettlementSheet:
    reading, hand_fans = best_reading(ctx)
    total = WIN_FAN[win_type] * prod(h.fan for h in hand_fans)
    charges = []
    for loser in ctx.losers:
        involved = ctx.dealer in (loser, winner)
        fan = total * (DEALER_FAN if involved else 1)
        amount = payment(ctx.base, total, dealer_involved=involved)
        factors = (("base", ctx.base), ("fan", total), *((("dealer", DEALER_FAN),) if involved else ()))
        charges.append(Charge(loser, winner, amount, win_type.zh, win_type.en, fan, Unit.FAN, factors))
    lines = [SheetItem(win_type.zh, win_type.en, WIN_FAN[win_type], Unit.FAN)]
    lines += [SheetItem(h.name_zh, h.name_en, h.fan, Unit.FAN) for h in hand_fans]
    if winner == ctx.dealer:
        lines.append(SheetItem("庄家", "dealer", DEALER_FAN, Unit.FAN))
    return build_sheet(
        header(ctx, total),
        charges + penalties,
        fan_lines={winner: lines},
        balances=ctx.balances,
        reading=reading,
        notes=notes,
    )


WRONG_GUESS_NOTE = "抢错按自摸赔 wrong guess pays as 自摸"


def _wrong_guess(ctx: WinContext, guesser: int) -> SettlementSheet:
    """A sheet of a wrong 抢暗杠 guess alone (the `score` CLI's `qiang_angang_wrong`)."""
    return build_sheet(header(ctx, 0), _guess_charges(ctx, guesser), balances=ctx.balances, notes=(WRONG_GUESS_NOTE,))


def _guess_charges(ctx: WinContext, guesser: int) -> list[Charge]:
    """抢暗杠 guessed wrong (000 §9(11) "抢错…要赔付给其他玩家自摸的番数"): the guesser pays every
    other seat what that seat's 自摸 would have cost the guesser."""
    fan = WIN_FAN[WinType.ZIMO]
    charges = []
    for k in range(1, ctx.n_seats):
        other = (guesser + k) % ctx.n_seats
        involved = ctx.dealer in (other, guesser)
        amount = payment(ctx.base, fan, dealer_involved=involved)
        charges.append(Charge(guesser, other, amount, "抢暗杠抢错", "wrong kong guess", fan, Unit.FAN))
    return charges


def best_reading(ctx: WinContext) -> tuple[Reading | None, tuple[HandFan, ...]]:
    """The reading that pays the winner most, with the hand 番 it earns.

    Wins that need no shape (三金倒, 四金倒) have no reading and no hand 番.
    """
    assert ctx.win_type is not None
    if ctx.win_type in SHAPELESS_WINS:
        return None, ()
    found = winning_readings(ctx, SHAPES)
    scored = [(d, hand_fans(ctx, d)) for d in found]
    best, fans = max(scored, key=lambda pair: prod(h.fan for h in pair[1]))
    return to_reading(best, ctx.melds), fans


def hand_fans(ctx: WinContext, decomposition: Decomposition) -> tuple[HandFan, ...]:
    """单吊 (one concealed tile left before the win), 对对胡 (the pairs shape), 清一色 (one suit)."""
    fans = []
    if len(ctx.concealed) == 2:
        fans.append(DANDIAO)
    if decomposition.shape == Shape.PINGHE_PAIRS:
        fans.append(DUIDUIHU)
    if is_one_suit(all_face_tiles(decomposition, ctx.melds, ctx.gold)):
        fans.append(QINGYISE)
    return tuple(fans)


def is_one_suit(tiles: Sequence[Tile]) -> bool:
    """清一色: all 万, all 筒, all 条, or all 字 (golds count as the faces they play)."""
    return len({t.suit for t in tiles}) == 1 and tiles[0].suit != Suit.FLOWER


# --- Section 7: the 3-分 rule for 点炮胡 and 抢杠胡 ------------------------------------


def meld_points(meld: Meld, gold: Tile | None) -> int:
    """明杠 2, 暗杠 4, a pong of 中/发/白 1, anything else 0."""
    if meld.kind == MeldKind.KONG:
        return 4 if meld.concealed else 2
    # As the tiles play: 白板 standing in for the gold's face (say 9s) makes a 9s pong, not a dragon pong.
    if meld.kind == MeldKind.PUNG and face(meld.tiles[0], gold).kind in DRAGONS:
        return 1
    return 0


def dianpao_points(
    concealed: Sequence[Tile], melds: Sequence[Meld], flowers: int, *, win_tile: Tile | None, gold: Tile | None
) -> int:
    """The 分 a hand holds for the 3-分 rule (section 7), in its best reading.

    花 1 each, 暗刻 (concealed triplet) 1, 明杠 2, 暗杠 4, pong of 中/发/白 1.
    `concealed` includes `win_tile`; a triplet the discarded `win_tile` completed
    is not concealed (unless the tile can sit elsewhere in that reading).
    """
    fixed = flowers + sum(meld_points(m, gold) for m in melds)
    found = readings(concealed, gold, SHAPES)
    triplets = max((_concealed_triplets(d, win_tile, gold) for d in found), default=0)
    return fixed + triplets


def _concealed_triplets(decomposition: Decomposition, win_tile: Tile | None, gold: Tile | None) -> int:
    pungs = [g for g in decomposition.groups if g.is_triplet]
    if win_tile is None:
        return len(pungs)
    played = face(win_tile, gold)
    holders = [g for g in decomposition.groups if played in g.tiles]
    completes_a_triplet = bool(holders) and all(g.is_triplet for g in holders)
    return len(pungs) - (1 if completes_a_triplet else 0)


def can_win_on_discard(
    concealed: Sequence[Tile], melds: Sequence[Meld], flowers: int, *, win_tile: Tile, gold: Tile | None
) -> bool:
    """点炮胡 / 抢杠胡 legality (section 7): no gold in hand and at least 3 分.

    `concealed` includes the discarded (or robbed) `win_tile`; the shape itself is
    checked by the caller (`is_win`).
    """
    if count_golds(concealed, gold):
        return False
    return dianpao_points(concealed, melds, flowers, win_tile=win_tile, gold=gold) >= THREE_POINTS


def win_allowed_with_golds(golds: int, win_type: WinType) -> bool:
    """The gold restrictions (section 9 (1)(2)): one gold bars 点炮/抢杠胡, three golds need 游金 or better."""
    if golds >= 1 and (win_type in DISCARD_WINS or WIN_FAN[win_type] < WIN_FAN[WinType.ZIMO]):
        return False
    return not (golds >= 3 and WIN_FAN[win_type] < WIN_FAN[WinType.YOUJIN])
