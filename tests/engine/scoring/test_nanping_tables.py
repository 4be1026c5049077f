"""Nanping 计分: every row of the 第一庄/第二庄/第三庄 tables, copied from the seed, and beyond.

The table text is parsed row by row ("闲自摸：闲家付分=底分×2×2+花分，杠分 …"), the
product after 底分 is what that payer pays in bases, plus the winner's 花分/杠分.
第四庄 is 第三庄 with the red multipliers 3→4 and 4→5 (the last factor of each
formula), "以后的连庄，以此类推".
"""

import re

import pytest

from engine.games.nanping.scoring import settle_nanping
from engine.sheet import SeatTally
from tests.engine.scoring.situations import ANN, BASE, BO, CY, DI, finished, paid_to, tallies

TABLES = {
    1: """闲胡：闲家付分=底分+花分，杠分 庄家付分=底分×2+花分，杠分 庄胡：闲家各付=底分×2+花分，杠分
闲自摸：闲家付分=底分×2+花分，杠分 庄家付分=底分×2×2+花分，杠分 庄自摸：闲家各付=底分×2×2+花分，杠分
闲单游：闲家付分=底分×4+花分，杠分 庄家付分=底分×4×2+花分，杠分 庄单游：闲家各付=底分×4×2+花分，杠分
闲双游：闲家付分=底分×8+花分，杠分 庄家付分=底分×8×2+花分，杠分 庄双游：闲家各付=底分×8×2+花分，杠分
闲三游：闲家付分=底分×16+花分，杠分 庄家付分=底分×16×2+花分，杠分 庄三游：闲家各付=底分×16×2+花分，杠分""",
    2: """闲胡：闲家付分=底分×2+花分，杠分 庄家付分=底分×3+花分，杠分 庄胡：闲家各付=底分×3+花分，杠分
闲自摸：闲家付分=底分×2×2+花分，杠分 庄家付分=底分×2×3+花分，杠分 庄自摸：闲家各付=底分×2×3+花分，杠分
闲单游：闲家付分=底分×4×2+花分，杠分 庄家付分=底分×4×3+花分，杠分 庄单游：闲家各付=底分×4×3+花分，杠分
闲双游：闲家付分=底分×8×2+花分，杠分 庄家付分=底分×8×3+花分，杠分 庄双游：闲家各付=底分×8×3+花分，杠分
闲三游：闲家付分=底分×16×2+花分，杠分 庄家付分=底分×16×3+花分，杠分 庄三游：闲家各付=底分×16×3+花分，杠分""",
    3: """闲胡：闲家付分=底分×3+花分，杠分 庄家付分=底分×4+花分，杠分 庄胡：闲家各付=底分×4+花分，杠分
闲自摸：闲家付分=底分×2×3+花分，杠分 庄家付分=底分×2×4+花分，杠分 庄自摸：闲家各付=底分×2×4+花分，杠分
闲单游：闲家付分=底分×4×3+花分，杠分 庄家付分=底分×4×4+花分，杠分 庄单游：闲家各付=底分×4×4+花分，杠分
闲双游：闲家付分=底分×8×3+花分，杠分 庄家付分=底分×8×4+花分，杠分 庄双游：闲家各付=底分×8×4+花分，杠分
闲三游：闲家付分=底分×16×3+花分，杠分 庄家付分=底分×16×4+花分，杠分 庄三游：闲家各付=底分×16×4+花分，杠分""",
}

WIN_TYPES = {"胡": "dianpao", "自摸": "zimo", "单游": "youjin", "双游": "shuangyou", "三游": "sanyou"}
ROW = re.compile(r"(闲|庄)(胡|自摸|单游|双游|三游)：((?:(?:闲家付分|庄家付分|闲家各付)=底分[×\d]*\+花分，杠分 ?)+)")
PAYMENT = re.compile(r"(闲家付分|庄家付分|闲家各付)=底分((?:×\d+)*)\+花分，杠分")


def rows(table_text):
    """(winner side, win type, payer role, bases) for every payment of a table."""
    out = []
    for side, how, payments in ROW.findall(table_text):
        for role, factors in PAYMENT.findall(payments):
            bases = 1
            for factor in re.findall(r"\d+", factors):
                bases *= int(factor)
            out.append((side, WIN_TYPES[how], role, bases))
    return out


