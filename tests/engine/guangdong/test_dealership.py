"""庄家 and 风圈: who deals next and when the round wind moves on."""

import pytest

from engine.games.guangdong.rules import Dealership, seat_wind
from engine.tiles import Tile
from engine.variants import get

EAST, SOUTH, WEST, NORTH = (Tile.parse(f"{n}z") for n in "1234")


def test_the_variant_is_registered_with_its_table_data():
    variant = get("guangdong")
    assert (variant.n_seats, len(variant.tile_set), variant.dealer_tiles, variant.other_tiles) == (4, 136, 14, 13)
    assert variant.multiple_discard_winners and variant.gold is None and not variant.has_flowers


@pytest.mark.parametrize("seat, wind", [(2, EAST), (3, SOUTH), (0, WEST), (1, NORTH)])
def test_the_dealer_sits_east_and_the_winds_follow_in_turn(seat, wind):
    assert seat_wind(seat, dealer=2) == wind


@pytest.mark.parametrize(
    "winners, dealer, streak",
    [
        ((), 1, 2),  # 流局: the dealer stays
        ((1,), 1, 2),  # the dealer won
        ((3, 1), 1, 2),  # 一炮多响 with the dealer among the winners
        ((2,), 2, 1),  # another player won: the next seat deals
        ((0, 3), 2, 1),
    ],
)
def test_who_deals_next(winners, dealer, streak):
    after = Dealership(dealer=1, round_wind=EAST, first_dealer=0).next(winners)
    assert (after.dealer, after.streak, after.round_wind) == (dealer, streak, EAST)


def test_the_round_wind_moves_on_when_the_last_dealer_loses_the_deal():
    state = Dealership.start(first_dealer=1)
    winds = []
    for _ in range(16):
        state = state.next(winners=((state.dealer + 1) % 4,))
        winds.append(state.round_wind)
    assert winds == [EAST] * 3 + [SOUTH] * 4 + [WEST] * 4 + [NORTH] * 4 + [EAST]


def test_a_kept_deal_does_not_end_the_round():
    state = Dealership(dealer=0, round_wind=EAST, first_dealer=1)  # the last dealer of the cycle
    assert state.next(winners=(0,)).round_wind == EAST
    assert state.next(winners=(2,)).round_wind == SOUTH


def test_the_round_wind_is_carried_to_the_next_hand_at_the_table():
    from engine.hand import next_hand_options
    from tests.engine.flow.harness import ALICE, WIN, D, play
    from tests.engine.guangdong.table import deal

    # Dave (seat 3) is the last dealer of the cycle that Alice began; Alice wins: the round moves on.
    alice = "123m456p789s111z5s"  # waits 5s; Dave deals and throws it
    state = deal({3: "5s", ALICE: alice}, dealer=3, round_wind="1z", first_dealer=ALICE)
    state = play(state, (3, D("5s")), (ALICE, WIN))
    assert next_hand_options(state) == {"round_wind": "2z", "first_dealer": ALICE}
