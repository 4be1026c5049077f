"""The settlement sheet of finished guangdong hands, from the winners' tiles to coins."""

from engine.games.guangdong.fans import FirstTurn, WinWay
from engine.games.guangdong.scoring import GuangdongHand, Winner, settle
from engine.sheet import Meld
from engine.tiles import Tile, parse_tiles

ALICE, BOB, CAROL, DAVE = 0, 1, 2, 3  # Alice deals
BASE = 10


def winner(seat, concealed, *melds, **kwargs):
    return Winner(seat, parse_tiles(concealed), tuple(Meld.parse(m) for m in melds), **kwargs)


def test_a_discard_win_moves_points_times_base_from_the_discarder():
    # Bob: 平胡 on Dave's discard = 1 番 = 2 points = 20 coins.
    bob = winner(BOB, "123456m456p78999s", way=WinWay.DISCARD, from_seat=DAVE)
    sheet = settle(GuangdongHand(dealer=ALICE, base=BASE, winners=(bob,)))
    assert sheet.deltas == (0, 20, 0, -20)
    assert (sheet.winner, sheet.win_type, sheet.total_fan) == (BOB, "食胡", 1)
    assert sheet.seats[BOB].items[0].name_zh == "平胡"


def test_the_best_reading_is_scored_and_shown():
    # 111222333m read as three pongs makes 碰碰胡 (2 番) rather than 鸡胡.
    carol = winner(CAROL, "111222333m55p", "999s", way=WinWay.DISCARD, from_seat=BOB)
    sheet = settle(GuangdongHand(dealer=ALICE, base=BASE, winners=(carol,)))
    assert sheet.total_fan == 2 and sheet.deltas == (0, -40, 40, 0)
    assert sheet.reading is not None
    assert [g.tiles for g in sheet.reading.sets] == ["999s", "111m", "222m", "333m"]
    assert sheet.reading.sets[0].concealed is False


def test_a_self_draw_is_paid_by_each_of_the_three_with_the_seat_wind():
    # Bob sits 南; his 南 pong, 自摸 and 鸡胡: 2 番 = 4 points each.
    bob = winner(BOB, "222z123m456p789s55m")
    sheet = settle(GuangdongHand(dealer=ALICE, base=BASE, winners=(bob,)))
    assert sheet.deltas == (-40, 120, -40, -40)


def test_the_round_wind_counts_for_everyone():
    bob = winner(BOB, "123m456p789s55m", "333z")
    sheet = settle(GuangdongHand(dealer=ALICE, base=BASE, round_wind=Tile.parse("3z"), winners=(bob,)))
    assert sheet.total_fan == 2  # 自摸 + 圈风 西


def test_twelve_tiles_down_liable_player_pays_for_three():
    dave = winner(DAVE, "55m", "123m", "456p", "789s", "222s", liable=BOB)
    sheet = settle(GuangdongHand(dealer=ALICE, base=BASE, winners=(dave,)))
    # 鸡胡 + 自摸 = 1 番 = 2 points; Bob pays 3 × 2 × 10.
    assert sheet.deltas == (0, -60, 0, 60)


def test_one_discard_three_winners_each_raised_to_three():
    wins = (
        winner(BOB, "123456m456p78999s", way=WinWay.DISCARD, from_seat=ALICE),
        winner(CAROL, "123m456p789s222s55m", way=WinWay.DISCARD, from_seat=ALICE),
        winner(DAVE, "123456789m11122z", way=WinWay.DISCARD, from_seat=ALICE),  # 混一色 + 圈风 东 = 3
    )
    sheet = settle(GuangdongHand(dealer=ALICE, base=BASE, winners=wins))
    assert sheet.win_type == "一炮三响"
    assert sheet.deltas == (-240, 80, 80, 80)
    assert sum(sheet.deltas) == 0


def test_two_winners_on_one_discard_are_not_raised():
    wins = (
        winner(BOB, "123456m456p78999s", way=WinWay.DISCARD, from_seat=ALICE),
        winner(CAROL, "123m456p789s222s55m", way=WinWay.DISCARD, from_seat=ALICE),
    )
    sheet = settle(GuangdongHand(dealer=ALICE, base=BASE, winners=wins))
    assert sheet.win_type == "一炮双响" and sheet.deltas == (-30, 20, 10, 0)


def test_robbing_an_added_kong_is_paid_for_three_by_the_robbed_player():
    carol = winner(CAROL, "123m456p789s222s55m", way=WinWay.ROBBED_KONG, from_seat=DAVE)
    sheet = settle(GuangdongHand(dealer=ALICE, base=BASE, winners=(carol,)))
    assert sheet.deltas == (0, 0, 240, -240)


def test_kong_bloom_on_a_fed_kong_is_paid_by_the_feeder():
    bob = winner(BOB, "123m456p789s55m", "7777z", way=WinWay.KONG_BLOOM_FED, from_seat=CAROL)
    sheet = settle(GuangdongHand(dealer=ALICE, base=BASE, winners=(bob,)))
    assert sheet.deltas == (0, 240, -240, 0)  # 鸡胡 + 自摸 + 中 = 2, raised to 3


def test_heavenly_hand_is_six_fan_from_each():
    alice = winner(ALICE, "123m456p789s222s55m", first_turn=FirstTurn.TIANHU)
    sheet = settle(GuangdongHand(dealer=ALICE, base=BASE, winners=(alice,)))
    assert sheet.deltas == (1920, -640, -640, -640)


def test_thirteen_orphans_wins_with_its_own_shape():
    bob = winner(BOB, "19m19p19s12345677z", way=WinWay.DISCARD, from_seat=CAROL)
    sheet = settle(GuangdongHand(dealer=ALICE, base=BASE, winners=(bob,)))
    assert sheet.reading is not None
    assert sheet.total_fan == 6 and sheet.reading.shape == "thirteen_orphans"


def test_an_exhaustive_draw_moves_nothing():
    sheet = settle(GuangdongHand(dealer=ALICE, base=BASE))
    assert sheet.deltas == (0, 0, 0, 0) and sheet.winner is None


def test_a_poor_discarder_pays_down_to_zero():
    bob = winner(BOB, "123456m456p78999s", way=WinWay.DISCARD, from_seat=DAVE)
    sheet = settle(GuangdongHand(dealer=ALICE, base=BASE, winners=(bob,), balances=(500, 500, 500, 15)))
    assert sheet.deltas == (0, 15, 0, -15) and sheet.owed(DAVE) == -20
