"""等级: the player title for a cumulative guangdong score, at every boundary of the table."""

import pytest

from engine.games.guangdong.titles import TITLES, player_title

BOUNDARIES = [
    (-500, "炸胡"),
    (19, "炸胡"),
    (20, "鸡胡"),
    (49, "鸡胡"),
    (50, "平胡"),
    (99, "平胡"),
    (100, "清一色"),
    (199, "清一色"),
    (200, "混碰"),
    (499, "混碰"),
    (500, "清碰"),
    (999, "清碰"),
    (1000, "混幺九"),
    (4999, "混幺九"),
    (5000, "小三元"),
    (9999, "小三元"),
    (10000, "小四喜"),
    (19999, "小四喜"),
    (20000, "清幺九"),
    (49999, "清幺九"),
    (50000, "大三元"),
    (99999, "大三元"),
    (100000, "大四喜"),
    (199999, "大四喜"),
    (200000, "九宝莲灯"),
    (499999, "九宝莲灯"),
    (500000, "十三幺"),
    (999999, "十三幺"),
    (1000000, "十八罗汉"),
    (10**9, "十八罗汉"),
]


@pytest.mark.parametrize("score, title", BOUNDARIES)
def test_title_at_each_boundary(score, title):
    assert player_title(score).name_zh == title


def test_fifteen_titles_in_rising_order():
    floors = [t.minimum or 0 for t in TITLES[1:]]
    assert len(TITLES) == 15 and floors == sorted(floors)
