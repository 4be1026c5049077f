"""附加情况: 自摸, 门风, 圈风, 三元牌 — +1 番 each on in-limit hands, capped at 爆胡 (3 番)."""

import pytest

from engine.games.guangdong.fans import Reading, Situation, WinWay, score
from engine.tiles import Tile

EAST, SOUTH = Tile.parse("1z"), Tile.parse("2z")
SOUTH_PUNG = "123m 456p 789s 222z 55m"
TWO_DRAGONS = "555z 666z 123m 456p 11m"

EXTRA_ROWS = [
    # reading, situation, 番, extra items
    ("123m 456p 789s 222s 55m", Situation(way=WinWay.SELF_DRAW), 1, ["自摸"]),
    (SOUTH_PUNG, Situation(seat_wind=SOUTH, round_wind=EAST), 1, ["门风"]),
    (SOUTH_PUNG, Situation(seat_wind=EAST, round_wind=SOUTH), 1, ["圈风"]),
    (SOUTH_PUNG, Situation(seat_wind=SOUTH, round_wind=SOUTH), 2, ["门风", "圈风"]),
    ("123m 456p 789s 555z 55m", Situation(), 1, ["三元牌"]),
    (TWO_DRAGONS, Situation(), 2, ["三元牌", "三元牌"]),
    ("123m 456p 789s 234s 55m", Situation(way=WinWay.SELF_DRAW), 2, ["自摸"]),  # 平胡 + 自摸
]


@pytest.mark.parametrize("text, situation, fan, names", EXTRA_ROWS)
def test_each_extra_adds_one_fan(text, situation, fan, names):
    result = score(Reading.parse(text), situation)
    assert result.fan == fan
    assert [i.name_zh for i in result.items if i.name_zh in {"自摸", "门风", "圈风", "三元牌"}] == names


CAP_ROWS = [
    # 碰碰胡 2 + 自摸 1 + 三元 1 = 4 -> 3
    ("111m 222p 999s 555z 55m", Situation(way=WinWay.SELF_DRAW), 4),
    # 混一色 2 + 门风 1 + 圈风 1 + 自摸 1 = 5 -> 3
    ("123m 456m 789m 222z 55m", Situation(way=WinWay.SELF_DRAW, seat_wind=SOUTH, round_wind=SOUTH), 5),
    # 鸡胡 + two dragon pongs + 自摸 = 3: exactly the limit, no cap line
    (TWO_DRAGONS, Situation(way=WinWay.SELF_DRAW), 3),
]


@pytest.mark.parametrize("text, situation, uncapped", CAP_ROWS)
def test_in_limit_hands_with_extras_cap_at_three(text, situation, uncapped):
    result = score(Reading.parse(text), situation)
    assert result.fan == 3 and result.points == 8
    assert sum(i.fan for i in result.items if i.name_zh != "爆胡") == uncapped
    assert sum(i.fan for i in result.items) == 3  # the 爆胡 line takes the excess off


@pytest.mark.parametrize(
    "text, fan",
    [
        ("123m 456m 789m 234m 55m", 4),  # 清一色
        ("111m 222m 999m 555z 55m", 4),  # 混碰 with a dragon pong
        ("555z 666z 777z 123m 55p", 6),  # 大三元: its pongs are not also 三元 extras
    ],
)
def test_special_hands_take_no_extras(text, fan):
    situation = Situation(way=WinWay.SELF_DRAW, seat_wind=SOUTH, round_wind=SOUTH)
    result = score(Reading.parse(text), situation)
    assert result.fan == fan and len(result.items) == 1


def test_a_kong_counts_as_a_pong_for_the_extras():
    result = score(Reading.parse("123m 456p 789s 5555z 55m"), Situation())
    assert [(i.name_zh, i.fan) for i in result.items] == [("鸡胡", 0), ("三元牌", 1)]
