"""Every row of the document's 番 tables (记分规则 一 and 二), scored on a discard win.

The seat and round wind are 东 and no hand below holds a 东 pong, so no extra applies;
points = 2^番 as in the 记分 column.
"""

import pytest

from engine.games.guangdong.fans import HandShape, Reading, Situation, WinWay, best_score, score

ON_DISCARD = Situation()

IN_LIMIT_ROWS = [
    # reading, 番, name of the first item
    ("123m 456p 789s 222s 55m", 0, "鸡胡"),
    ("123m 456p 789s 234s 55m", 1, "平胡"),
    ("111m 222p 999s 333s 55m", 2, "碰碰胡"),
    ("123m 456m 789m 222z 55m", 2, "混一色"),
]

SPECIAL_ROWS = [
    ("123m 456m 789m 234m 55m", 4, "清一色"),
    ("111m 222m 999m 222z 55m", 4, "混碰"),
    ("111m 222m 999m 333m 55m", 5, "清碰"),
    ("111m 999p 111s 222z 99s", 5, "混幺九"),
    ("555z 666z 123m 456p 77z", 5, "小三元"),
    ("111z 222z 333z 123m 44z", 5, "小四喜"),
    ("111z 222z 333z 555z 66z", 6, "字一色"),
    ("111m 999m 111p 999s 11s", 6, "清幺九"),
    ("555z 666z 777z 123m 55p", 6, "大三元"),
    ("111z 222z 333z 444z 55m", 6, "大四喜"),
]


@pytest.mark.parametrize("text, fan, name", IN_LIMIT_ROWS + SPECIAL_ROWS)
def test_each_row_scores_its_fan_and_points(text, fan, name):
    result = score(Reading.parse(text), ON_DISCARD)
    assert (result.fan, result.points, result.items[0].name_zh) == (fan, 2**fan, name)


@pytest.mark.parametrize(
    "text, shape, name",
    [
        ("11123455678999m", HandShape.NINE_GATES, "九莲宝灯"),
        ("19m19p19s12345677z", HandShape.THIRTEEN_ORPHANS, "十三幺"),
    ],
)
def test_the_two_own_shapes_score_six_and_nothing_else(text, shape, name):
    result = score(Reading.parse(text, shape), ON_DISCARD)
    assert [(i.name_zh, i.fan) for i in result.items] == [(name, 6)]
    assert result.points == 64 and result.special


def test_nine_gates_is_not_also_counted_as_full_flush():
    result = score(Reading.parse("11123455678999m", HandShape.NINE_GATES), Situation(way=WinWay.SELF_DRAW))
    assert result.fan == 6


def test_all_chows_and_half_flush_add_up_to_the_limit():
    result = score(Reading.parse("123m 456m 789m 234m 11z"), ON_DISCARD)
    assert [(i.name_zh, i.fan) for i in result.items] == [("平胡", 1), ("混一色", 2)]
    assert result.fan == 3 and not result.special


def test_special_hands_do_not_stack_the_highest_counts():
    # 字一色 and 大四喜 both apply; 12 番 would be stacking, the document says 6.
    result = score(Reading.parse("111z 222z 333z 444z 55z"), ON_DISCARD)
    assert result.fan == 6 and len(result.items) == 1


def test_the_best_reading_wins():
    pungs = Reading.parse("111m 222m 333m 555p 99s")
    chows = Reading.parse("123m 123m 123m 555p 99s")
    assert best_score([chows, pungs], ON_DISCARD).fan == 2
