"""The guangdong bot's judgement: when to go for a bigger hand, and what to throw and claim."""

import pytest

from engine.games.guangdong.bot import (
    Plan,
    accept_discard_win,
    choose_discard,
    choose_target,
    wants_chow,
    wants_kong,
    wants_pong,
)
from engine.sheet import Meld
from engine.tiles import Tile, parse_tiles

VALUED = frozenset(parse_tiles("1z2z5z6z7z"))  # 东 seat, 南 round, the dragons


def melds(*texts):
    return tuple(Meld.parse(t) for t in texts)


@pytest.mark.parametrize(
    "hand, declared, plan",
    [
        ("1235789m 147p 258s 3z", (), Plan.FAST),
        ("1235789m 3367z 19p", (), Plan.HALF_FLUSH),
        ("12356789m 55m 1z 9p", (), Plan.FULL_FLUSH),
        ("1123m 55p 99s 11z", ("777z",), Plan.ALL_PONGS),
        ("5789m 11z 9p", ("123m", "456m"), Plan.HALF_FLUSH),
        ("5789m 11z 9p", ("123p", "456m"), Plan.FAST),  # a chow in another suit rules the flush out
    ],
)
def test_the_plan_follows_the_tiles(hand, declared, plan):
    assert choose_target(parse_tiles(hand), melds(*declared)).plan == plan


def test_early_in_the_hand_an_off_suit_tile_goes_even_at_a_cost():
    # 混一色 in 万: a tile of the complete 789p run leaves although that costs a step.
    hand = parse_tiles("1235789m 789p 6677z")
    assert choose_discard(hand, (), tiles_left=80, valued=VALUED).suit.letter == "p"


def test_late_in_the_hand_the_fastest_discard_wins_again():
    hand = parse_tiles("123456m 789m 11z 78p 4s")
    assert choose_discard(hand, (), tiles_left=10, valued=VALUED) == Tile.parse("4s")


def test_an_isolated_honour_goes_before_a_connected_number():
    hand = parse_tiles("123m 456p 789s 34s 55m 4z")
    assert choose_discard(hand, (), tiles_left=60, valued=VALUED) == Tile.parse("4z")


def test_dragons_and_own_winds_are_always_ponged():
    assert wants_pong(parse_tiles("123m 456p 789s 55z 9m"), (), Tile.parse("5z"), VALUED)


def test_an_off_plan_pong_is_refused():
    hand = parse_tiles("12357899m 133z 55p")
    assert not wants_pong(hand, (), Tile.parse("5p"), VALUED)


def test_no_chows_while_going_for_all_pongs():
    hand = parse_tiles("11m 55p 99s 44z 23s")
    assert not wants_chow(hand, melds("777z"), Tile.parse("1s"), (Tile.parse("2s"), Tile.parse("3s")))


def test_a_chow_that_brings_the_hand_closer_is_taken():
    hand = parse_tiles("123m 456p 78s 11z 99m 5s 2p")
    assert wants_chow(hand, (), Tile.parse("9s"), (Tile.parse("7s"), Tile.parse("8s")))


def test_an_added_kong_is_always_made():
    assert wants_kong(parse_tiles("123m 456p 78s 9s 1m"), melds("555z"), Tile.parse("5z"))


def test_a_zero_fan_discard_win_is_declined_early_on_a_flush_plan():
    hand = parse_tiles("123m 456m 789m 11z 567p")
    assert not accept_discard_win(0, hand, (), tiles_left=70)
    assert accept_discard_win(0, hand, (), tiles_left=20)
    assert accept_discard_win(1, hand, (), tiles_left=70)
