"""特殊规则 that change the 番: the 3-番 minimum and the 6-番 first-turn wins."""

import pytest

from engine.games.guangdong.fans import FirstTurn, HandShape, Reading, Situation, WinWay, score

CHICKEN = Reading.parse("123m 456p 789s 222s 55m")
FULL_FLUSH = Reading.parse("123m 456m 789m 234m 55m")

MINIMUM_THREE = [
    (Situation(triple=True), "一炮三响"),
    (Situation(way=WinWay.KONG_BLOOM), "杠上开花"),
    (Situation(way=WinWay.KONG_BLOOM_FED), "杠上开花包杠"),
    (Situation(way=WinWay.SELF_DRAW, last_tile=True), "海底捞月"),
    (Situation(way=WinWay.ROBBED_KONG), "抢杠"),
]


@pytest.mark.parametrize("situation, name", MINIMUM_THREE)
def test_a_small_hand_is_raised_to_three(situation, name):
    result = score(CHICKEN, situation)
    assert result.fan == 3
    assert result.items[-1].name_zh.startswith(name)


@pytest.mark.parametrize("situation, name", MINIMUM_THREE)
def test_a_bigger_hand_keeps_its_own_value(situation, name):
    assert score(FULL_FLUSH, situation).fan == 4


def test_kong_wins_count_as_self_draw():
    # 鸡胡 + 自摸 (抢杠 当自摸) = 1, raised to 3; the items show both.
    result = score(CHICKEN, Situation(way=WinWay.ROBBED_KONG))
    assert [i.name_zh for i in result.items][:2] == ["鸡胡", "自摸"]


def test_two_winners_on_one_discard_are_not_raised():
    assert score(CHICKEN, Situation()).fan == 0


@pytest.mark.parametrize(
    "first_turn, way, name",
    [
        (FirstTurn.TIANHU, WinWay.SELF_DRAW, "天胡"),
        (FirstTurn.RENHU, WinWay.DISCARD, "人胡"),
        (FirstTurn.DIHU, WinWay.SELF_DRAW, "地胡"),
    ],
)
@pytest.mark.parametrize(
    "reading", [CHICKEN, FULL_FLUSH, Reading.parse("19m19p19s12345677z", HandShape.THIRTEEN_ORPHANS)]
)
def test_first_turn_wins_are_six_fan_whatever_the_hand(first_turn, way, name, reading):
    result = score(reading, Situation(way=way, first_turn=first_turn))
    assert [(i.name_zh, i.fan) for i in result.items] == [(name, 6)]
    assert result.points == 64
