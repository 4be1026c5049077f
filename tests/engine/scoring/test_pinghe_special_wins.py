"""Pinghe special wins: 三金倒 as 游金, 四金倒 as 双游, 抢金 as 自摸, 抢杠胡 as 点炮, 抢暗杠, 流局."""

import pytest

from engine.games.pinghe.scoring import settle_pinghe
from engine.sheet import SheetError
from tests.engine.scoring.situations import ANN, BASE, BO, CY, DI, finished, paid_to

PLAIN = {"concealed": "123m456m789p234s111z55s", "win_tile": "5s", "flowers": "12f"}


def xian_wins(fan):
    """What Bo (闲家) collects at `fan`: the dealer pays double."""
    return {ANN: BASE * fan * 2, CY: BASE * fan, DI: BASE * fan}


@pytest.mark.parametrize(
    "win_type, concealed, fan",
    [
        ("sanjindao", "999s147m258p36s123456z", 4),  # 起手三金倒: 记分等同于游金
        ("sijindao", "9999s147m258p3s123456z", 8),  # 起手四金倒: 记分等同于双游金
        ("qiangjin", "123m456m789p234s111z9s5s", 2),  # 抢金等于自摸
    ],
)
def test_gold_wins(win_type, concealed, fan):
    sheet = settle_pinghe(finished("pinghe", win_type, BO, concealed, win_tile=concealed[-2:]))
    assert paid_to(sheet, BO) == xian_wins(fan)


def test_sanjindao_needs_no_shape_and_shows_no_reading():
    sheet = settle_pinghe(finished("pinghe", "sanjindao", BO, "999s147m258p36s123456z"))
    assert sheet.reading is None


def test_qianggang_is_paid_like_dianpao_by_all_three():
    """抢杠胡 等同于点炮胡: the winner collects from all three, not just the kong's owner."""
    sheet = settle_pinghe(finished("pinghe", "qianggang", BO, discarder=CY, **PLAIN))
    assert paid_to(sheet, BO) == xian_wins(1)


def test_right_concealed_kong_guess_is_zimo():
    sheet = settle_pinghe(finished("pinghe", "qiang_angang", BO, **PLAIN))
    assert paid_to(sheet, BO) == xian_wins(2)


@pytest.mark.parametrize(
    "guesser, paid",
    [
        (BO, {ANN: BASE * 2 * 2, CY: BASE * 2, DI: BASE * 2}),
        (ANN, {BO: BASE * 2 * 2, CY: BASE * 2 * 2, DI: BASE * 2 * 2}),
    ],
)
def test_wrong_concealed_kong_guess_pays_everyone_as_their_zimo(guesser, paid):
    """抢错: 抢杠玩家要赔付给其他玩家自摸的番数."""
    sheet = settle_pinghe(finished("pinghe", "qiang_angang_wrong", guesser))
    assert {t.receiver: t.owed for t in sheet.transfers if t.payer == guesser} == paid
    assert sheet.owed(guesser) == -sum(paid.values())


def test_tianhu_scores_as_zimo():
    """天胡 is not in the pinghe document: a self-drawn win, scored as 自摸."""
    sheet = settle_pinghe(finished("pinghe", "tianhu", ANN, **PLAIN))
    assert sheet.owed(ANN) == BASE * 2 * 2 * 3


def test_liuju_settles_nothing():
    sheet = settle_pinghe(finished("pinghe", None, None))
    assert sheet.deltas == (0, 0, 0, 0)
    assert sheet.transfers == ()


def test_sanyou_is_not_a_pinghe_win():
    with pytest.raises(SheetError, match="pinghe has no 三游"):
        settle_pinghe(finished("pinghe", "sanyou", BO, "123m456m789p234s111z9s3p", win_tile="3p"))


def test_a_wrong_guess_during_the_hand_is_charged_on_the_winners_sheet():
    """The hand went on after Cy's wrong 抢暗杠; Bo won by 自摸: one sheet holds both."""
    sheet = settle_pinghe(finished("pinghe", "zimo", BO, wrong_guesses=(CY,), **PLAIN))
    guess = {i.counterparty: i.amount for i in sheet.seats[CY].items if i.name_zh == "抢暗杠抢错"}
    assert guess == {ANN: -BASE * 2 * 2, BO: -BASE * 2, DI: -BASE * 2}
    zimo = {i.counterparty: i.amount for i in sheet.seats[CY].items if i.name_zh == "自摸"}
    assert zimo == {BO: -BASE * 2}
    assert sheet.owed(CY) == -BASE * (4 + 2 + 2 + 2) and sum(sheet.deltas) == 0
