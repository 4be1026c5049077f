"""Pinghe hand 番: 单吊 lifts one step, 对对胡 and 清一色 double, the best reading is scored."""

import pytest

from engine.games.pinghe.scoring import settle_pinghe
from engine.sheet import SheetError
from tests.engine.scoring.situations import ANN, BASE, BO, CY, DI, finished, paid_to

FIVE_MELDS = ("123m", "456m", "789p", "234s", "111z")


def fan_names(sheet):
    return [item.name_zh for item in sheet.seats[sheet.winner].items if item.amount == 0]


@pytest.mark.parametrize(
    "win_type, concealed, win_tile, lifted_fan, lifted_name",
    [
        ("dianpao", "55s", "5s", 2, "自摸"),  # 点炮胡就变自摸
        ("zimo", "55s", "5s", 4, "游金"),  # 自摸就变游金
        ("youjin", "9s3p", "3p", 8, "双游"),  # 游金变双游
        ("shuangyou", "9s3p", "3p", 16, "四游"),  # 双游变四游
        ("siyou", "9s3p", "3p", 32, "八游"),  # 以此类推
    ],
)
def test_dandiao_lifts_the_win_one_step(win_type, concealed, win_tile, lifted_fan, lifted_name):
    discarder = CY if win_type == "dianpao" else None
    ctx = finished(
        "pinghe", win_type, BO, concealed, melds=FIVE_MELDS, win_tile=win_tile, flowers="123f", discarder=discarder
    )
    sheet = settle_pinghe(ctx)
    assert sheet.total_fan == lifted_fan
    assert "单吊" in fan_names(sheet)
    assert paid_to(sheet, BO) == {ANN: BASE * lifted_fan * 2, CY: BASE * lifted_fan, DI: BASE * lifted_fan}


def test_the_reading_that_pays_most_is_scored_and_shown():
    """112233m445566p77s888s reads as 123m 123m 456p 456p 888s + 77s, or as 对对胡 (7 pairs + 888s)."""
    ctx = finished("pinghe", "zimo", BO, "112233m445566p77s888s", win_tile="7s")
    sheet = settle_pinghe(ctx)
    assert sheet.total_fan == 2 * 2
    assert "对对胡" in fan_names(sheet)
    assert sheet.reading is not None
    assert sheet.reading.shape == "pinghe_pairs"
    assert [g.tiles for g in sheet.reading.pairs] == ["11m", "22m", "33m", "44p", "55p", "66p", "77s"]
    assert [g.tiles for g in sheet.reading.sets] == ["888s"]


def test_duiduihu_youjin_is_shuangyou():
    """特殊牌型的话，游金就是双游: 7 pairs with gold 9s + 7s as the last pair, 888s."""
    ctx = finished("pinghe", "youjin", BO, "11m22m33m44p55p66s888s9s7s", win_tile="7s")
    assert settle_pinghe(ctx).total_fan == 8


@pytest.mark.parametrize(
    "concealed, melds, win_type, win_tile, fan",
    [
        ("123456789234678m5m9s", (), "youjin", "5m", 4 * 2),  # the gold 9s plays as 5m: still one suit
        ("111222333444777z66z", (), "zimo", "6z", 2 * 2),  # all 字牌
        ("55m", ("123m", "456m", "789m", "234m", "111m"), "zimo", "5m", 2 * 2 * 2),  # 单吊 and 清一色
        ("111222333444777z9s9s", (), "zimo", "7z", 2 * 2),  # a pair of golds alone plays as 字牌 (金牌可以替代)
        ("111222333444777z9s9s", (), "siyou", "9s", 16 * 2),  # 四游 on a drawn gold: the gold pair is 字牌 too
    ],
)
def test_qingyise_doubles(concealed, melds, win_type, win_tile, fan):
    ctx = finished("pinghe", win_type, BO, concealed, melds=melds, win_tile=win_tile)
    sheet = settle_pinghe(ctx)
    assert "清一色" in fan_names(sheet)
    assert sheet.total_fan == fan


def test_baiban_standing_in_for_the_gold_face_breaks_an_honours_hand():
    """白板 plays as the gold's face (9s here), so 555z is a 9s pung and the hand is mixed."""
    ctx = finished("pinghe", "zimo", BO, "111222333444555z66z", win_tile="6z")
    sheet = settle_pinghe(ctx)
    assert "清一色" not in fan_names(sheet)
    assert sheet.reading is not None
    assert "999s" in [g.tiles for g in sheet.reading.sets]


def test_a_hand_that_does_not_win_is_rejected():
    ctx = finished("pinghe", "zimo", BO, "123m456m789p234s111z56s", win_tile="6s")
    with pytest.raises(SheetError, match="not a winning hand"):
        settle_pinghe(ctx)


def test_the_winner_sees_every_fan_line_and_the_dealer_fan():
    ctx = finished("pinghe", "zimo", ANN, "123m123m456m789m555m99m", win_tile="9m")
    sheet = settle_pinghe(ctx)
    assert fan_names(sheet) == ["自摸", "清一色", "庄家"]
    assert sheet.owed(ANN) == BASE * 2 * 2 * 2 * 3


def test_a_youjin_needs_a_gold_in_the_pair():
    """游金 is a gold waiting as the pair; a hand whose pair is two ordinary tiles is no 游金."""
    ctx = finished("pinghe", "youjin", BO, "123m456m789p234s111z55s", win_tile="5s")
    with pytest.raises(SheetError, match="needs a gold"):
        settle_pinghe(ctx)


def test_a_youjin_shows_the_reading_with_the_gold_in_the_pair():
    sheet = settle_pinghe(finished("pinghe", "youjin", BO, "123m456m789p234s111z9s3p", win_tile="3p"))
    assert sheet.reading is not None and sheet.reading.pair is not None
    assert (sheet.reading.pair.tiles, sheet.reading.pair.golds) == ("33p", 1)
