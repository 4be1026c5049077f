"""Every hand on the erren list, with its 番, straight from the rule document (docs/rules/erren.md).

Each row: the concealed tiles (winning tile included), the winning tile, how it
was won, the melds, the flags the hand flow sets, the items the sheet shows
(Chinese name -> 番) and the total.
"""

from __future__ import annotations

import pytest

from engine.games.erren.fans import ALL_FANS, CAP, score

from .builders import win

Z = "zimo"
D = "discard"

# (case id, concealed, winning tile, how, melds, flags, expected items, total)
CASES = [
    # --- non-役满 hands, one at a time -------------------------------------------------------------
    ("推倒胡", "456p678s234m99p", "9p", D, ("123m",), {}, {"推倒胡": 1}, 1),
    ("门清", "123m456p678s234m99p", "9p", D, (), {}, {"门清": 1}, 1),
    ("门清自摸", "123m456p678s234m99p", "9p", Z, (), {}, {"门清": 1, "门清自摸": 1}, 2),
    ("门清报听", "123m456p678s234m99p", "9p", D, (), {"baoting": True}, {"门清": 1, "门清报听": 1}, 2),
    ("天听", "123m456p678s234m99p", "9p", D, (), {"baoting": True, "tianting": True}, {"门清": 1, "天听": 2}, 3),
    ("平和", "123m456p678s234m99p", "6s", D, (), {}, {"门清": 1, "平和": 1}, 2),
    ("断幺九", "234m456p678s345m88p", "8p", D, (), {}, {"门清": 1, "断幺九": 1}, 2),
    ("一杯口", "112233m456p678s99p", "9p", D, (), {}, {"门清": 1, "一杯口": 2}, 3),
    ("两杯口", "112233m445566p99s", "9s", D, (), {}, {"门清": 1, "两杯口": 4}, 5),
    ("三色同顺", "345m345p345s789m11z", "1z", D, (), {}, {"门清": 1, "三色同顺": 2}, 3),
    ("一气通贯", "123456789m234p11s", "1s", D, (), {}, {"门清": 1, "一气通贯": 2}, 3),
    ("碰碰胡", "777s888m33z", "3z", D, ("222m", "555p"), {}, {"碰碰胡": 2}, 2),
    ("三暗刻", "222m555p777s345m99p", "3m", D, (), {}, {"门清": 1, "三暗刻": 2}, 3),
    ("三连刻", "444m555m789p11z", "1z", D, ("333m",), {}, {"三连刻": 3}, 3),
    ("三色同刻", "555p555s789m22z", "2z", D, ("555m",), {}, {"三色同刻": 3}, 3),
    ("混全带幺", "123m789p789s999s11z", "1z", D, (), {}, {"门清": 1, "混全带幺": 3}, 4),
    ("纯全带幺", "123m789p789s999s11m", "1m", D, (), {}, {"门清": 1, "纯全带幺": 4}, 5),
    ("混老头", "111s222z33z", "3z", D, ("111m", "999p"), {}, {"碰碰胡": 2, "混老头": 2}, 4),
    ("混一色", "234m456m777m222z55m", "5m", D, (), {}, {"门清": 1, "混一色": 3}, 4),
    ("清一色", "345m666m789m11m", "1m", D, ("222m",), {}, {"清一色": 5}, 5),
    ("小三元", "666z77z123m456p", "7z", D, ("555z",), {}, {"小三元": 4}, 4),
    ("七对子", "1133m5577p2288s44z", "4z", D, (), {}, {"门清": 1, "七对子": 3}, 4),
    ("龙七对", "1111m33m5577p2288s", "1m", D, (), {}, {"门清": 1, "龙七对": 6}, 7),
    (
        "杠上开花",
        "123m456p789s99s",
        "9s",
        Z,
        ("2222p!",),
        {"kong_replacement": True},
        {"门清": 1, "门清自摸": 1, "杠上开花": 2},
        4,
    ),
    ("河底捞月", "123m456p678s234m99p", "9p", Z, (), {"last_tile": True}, {"门清": 1, "门清自摸": 1, "河底捞月": 1}, 3),
    ("河底捞鱼", "123m456p678s234m99p", "9p", D, (), {"last_tile": True}, {"门清": 1, "河底捞鱼": 1}, 2),
    ("海底捞月", "123m456p678s234m99p", "9p", Z, (), {"haidi": True}, {"门清": 1, "门清自摸": 1, "海底捞月": 1}, 3),
    ("花牌", "456p567s234m55p", "5p", D, ("123m",), {"bonus": "5p"}, {"推倒胡": 1, "花牌": 3}, 4),
    ("抢杠 scores as 自摸", "123m456p678s234m99p", "9p", "robbed", (), {}, {"门清": 1, "门清自摸": 1}, 2),
    # --- 役满: the cap, nothing else added ------------------------------------------------------------
    ("天和", "123m456p678s234m99p", "9p", Z, (), {"dealer": True, "first_go": True}, {"天和": 13}, 13),
    ("地和", "123m456p678s234m99p", "9p", D, (), {"first_go": True}, {"地和": 13}, 13),
    ("人和", "123m456p678s234m99p", "9p", Z, (), {"first_go": True}, {"人和": 13}, 13),
    ("小四喜", "111z222z333z44z789m", "4z", D, (), {}, {"小四喜": 13}, 13),
    ("大四喜", "222z333z444z55m", "5m", D, ("111z",), {}, {"大四喜": 13}, 13),
    ("大三元", "666z777z123m99p", "9p", D, ("555z",), {}, {"大三元": 13}, 13),
    ("大车轮", "22334455667788p", "8p", D, (), {}, {"大车轮": 13}, 13),
    ("四暗刻", "111m444p777s999s22z", "2z", D, (), {}, {"四暗刻": 13}, 13),
    ("四连刻", "444p555p666p77z", "7z", D, ("333p",), {}, {"四连刻": 13}, 13),
    ("四杠子", "33z", "3z", D, ("1111m", "2222z", "5555p!", "9999s"), {}, {"四杠子（十八罗汉）": 13}, 13),
    ("百万石", "567m789m999m888m66m", "6m", D, (), {}, {"百万石": 13}, 13),
    # several 役满 are all shown; the total stays at the cap
    ("大四喜+四暗刻", "111z222z333z444z55z", "5z", D, (), {}, {"大四喜": 13, "四暗刻": 13}, 13),
    (
        "天和+大三元",
        "555z666z777z123m99p",
        "9p",
        Z,
        (),
        {"dealer": True, "first_go": True},
        {"天和": 13, "大三元": 13},
        13,
    ),
    # 花牌 does not add to a 役满
    ("役满 ignores 花牌", "666z777z123m99p", "9p", D, ("555z",), {"bonus": "9p"}, {"大三元": 13}, 13),
    # non-役满 hands add up to the cap: 清一色 5 + 龙七对 6 + 门清 1 + 门清自摸 1 + 门清报听 1 = 14 -> 13
    (
        "cap at 13",
        "1111m22m33m55m77m99m",
        "1m",
        Z,
        (),
        {"baoting": True},
        {"门清": 1, "门清报听": 1, "门清自摸": 1, "龙七对": 6, "清一色": 5},
        13,
    ),
]

