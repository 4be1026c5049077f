"""guangdong's and erren's sheets read as a sum of lines too (tables/sheet_text.py): 番 → 分 with the 爆胡 cap,
one seat paying for three (包, 抢杠), 一炮多响 where each winner's payment is its own line, erren's 番 items and
its 13-番 cap; each winner's 番 stated as a sum. Sheets from the engine's own scoring, posted in full."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from engine.games.erren import scoring as erren
from engine.games.guangdong import scoring as guangdong
from engine.games.guangdong.fans import WinWay
from engine.games.guangdong.scoring import GuangdongHand, Winner
from engine.sheet import Meld, with_posted_transfers
from engine.tiles import parse_tiles
from tables.sheet_text import explain, explained
from tests.engine.erren.builders import win

NAMES = ["阿明", "小芳", None, "阿珍"]  # seat 2 is a house bot; 阿明 deals
MING, FANG, BOT, ZHEN = 0, 1, 2, 3


@pytest.fixture(autouse=True)
def in_chinese():
    """The words are the active language's: Chinese unless a test says otherwise."""
    with translation.override("zh-hans"):
        yield


def posted(sheet_json: dict) -> dict:
    return with_posted_transfers(sheet_json, sheet_json["transfers"])


def gd(*winners: Winner) -> dict:
    return posted(guangdong.settle(GuangdongHand(dealer=MING, base=10, winners=winners)).to_json())


def winner(seat: int, concealed: str, *melds: str, **kwargs) -> Winner:
    return Winner(seat, parse_tiles(concealed), tuple(Meld.parse(m) for m in melds), **kwargs)


def amounts(lines: list[str]) -> list[int]:
    """Each line's signed amount (the last signed figure; a total of nothing is "0")."""
    return [int((re.findall(r"([+−]\d+)", line) or ["0"])[-1].replace("−", "-")) for line in lines]


def assert_lines_add_up(sheet: dict) -> None:
    for names in (NAMES,):
        for words in explained(sheet, names).values():
            for row, lines in zip(sheet["seats"], words["seats"], strict=True):
                assert sum(amounts(lines[:-1])) == amounts(lines[-1:])[0] == row["paid"], lines


def test_a_capped_self_draw_shows_the_fan_as_points_and_the_limit():
    # 阿明 (东, dealer) self-draws 混一色 with a 东 pong: 混一色 2 + 自摸 1 + 门风 1 + 圈风 1 = 5, 爆胡 caps at 3 = 8分.
    sheet = gd(winner(MING, "123456789m11122z"))
    words = explain(sheet, NAMES)
    assert words["seats"][FANG] == ["自摸：底 10 × 8分（3番） = −80（付给 阿明） 爆胡：5番 按 3番 封顶", "合计 −80"]
    assert words["notes"] == ["阿明的番：混一色 2 + 自摸 1 + 门风 1 + 圈风 1 + 爆胡 −2 = 3番（8分）"]
    assert_lines_add_up(sheet)


def test_the_liable_player_pays_for_three_as_a_factor():
    sheet = gd(winner(ZHEN, "55m", "123m", "456p", "789s", "222s", liable=FANG))
    lines = explain(sheet, NAMES)["seats"][FANG]
    assert lines[0] == "自摸(包)：底 10 × 2分（1番） × 包三家 ×3 = −60（付给 阿珍）"
    assert_lines_add_up(sheet)


def test_robbing_a_kong_is_paid_for_three_by_the_robbed():
    sheet = gd(winner(BOT, "123m456p789s222s55m", way=WinWay.ROBBED_KONG, from_seat=ZHEN))
    lines = explain(sheet, NAMES)["seats"][ZHEN]
    assert lines[0].startswith("抢杠：底 10 × 8分（3番） × 一家付三家 ×3 = −240（付给 机器人 3）")
    assert_lines_add_up(sheet)


def test_one_discard_two_winners_each_paid_on_its_own_line():
    sheet = gd(
        winner(FANG, "123456m456p78999s", way=WinWay.DISCARD, from_seat=MING),
        winner(BOT, "123m456p789s222s55m", way=WinWay.DISCARD, from_seat=MING),
    )
    words = explain(sheet, NAMES)
    assert words["seats"][MING] == [
        "食胡：底 10 × 2分（1番） = −20（付给 小芳） 一炮多响：2 家胡同一张牌，各付各的",
        "食胡：底 10 × 1分（0番） = −10（付给 机器人 3） 一炮多响：2 家胡同一张牌，各付各的",
        "合计 −30",
    ]
    assert len(words["notes"]) == 2 and words["rule"] is None  # each winner's 番; the discarder alone pays
    assert_lines_add_up(sheet)


def test_erren_states_its_fan_items_and_the_13_fan_cap():
    hand = win("123456789m123m11m", "1m", "zimo", bonus="1m")
    sheet = posted(erren.settle_win(hand, MING, erren.Table(dealer=MING, base=10)).to_json())
    words = explain(sheet, ["阿明", "小芳"])
    assert words["seats"][FANG] == ["胡牌：底 10 × 13番 = −130（付给 阿明） 封顶：16番 按 13番 计", "合计 −130"]
    assert words["notes"] == [
        "阿明的番：门清 1 + 门清自摸 1 + 清一色 5 + 一气通贯 2 + 平和 1 + 一杯口 2 + 花牌 4 = 16番，封顶 13番"
    ]


@pytest.mark.parametrize("variant", ["guangdong", "erren"])
def test_in_english_the_items_are_english_with_the_term_beside_them(variant):
    if variant == "guangdong":
        sheet, names = gd(winner(MING, "123456789m11122z")), NAMES
    else:
        hand = win("123m456p678s234m99p", "6s", "discard")
        sheet, names = posted(erren.settle_win(hand, FANG, erren.Table(dealer=MING, base=10)).to_json()), NAMES[:2]
    with translation.override("en"):
        words = explain(sheet, names)
    text = " ".join([*(line for lines in words["seats"] for line in lines), *words["notes"]])
    assert "Self-draw (自摸)" in text or "Win (胡牌)" in text
    assert "合计" not in text and "付给" not in text and "番：" not in text
    assert_lines_add_up(sheet)
