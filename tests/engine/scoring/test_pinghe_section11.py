"""Pinghe section 11 (胡牌分数结算): every formula, copied from the seed, against the sheet.

Each row is (block, who wins, who pays or receives, the formula as the document
writes it). The formula text is evaluated with 底 = the base stake; 游金's block
is checked for every 游 level (如双游游金番为8，四游为16，八游为32，十六游为64),
and the special-hand block for each of 单吊, 对对胡 and 清一色 (N = 2).
"""

import re

import pytest

from engine.games.pinghe.scoring import settle_pinghe
from tests.engine.scoring.situations import ANN, BASE, BO, CY, DI, finished, paid_to

SECTION_11 = [
    ("点炮胡", "庄家胡", "winner", "底*2（庄家番）*3（三家收取）"),
    ("点炮胡", "庄家胡", "each", "底*2（庄家番）"),
    ("点炮胡", "闲家胡", "winner", "底*2（庄家番）+ 底*1+ 底*1"),
    ("点炮胡", "闲家胡", "dealer", "底*2（庄家番）"),
    ("点炮胡", "闲家胡", "others", "底*1"),
    ("自摸胡", "庄家自摸", "winner", "底*2（庄家番）*2（自摸番）*3（三家收取）"),
    ("自摸胡", "庄家自摸", "each", "底*2（庄家番）*2（自摸番）"),
    ("自摸胡", "闲家自摸", "winner", "底*2（庄家番）*2（自摸番）+底*2（自摸番）*2(2家闲家收取)"),
    ("自摸胡", "闲家自摸", "dealer", "底*2（庄家番）*2（自摸番）"),
    ("自摸胡", "闲家自摸", "others", "底*2（自摸番）"),
    ("游金胡", "庄家游金", "winner", "底*2（庄家番）*4（游金番）*3（三家收取）"),
    ("游金胡", "闲家游金", "winner", "底*2（庄家番）*4（游金番）+底*4（游金番）*2(2家闲家收取)"),
    ("游金胡", "闲家游金", "dealer", "底*2（庄家番）*4（游金番）"),
    ("游金胡", "闲家游金", "others", "底*4（游金番）"),
    ("点炮胡（单吊，对对胡，清一色）", "庄家胡", "winner", "底*2（庄家番）*N（特殊牌型番数）*3（三家收取）"),
    (
        "点炮胡（单吊，对对胡，清一色）",
        "闲家胡",
        "winner",
        "底*2（庄家番）*N（特殊牌型番数）+ 闲家底*1*N（特殊牌型番数）*2(2家闲家收取)",
    ),
    ("点炮胡（单吊，对对胡，清一色）", "闲家胡", "dealer", "底*2（庄家番）*N（特殊牌型番数）"),
    ("点炮胡（单吊，对对胡，清一色）", "闲家胡", "others", "闲家底*1*N（特殊牌型番数）"),
]

# 如双游游金番为8，四游为16，八游为32，十六游为64.
YOU_LEVELS = {"游金": 4, "双游": 8, "四游": 16, "八游": 32, "十六游": 64}

# A plain hand (3 分: two flowers and the concealed triplet 111z), won on 5s.
PLAIN = {"concealed": "123m456m789p234s111z55s", "win_tile": "5s", "flowers": "12f"}
# The same sets with the gold 9s waiting as the pair: 游金 on the drawn 3p.
YOUJIN = {"concealed": "123m456m789p234s111z9s3p", "win_tile": "3p"}
SPECIAL_HANDS: dict[str, dict] = {
    "单吊": {
        "concealed": "55s",
        "melds": ("123m", "456m", "789p", "234s", "111z"),
        "win_tile": "5s",
        "flowers": "123f",
    },
    "对对胡": {"concealed": "11m22m33m44p55p66s77s888s", "win_tile": "1m", "flowers": "12f"},
    "清一色": {"concealed": "123m123m456m789m555m99m", "win_tile": "9m", "flowers": "12f"},
}


def amount(formula, **values):
    """Evaluate a section-11 formula: drop the （…） notes, 底 = base, N = the special 番."""
    text = re.sub(r"（[^）]*）|\([^)]*\)", "", formula).replace("闲家底", "底").replace("底", str(BASE))
    for name, value in values.items():
        text = text.replace(name, str(value))
    assert re.fullmatch(r"[0-9*+ ]+", text), text
    return eval(text)


def seats_for(case, role):
    """The winner, and the seats the role's formula is checked for."""
    winner = ANN if case.startswith("庄家") else BO
    losers = [s for s in (ANN, BO, CY, DI) if s != winner]
    return winner, {"winner": [winner], "each": losers, "dealer": [ANN], "others": [CY, DI]}[role]


def check(sheet, winner, role, seats, expected):
    if role == "winner":
        assert sheet.owed(winner) == expected
        assert sum(sheet.deltas) == 0
    for seat in seats if role != "winner" else ():
        assert paid_to(sheet, winner)[seat] == expected
        assert sheet.owed(seat) == -expected


def ids(rows):
    return [f"{block}-{case}-{role}" for block, case, role, _ in rows]


PLAIN_ROWS = [r for r in SECTION_11 if r[0] in ("点炮胡", "自摸胡")]


@pytest.mark.parametrize("block, case, role, formula", PLAIN_ROWS, ids=ids(PLAIN_ROWS))
def test_dianpao_and_zimo(block, case, role, formula):
    winner, seats = seats_for(case, role)
    if block == "点炮胡":
        discarder = CY if winner == ANN else DI
        ctx = finished("pinghe", "dianpao", winner, discarder=discarder, **PLAIN)
    else:
        ctx = finished("pinghe", "zimo", winner, **PLAIN)
    check(settle_pinghe(ctx), winner, role, seats, amount(formula))


YOU_ROWS = [(level, *r[1:]) for level in YOU_LEVELS for r in SECTION_11 if r[0] == "游金胡"]
YOU_TYPES = {"游金": "youjin", "双游": "shuangyou", "四游": "siyou", "八游": "bayou", "十六游": "shiliuyou"}


@pytest.mark.parametrize("level, case, role, formula", YOU_ROWS, ids=ids(YOU_ROWS))
def test_youjin_levels(level, case, role, formula):
    winner, seats = seats_for(case, role)
    formula = formula.replace("4（游金番）", f"{YOU_LEVELS[level]}（游金番）")
    ctx = finished("pinghe", YOU_TYPES[level], winner, **YOUJIN)
    check(settle_pinghe(ctx), winner, role, seats, amount(formula))


SPECIAL_ROWS = [(name, *r[1:]) for name in SPECIAL_HANDS for r in SECTION_11 if r[0].startswith("点炮胡（")]


@pytest.mark.parametrize("special, case, role, formula", SPECIAL_ROWS, ids=ids(SPECIAL_ROWS))
def test_special_hands_on_a_discard(special, case, role, formula):
    winner, seats = seats_for(case, role)
    discarder = CY if winner == ANN else DI
    ctx = finished("pinghe", "dianpao", winner, discarder=discarder, **SPECIAL_HANDS[special])
    sheet = settle_pinghe(ctx)
    check(sheet, winner, role, seats, amount(formula, N=2))
    assert special in [item.name_zh for item in sheet.seats[winner].items]
