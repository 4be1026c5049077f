"""The erren sheet: the opponent pays base × total 番; a draw moves nothing; bad input is refused."""

from __future__ import annotations

import pytest

from engine.games.erren.fans import InvalidWin, NotAWin, score
from engine.games.erren.scoring import Table, settle, settle_win
from engine.sheet import SheetError, WinContext, WinType
from engine.tiles import Tile, parse_tiles

from .builders import win

ALICE, BOB = 0, 1  # Alice deals


def test_bob_wins_on_alices_discard_and_alice_pays_base_times_fan():
    hand = win("123m456p678s234m99p", "6s", "discard")  # 门清 1 + 平和 1
    sheet = settle_win(hand, BOB, Table(dealer=ALICE, base=10))
    assert sheet.total_fan == 2
    assert sheet.deltas == (-20, 20)
    assert [(i.name_zh, i.value) for i in sheet.seats[BOB].items if i.amount == 0] == [("门清", 1), ("平和", 1)]
    assert sheet.win_type == "吃胡"
    assert sheet.reading is not None and sheet.reading.pair is not None and sheet.reading.pair.tiles == "99p"


def test_a_self_draw_is_paid_the_same_way_by_the_only_opponent():
    hand = win("123m456p678s234m99p", "9p", "zimo")  # 门清 1 + 门清自摸 1
    sheet = settle_win(hand, ALICE, Table(dealer=ALICE, base=50))
    assert sheet.deltas == (100, -100)
    assert sheet.win_type == "自摸"


def test_a_yakuman_pays_the_cap_and_says_so():
    hand = win("111m444p777s999s22z", "2z", "discard")  # 四暗刻
    sheet = settle_win(hand, BOB, Table(dealer=ALICE, base=100))
    assert sheet.deltas == (-1300, 1300)
    assert any("役满" in note for note in sheet.notes)


def test_the_loser_pays_down_to_zero_and_the_sheet_shows_both():
    hand = win("111m444p777s999s22z", "2z", "discard")
    sheet = settle_win(hand, BOB, Table(dealer=ALICE, base=100, balances=(500, 0)))
    assert (sheet.owed(ALICE), sheet.paid(ALICE)) == (-1300, -500)
    assert sum(sheet.deltas) == 0


def test_seven_pairs_reading_lists_all_seven_pairs():
    sheet = settle_win(win("1133m5577p2288s44z", "4z"), BOB, Table(dealer=ALICE, base=10))
    assert sheet.reading is not None and sheet.reading.shape == "seven_pairs"
    assert len(sheet.reading.sets) == 7 and sheet.reading.pair is None


def test_an_exhaustive_draw_moves_nothing():
    sheet = settle_win(None, None, Table(dealer=ALICE, base=10))
    assert sheet.deltas == (0, 0) and sheet.winner is None


@pytest.mark.parametrize(
    ("hand", "tile", "melds", "error"),
    [
        ("123m456p678s234m9p", "9p", (), InvalidWin),  # 13 tiles
        ("123m456p678s234m99p", "5z", (), InvalidWin),  # winning tile not in hand
        ("123m456p678s99p", "9p", ("1234m",), ValueError),  # not a meld
        ("123m456p678s234m19p", "9p", (), NotAWin),
        ("1133m5577p2288s4z", "4z", ("456p",), InvalidWin),  # too many tiles
    ],
)
def test_impossible_or_non_winning_hands_are_refused(hand, tile, melds, error):
    with pytest.raises(error):
        score(win(hand, tile, melds=melds))


def test_a_winner_who_is_not_at_the_table_is_refused():
    with pytest.raises(InvalidWin):
        settle_win(win("123m456p678s234m99p", "9p"), 2, Table(dealer=ALICE, base=10))


def _context(**changes):
    base = dict(
        variant="erren",
        n_seats=2,
        dealer=ALICE,
        base=10,
        winner=BOB,
        win_type=WinType.ZIMO,
        concealed=parse_tiles("123m456p678s234m99p"),
        win_tile=Tile.parse("9p"),
    )
    return WinContext(**{**base, **changes})


def test_the_hand_flow_context_settles_with_its_erren_facts():
    ctx = _context(facts=(("baoting", True), ("last_tile", True), ("bonus", "9p")))
    sheet = settle(ctx)
    items = {i.name_zh: i.value for i in sheet.seats[BOB].items if i.amount == 0}
    assert items == {"门清": 1, "门清报听": 1, "门清自摸": 1, "河底捞月": 1, "花牌": 2}
    assert sheet.deltas == (-60, 60)


def test_a_robbed_kong_in_the_context_scores_as_a_self_draw():
    sheet = settle(_context(win_type=WinType.QIANGGANG, discarder=ALICE))
    assert {i.name_zh for i in sheet.seats[BOB].items if i.amount == 0} == {"门清", "门清自摸"}


def test_tianhu_in_the_context_is_the_dealers_heavenly_hand():
    sheet = settle(_context(winner=ALICE, win_type=WinType.TIANHU, win_tile=None, facts=(("first_go", True),)))
    assert sheet.total_fan == 13 and sheet.deltas == (130, -130)


def test_a_drawn_hand_in_the_context_moves_nothing():
    assert settle(_context(winner=None, win_type=None)).deltas == (0, 0)


@pytest.mark.parametrize(
    "changes",
    [
        {"variant": "pinghe"},
        {"facts": (("dora", True),)},
        {"win_type": WinType.YOUJIN},
    ],
)
def test_a_context_that_is_not_an_erren_win_is_refused(changes):
    with pytest.raises(SheetError):
        settle(_context(**changes))