# The subtle hands, each with a near miss that must not score it.
NEAR_MISSES = [
    # 平和: two-sided only; an edge wait, a closed wait, an honour pair or a triplet spoil it
    ("平和: closed wait 6_8s", "123m456p678s234m99p", "7s", D, (), {}, {"门清": 1}, 1),
    ("平和: edge wait 89s on 7s", "123m456p789s234m99p", "7s", D, (), {}, {"门清": 1}, 1),
    ("平和: honour pair", "123m456p678s234m11z", "6s", D, (), {}, {"门清": 1}, 1),
    ("平和: pair wait", "123m456p678s234m99p", "9p", D, (), {}, {"门清": 1}, 1),
    ("平和: a triplet", "123m456p678s222m99p", "6s", D, (), {}, {"门清": 1}, 1),
    # 混全带幺 needs honours, 纯全带幺 forbids them; one set without 幺九 spoils both
    ("混全带幺 vs 纯全带幺: honour pair", "123m789p789s999s11z", "1z", D, (), {}, {"门清": 1, "混全带幺": 3}, 4),
    ("纯全带幺 vs 混全带幺: terminal pair", "123m789p789s999s11m", "1m", D, (), {}, {"门清": 1, "纯全带幺": 4}, 5),
    ("纯全带幺: one simple chow", "123m789p789s456s11m", "1m", D, (), {}, {"门清": 1, "平和": 1}, 2),
    ("混全带幺: one simple chow", "123m789p456s999s11z", "1z", D, (), {}, {"门清": 1}, 1),
    # 一杯口 vs 两杯口
    ("一杯口, not 两杯口", "112233m456p678s99p", "9p", D, (), {}, {"门清": 1, "一杯口": 2}, 3),
    ("两杯口, not 一杯口 or 七对子", "112233m445566p99s", "9s", D, (), {}, {"门清": 1, "两杯口": 4}, 5),
    ("两杯口 with a melded chow", "112233m456p99s", "9s", D, ("456p",), {}, {"两杯口": 4}, 4),
    ("same numbers, other suits: no 一杯口", "123m123p456s678s99p", "9p", D, (), {}, {"门清": 1}, 1),
    # 龙七对: only when won on the fourth tile of the four of a kind
    ("龙七对 won on the fourth tile", "1111m33m5577p2288s", "1m", D, (), {}, {"门清": 1, "龙七对": 6}, 7),
    ("four already in hand: just 七对子", "1111m33m5577p2288s", "3m", D, (), {}, {"门清": 1, "七对子": 3}, 4),
    # 百万石: the sum of the 万 is 100 or more
    ("百万石 at exactly 100", "345m789m999m777m88m", "8m", D, (), {}, {"百万石": 13}, 13),
    ("百万石 missed at 99", "345m789m999m888m66m", "6m", D, (), {}, {"门清": 1, "清一色": 5}, 6),
    ("百万石 needs only 万", "345m789m999m777m88p", "8p", D, (), {}, {"门清": 1}, 1),
    # 暗刻: a triplet completed by the opponent's discard is not concealed
    (
        "四暗刻 missed on a discard shanpon",
        "111m444p777s999s22z",
        "9s",
        D,
        (),
        {},
        {"门清": 1, "碰碰胡": 2, "三暗刻": 2},
        5,
    ),
    ("四暗刻 by self-draw shanpon", "111m444p777s999s22z", "9s", Z, (), {}, {"四暗刻": 13}, 13),
    ("三暗刻 missed on a discard shanpon", "222m555p777s345m99p", "7s", D, (), {}, {"门清": 1}, 1),
    # 天和/地和/人和 need the first go and the right seat and way
    (
        "dealer's discard win on the first go is not 天和",
        "123m456p678s234m99p",
        "9p",
        D,
        (),
        {"dealer": True, "first_go": True},
        {"门清": 1},
        1,
    ),
    # 大车轮 needs all simples
    (
        "seven pairs with 1p: 清一色 七对子, not 大车轮",
        "11335566778899p",
        "9p",
        D,
        (),
        {},
        {"门清": 1, "七对子": 3, "清一色": 5},
        9,
    ),
    # 百万石: 万 tiles summing to 100 or more (RULINGS); 99 is not enough
    ("百万石 at exactly 100", "444m777m789m88m999m", "4m", D, (), {}, {"百万石": 13}, 13),
    ("万 tiles summing to 99", "33m999m888m789m666m", "7m", D, (), {}, {"门清": 1, "清一色": 5, "三暗刻": 2}, 8),
    # 小四喜 needs the wind pair
    (
        "three wind triplets, dragon pair",
        "111z222z333z55z789m",
        "5z",
        D,
        (),
        {},
        {"门清": 1, "三暗刻": 2, "混一色": 3, "混全带幺": 3},
        9,
    ),
]


@pytest.mark.parametrize(
    ("concealed", "tile", "how", "melds", "flags", "expected", "total"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES + NEAR_MISSES],
)
def test_hand_scores_its_fan(concealed, tile, how, melds, flags, expected, total):
    result = score(win(concealed, tile, how, melds=melds, **flags))
    assert {fan.zh: n for fan, n in result.items} == expected
    assert result.total == total


def test_every_hand_on_the_list_has_a_row():
    shown = {name for case in CASES for name in case[6]}
    assert {fan.zh for fan in ALL_FANS} <= shown


def test_役满_values_are_the_cap():
    assert all(fan.fan == CAP for fan in ALL_FANS if fan.yakuman)
    assert sum(fan.yakuman for fan in ALL_FANS) == 11
