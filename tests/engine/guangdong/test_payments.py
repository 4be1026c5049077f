"""Who pays a guangdong win: points (2^番) × base, by the discarder, the three, or the one liable."""

import pytest

from engine.games.guangdong.fans import ScoringError, WinWay
from engine.games.guangdong.scoring import ScoredWin, owed_transfers

BASE = 10
EAST_SEAT, SOUTH_SEAT, WEST_SEAT, NORTH_SEAT = 0, 1, 2, 3


def owed(*wins):
    return sorted((t.payer, t.receiver, t.owed) for t in owed_transfers(wins, BASE))


def test_a_discard_win_is_paid_by_the_discarder_alone():
    win = ScoredWin(SOUTH_SEAT, fan=2, way=WinWay.DISCARD, from_seat=NORTH_SEAT)
    assert owed(win) == [(NORTH_SEAT, SOUTH_SEAT, 40)]


def test_a_self_draw_is_paid_by_each_of_the_three():
    win = ScoredWin(SOUTH_SEAT, fan=1, way=WinWay.SELF_DRAW)
    assert owed(win) == [(EAST_SEAT, SOUTH_SEAT, 20), (WEST_SEAT, SOUTH_SEAT, 20), (NORTH_SEAT, SOUTH_SEAT, 20)]


def test_a_limit_self_draw_costs_each_loser_eight_points():
    assert {t.owed for t in owed_transfers([ScoredWin(EAST_SEAT, 3, WinWay.SELF_DRAW)], BASE)} == {80}


@pytest.mark.parametrize("way", [WinWay.SELF_DRAW, WinWay.KONG_BLOOM])
def test_the_liable_player_pays_a_self_draw_for_all_three(way):
    win = ScoredWin(SOUTH_SEAT, fan=3, way=way, liable=WEST_SEAT)
    assert owed(win) == [(WEST_SEAT, SOUTH_SEAT, 240)]


def test_robbing_a_kong_is_paid_for_three_by_the_robbed_player():
    win = ScoredWin(WEST_SEAT, fan=3, way=WinWay.ROBBED_KONG, from_seat=EAST_SEAT)
    assert owed(win) == [(EAST_SEAT, WEST_SEAT, 240)]


def test_kong_bloom_on_a_fed_kong_is_paid_for_three_by_the_feeder():
    win = ScoredWin(EAST_SEAT, fan=4, way=WinWay.KONG_BLOOM_FED, from_seat=NORTH_SEAT)
    assert owed(win) == [(NORTH_SEAT, EAST_SEAT, 480)]


def test_the_discarder_pays_all_three_winners_of_one_discard():
    wins = [ScoredWin(seat, fan=3, way=WinWay.DISCARD, from_seat=EAST_SEAT) for seat in (1, 2, 3)]
    assert owed(*wins) == [(EAST_SEAT, 1, 80), (EAST_SEAT, 2, 80), (EAST_SEAT, 3, 80)]


def test_a_discard_win_ignores_a_self_draw_liability():
    win = ScoredWin(SOUTH_SEAT, fan=0, way=WinWay.DISCARD, from_seat=NORTH_SEAT, liable=WEST_SEAT)
    assert owed(win) == [(NORTH_SEAT, SOUTH_SEAT, 10)]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"winner": 1, "fan": 0, "way": WinWay.DISCARD},  # discard without a discarder
        {"winner": 1, "fan": 0, "way": WinWay.SELF_DRAW, "from_seat": 2},
        {"winner": 1, "fan": 0, "way": WinWay.DISCARD, "from_seat": 1},  # pays itself
        {"winner": 1, "fan": 0, "way": WinWay.SELF_DRAW, "liable": 4},  # no such seat
    ],
)
def test_an_ill_formed_win_is_refused(kwargs):
    with pytest.raises(ScoringError):
        ScoredWin(**kwargs)


def test_a_non_positive_base_is_refused():
    with pytest.raises(ScoringError):
        owed_transfers([ScoredWin(0, 0, WinWay.SELF_DRAW)], 0)
