"""A sheet in words (tables/sheet_text.py): 连庄 and 包 are factors of their own, and the rule that makes
every loser pay is stated on a pinghe/nanping 点炮胡 (and only there)."""

from __future__ import annotations

import pytest
from django.utils import translation

from engine.sheet import Charge, SheetHeader, Unit, build_sheet, with_posted_transfers
from tables.sheet_text import explain

NAMES = ["阿明", "小芳", None, "阿珍"]  # seat 2 is a house bot


@pytest.fixture(autouse=True)
def in_chinese():
    """The words are the active language's: Chinese unless a test says otherwise."""
    with translation.override("zh-hans"):
        yield


def posted(variant: str, win_type: str, charges: list[Charge]) -> dict:
    header = SheetHeader(variant, 4, 10, dealer=1, streak=3, winner=1, win_type=win_type, total_fan=1)
    sheet = build_sheet(header, charges).to_json()
    return with_posted_transfers(sheet, sheet["transfers"])


def test_a_nanping_dianpao_states_that_every_loser_pays_and_words_the_streak():
    charges = [Charge(s, 1, 10 * (4 if s == 0 else 3), "点炮胡", "dianpao", 3, Unit.FAN,
                      (("base", 10), ("fan", 1), ("streak", 3))) for s in (0, 2, 3)]  # fmt: skip
    words = explain(posted("nanping", "点炮胡", charges), NAMES)
    assert words["rule"] and "三家" in words["rule"]
    assert words["seats"][2][0] == "点炮胡：底 10 × 1番 × 连庄 ×3 = −30（付给 小芳）"
    assert words["seats"][1][1] == "点炮胡：底 10 × 1番 × 连庄 ×3 = +30（机器人 3 付）"


def test_bao_names_the_seat_whose_share_is_paid_and_guangdong_states_no_rule():
    charge = Charge(3, 1, 80, "自摸", "zimo", 2, Unit.FAN, (("base", 10), ("fan", 8), ("bao", 0)))
    words = explain(posted("guangdong", "点炮胡", [charge]), NAMES)
    assert words["rule"] is None
    assert words["seats"][3] == ["自摸：底 10 × 8番 = −80（付给 小芳） 包：替 阿明 付", "合计 −80"]