def fourth_from_third(table_text):
    """第四庄: the last multiplier of each formula of 第三庄, 3→4 and 4→5."""
    return re.sub(r"×(\d+)\+", lambda m: f"×{int(m.group(1)) + 1}+", table_text)


TABLE_ROWS = [(n, *row) for n, text in TABLES.items() for row in rows(TABLES[n])]
TABLE_ROWS += [(4, *row) for row in rows(fourth_from_third(TABLES[3]))]

# Hands: a plain hand won on 5s, and the gold 9s waiting as the pair (游金 on 3p).
PLAIN = {"concealed": "123m456m789p234s111z55s", "win_tile": "5s"}
YOU = {"concealed": "123m456m789p234s111z9s3p", "win_tile": "3p"}
WINNER_POINTS = 2  # the winner's 花分/杠分: five flowers (4 = 一明杠, +1)


def situation(side, win_type, streak):
    winner = ANN if side == "庄" else BO
    hand = PLAIN if win_type in ("dianpao", "zimo") else YOU
    discarder = (CY if winner == ANN else DI) if win_type == "dianpao" else None
    points = tallies(**{"ann" if winner == ANN else "bo": SeatTally(flowers=5)})
    return winner, finished("nanping", win_type, winner, discarder=discarder, streak=streak, tallies=points, **hand)


def payers(winner, role):
    return {"闲家付分": [CY, DI], "庄家付分": [ANN], "闲家各付": [BO, CY, DI]}[role]


def test_the_three_tables_have_fifteen_payments_each():
    assert [sum(1 for row in TABLE_ROWS if row[0] == n) for n in (1, 2, 3, 4)] == [15, 15, 15, 15]


@pytest.mark.parametrize("streak, side, win_type, role, bases", TABLE_ROWS)
def test_table_row(streak, side, win_type, role, bases):
    winner, ctx = situation(side, win_type, streak)
    sheet = settle_nanping(ctx)
    for payer in payers(winner, role):
        assert paid_to(sheet, winner)[payer] == BASE * bases + BASE * WINNER_POINTS
    assert sum(sheet.deltas) == 0


@pytest.mark.parametrize("streak", [4, 5, 10])
def test_nth_dealership_pays_n_and_dealer_n_plus_one(streak):
    """以此类推: 第n庄 闲自摸, a 闲家 pays 2×n, the dealer 2×(n+1); 庄自摸 each pays 2×(n+1)."""
    winner, ctx = situation("闲", "zimo", streak)
    assert paid_to(settle_nanping(ctx), winner) == {
        ANN: BASE * (2 * (streak + 1) + WINNER_POINTS),
        CY: BASE * (2 * streak + WINNER_POINTS),
        DI: BASE * (2 * streak + WINNER_POINTS),
    }
    winner, ctx = situation("庄", "zimo", streak)
    expected = BASE * (2 * (streak + 1) + WINNER_POINTS)
    assert paid_to(settle_nanping(ctx), winner) == {BO: expected, CY: expected, DI: expected}


@pytest.mark.parametrize(
    "win_type, scored_as, hand",
    [
        ("qiangjin", "zimo", PLAIN),  # 抢金按自摸计
        ("tianhu", "youjin", PLAIN),  # 天胡按单游计
        ("qiang_angang", "zimo", PLAIN),  # 抢杠胡按自摸计
        ("qianggang", "zimo", PLAIN),
    ],
)
def test_wins_scored_as_another(win_type, scored_as, hand):
    winner = ANN if win_type == "tianhu" else BO
    discarder = CY if win_type == "qianggang" else None
    ctx = finished("nanping", win_type, winner, discarder=discarder, **hand)
    same = finished("nanping", scored_as, winner, **(YOU if scored_as == "youjin" else hand))
    assert settle_nanping(ctx).deltas == settle_nanping(same).deltas


def test_sanjindao_scores_as_zimo():
    """三金倒按自摸计: three golds, whatever the rest of the hand."""
    ctx = finished("nanping", "sanjindao", BO, "9s9s9s147m258p369s1z")
    assert paid_to(settle_nanping(ctx), BO) == {ANN: BASE * 2 * 2, CY: BASE * 2, DI: BASE * 2}
