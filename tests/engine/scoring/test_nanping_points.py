"""Nanping 花分/杠分 among the losers, 分饼 doubling, 包, 诈胡, 臭庄 and the gold restriction."""

import pytest

from engine.games.nanping.scoring import huagang_points, settle_nanping
from engine.sheet import SeatTally, SheetError
from tests.engine.scoring.situations import ANN, BASE, BO, CY, DI, finished, paid_to, tallies

PLAIN = {"concealed": "123m456m789p234s111z55s", "win_tile": "5s"}


def pays(sheet, payer):
    return {t.receiver: t.owed for t in sheet.transfers if t.payer == payer}


@pytest.mark.parametrize(
    "tally, points",
    [
        (SeatTally(flowers=3), 0),
        (SeatTally(flowers=4), 1),  # 补了四次花就算一明杠
        (SeatTally(flowers=5), 2),  # 补5个花就算两明杠
        (SeatTally(flowers=6), 3),  # 六个算3明杠
        (SeatTally(exposed_kongs=1), 1),  # 一明杠算1底分
        (SeatTally(concealed_kongs=1), 2),  # 一暗杠算两底分
        (SeatTally(flowers=4, exposed_kongs=1, concealed_kongs=1), 4),
    ],
)
def test_huagang_points(tally, points):
    assert huagang_points(tally) == points


def test_losers_settle_points_among_themselves_as_the_document_example():
    """A 0, B 2, C 3: A pays B 2 and C 3, B pays C 1. The winner (Di) pays none of it."""
    points = tallies(
        ann=SeatTally(), bo=SeatTally(exposed_kongs=2), cy=SeatTally(flowers=6), di=SeatTally(concealed_kongs=3)
    )
    sheet = settle_nanping(finished("nanping", "zimo", DI, tallies=points, **PLAIN))
    assert pays(sheet, ANN) == {BO: 2 * BASE, CY: 3 * BASE, DI: BASE * 2 * 2 + BASE * 6}
    assert pays(sheet, BO) == {CY: 1 * BASE, DI: BASE * 2 + BASE * 6}
    assert pays(sheet, DI) == {}


def test_the_winners_points_are_added_to_what_each_loser_pays():
    points = tallies(bo=SeatTally(flowers=4, concealed_kongs=1))
    sheet = settle_nanping(finished("nanping", "dianpao", BO, discarder=CY, tallies=points, **PLAIN))
    assert paid_to(sheet, BO) == {ANN: BASE * 2 + BASE * 3, CY: BASE + BASE * 3, DI: BASE + BASE * 3}


@pytest.mark.parametrize("followed, each", [(0, 0), (1, 1), (2, 1 + 2), (3, 1 + 2 + 4)])
def test_fenbing_doubles_with_each_followed_discard(followed, each):
    """分饼: 1 base to each of the three, then each further 分饼 pays double the one before."""
    sheet = settle_nanping(finished("nanping", None, None, fenbing=followed))
    assert sheet.deltas == (-3 * each * BASE, each * BASE, each * BASE, each * BASE)


def test_fenbing_is_paid_by_the_dealer_even_when_the_dealer_wins():
    sheet = settle_nanping(finished("nanping", "zimo", ANN, fenbing=1, **PLAIN))
    assert sheet.owed(ANN) == 3 * BASE * 2 * 2 - 3 * BASE
    assert [i.name_zh for i in sheet.seats[BO].items] == ["自摸", "分饼 #1"]


def test_chouzhuang_settles_only_fenbing():
    points = tallies(bo=SeatTally(concealed_kongs=2))
    sheet = settle_nanping(finished("nanping", None, None, tallies=points))
    assert sheet.deltas == (0, 0, 0, 0)


def test_bao_pays_everything_owed_to_the_winner():
    """最后4张: Cy's discard lets Bo win; Cy pays all three shares, 花分/杠分 and 分饼 to Bo included."""
    points = tallies(bo=SeatTally(exposed_kongs=1), di=SeatTally(exposed_kongs=1))
    ctx = finished("nanping", "dianpao", BO, discarder=CY, bao=CY, tallies=points, fenbing=1, **PLAIN)
    sheet = settle_nanping(ctx)
    owed_to_bo = (BASE * 2 + BASE) + (BASE + BASE) + (BASE + BASE) + BASE  # Ann's, Cy's, Di's shares and 分饼
    assert paid_to(sheet, BO) == {CY: owed_to_bo}
    assert pays(sheet, ANN) == {CY: BASE, DI: BASE + BASE}  # 分饼 to Cy; 分饼 + 1 杠分 to Di
    assert pays(sheet, CY) == {BO: owed_to_bo, DI: BASE}


def test_wrong_guess_pays_the_three_as_zimo_with_their_points():
    """诈胡按自摸赔三家, the kong and flower points included."""
    points = tallies(cy=SeatTally(concealed_kongs=1))
    sheet = settle_nanping(finished("nanping", "qiang_angang_wrong", BO, streak=2, tallies=points))
    assert pays(sheet, BO) == {ANN: BASE * 2 * 3, CY: BASE * 2 * 2 + BASE * 2, DI: BASE * 2 * 2}
    assert pays(sheet, ANN) == {}


def test_two_golds_forbid_a_discard_win():
    ctx = finished("nanping", "dianpao", BO, "123m456m789p234s11z9s9s5s", win_tile="5s", discarder=CY)
    with pytest.raises(SheetError, match="not allowed with 2 golds"):
        settle_nanping(ctx)


def test_the_dealer_streak_shows_on_the_winners_lines():
    sheet = settle_nanping(finished("nanping", "zimo", BO, streak=3, **PLAIN))
    assert [(i.name_zh, i.value) for i in sheet.seats[BO].items if i.amount == 0] == [("自摸", 2), ("第3庄", 3)]
