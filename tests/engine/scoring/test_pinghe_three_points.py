"""Pinghe section 7: 点炮胡 and 抢杠胡 need 3 分 and no gold; the gold restrictions of section 9."""

import pytest

from engine.games.pinghe.scoring import can_win_on_discard, dianpao_points, settle_pinghe, win_allowed_with_golds
from engine.scoring.situation_json import meld
from engine.sheet import SheetError, WinType
from engine.tiles import Tile, parse_tiles
from tests.engine.scoring.situations import BO, CY, finished


def points(concealed, melds=(), flowers=0, win_tile=None, gold="9s"):
    parsed = tuple(meld(m) for m in melds)
    tile = Tile.parse(win_tile) if win_tile else None
    return dianpao_points(parse_tiles(concealed), parsed, flowers, win_tile=tile, gold=Tile.parse(gold))


@pytest.mark.parametrize(
    "concealed, melds, flowers, win_tile, expected, why",
    [
        ("123m456m789p234s111z55s", (), 0, "5s", 1, "暗刻 111z"),
        ("123m456m789p234s111z55s", (), 0, "1z", 0, "the discard completed 111z: not concealed"),
        ("123m456m789p234s111z55s", (), 0, None, 1, "self-drawn: 111z concealed"),
        ("111m222m333m789p234s55s", (), 0, "5s", 3, "three 暗刻 beat three chows"),
        ("123m456m789p234s111z55s", (), 2, "5s", 3, "one 分 per flower"),
        ("123m55s", ("5555p", "6666p!", "777z", "111z"), 0, "5s", 2 + 4 + 1, "明杠 2, 暗杠 4, 中 pong 1, 东 pong 0"),
        ("123m55s", ("666z", "123p", "456p", "789p"), 0, "5s", 1, "发财 pong"),
    ],
)
def test_points(concealed, melds, flowers, win_tile, expected, why):
    assert points(concealed, melds, flowers, win_tile) == expected, why


@pytest.mark.parametrize("gold, expected", [("9s", 0), ("7z", 1)])
def test_a_baiban_pong_plays_as_the_gold_face(gold, expected):
    """白板 plays as the gold's face: with gold 9s a 白板 pong is a 9s pong; with gold 中 it is a 中 pong."""
    assert points("123m55s", ("555z", "123p", "456p", "789p"), 0, "5s", gold=gold) == expected


def test_a_discard_win_with_a_gold_in_hand_is_not_allowed():
    hand = parse_tiles("123m456m789p234s111z9s5s")
    assert not can_win_on_discard(hand, (), 8, win_tile=Tile.parse("5s"), gold=Tile.parse("9s"))


def test_a_discard_win_with_three_points_is_allowed():
    hand = parse_tiles("123m456m789p234s111z55s")
    assert can_win_on_discard(hand, (), 2, win_tile=Tile.parse("5s"), gold=Tile.parse("9s"))


def test_settling_a_dianpao_short_of_three_points_is_refused():
    ctx = finished("pinghe", "dianpao", BO, "123m456m789p234s111z55s", win_tile="5s", flowers="1f", discarder=CY)
    with pytest.raises(SheetError, match="needs 3 分, the hand has 2"):
        settle_pinghe(ctx)


@pytest.mark.parametrize(
    "golds, win_type, allowed",
    [
        (0, WinType.DIANPAO, True),
        (1, WinType.DIANPAO, False),  # 有金牌的情况下不允许点炮胡
        (1, WinType.QIANGGANG, False),
        (1, WinType.ZIMO, True),
        (2, WinType.ZIMO, True),
        (3, WinType.ZIMO, False),  # 三个金不能进行自摸
        (1, WinType.QIANGJIN, True),  # 抢金等于自摸: allowed with a gold, as 自摸 is
        (3, WinType.QIANGJIN, False),  # … and like 自摸 not with three golds
        (3, WinType.YOUJIN, True),
        (3, WinType.SANJINDAO, True),
        (4, WinType.SIJINDAO, True),
    ],
)
def test_gold_restrictions(golds, win_type, allowed):
    assert win_allowed_with_golds(golds, win_type) is allowed


def test_settling_a_zimo_with_three_golds_is_refused():
    ctx = finished("pinghe", "zimo", BO, "123m456m789p234s11z9s9s9s", win_tile="9s")
    with pytest.raises(SheetError, match="not allowed with 3 gold"):
        settle_pinghe(ctx)
