"""Waits (听牌) and shanten (向听) on hands a player would recognise."""

import pytest

from engine.shapes import HandSizeError, Shape
from engine.tiles import Tile, format_tiles, parse_tiles
from engine.waits import shanten, waits

PINGHE = frozenset({Shape.STANDARD, Shape.PINGHE_PAIRS})
ERREN = frozenset({Shape.STANDARD, Shape.SEVEN_PAIRS})
GUANGDONG = frozenset({Shape.STANDARD, Shape.THIRTEEN_ORPHANS, Shape.NINE_GATES})
STANDARD = frozenset({Shape.STANDARD})


def waits_of(hand: str, shapes=PINGHE, gold: str | None = None) -> tuple[str, bool]:
    result = waits(parse_tiles(hand), gold=Tile.parse(gold) if gold else None, shapes=shapes)
    return format_tiles(result.tiles), result.any_tile


@pytest.mark.parametrize(
    "hand, shapes, expected",
    [
        ("23m 456p 789p 11s", STANDARD, "14m"),  # 两面
        ("13m 456p 789p 11s", STANDARD, "2m"),  # 坎张
        ("12m 456p 789p 11s", STANDARD, "3m"),  # 边张
        ("456p 789p 11s 22z", STANDARD, "1s2z"),  # 对倒
        ("123m 456p 789p 1z", STANDARD, "1z"),  # 单钓
        ("1112345678999m", GUANGDONG, "123456789m"),  # 九莲宝灯: every tile of the suit
        ("19m19p19s1234567z", GUANGDONG, "19m19p19s1234567z"),  # 十三幺 十三面
        ("11m 33m 55p 77p 22s 99s 1z", ERREN, "1z"),  # 七对子 单钓
        ("1122334455667788s", PINGHE, "12345678s"),  # 000 §9(6): 对一条…对八条 wait on 1-8s
    ],
)
def test_waits_of_familiar_hands(hand, shapes, expected):
    assert waits_of(hand, shapes) == (expected, False)


def test_a_tile_held_four_times_is_not_a_wait():
    # 111m + 1m or 11m + 11m: both readings wait on a fifth 1m, which does not exist.
    assert waits_of("1111m 456p 789p 123s", STANDARD) == ("", False)


def test_a_lone_gold_waits_on_any_tile_youjin():
    tiles, any_tile = waits_of("5m 123m 789m 234p 678p 345s", gold="5m")
    assert any_tile is True
    assert tiles == "123456789m123456789p123456789s1234567z"


def test_two_golds_as_the_pair_after_discarding_one_are_still_youjin():
    assert waits_of("5m5m 12m 789m 234p 678p 345s", gold="5m")[1] is True
    assert waits_of("5m 13m 789m 234p 678p 345s 1z", gold="5m") == ("25m1z", False)


def test_gold_and_baiban_waits():
    # gold 5m, waiting 46m on 5m: 白板 (as 5m) and the gold itself both win.
    tiles, any_tile = waits_of("46m 123p 456p 789p 11s 234s", gold="5m")
    assert (tiles, any_tile) == ("5m5z", False)


def test_waits_need_3k_plus_1_tiles():
    with pytest.raises(HandSizeError):
        waits(parse_tiles("11m"), shapes=STANDARD)


@pytest.mark.parametrize(
    "hand, shapes, gold, expected",
    [
        ("11m 123p 456p 789p 123s", STANDARD, None, -1),
        ("1m 123p 456p 789p 123s", STANDARD, None, 0),
        ("19m 123p 456p 789p 123s", STANDARD, None, 0),
        ("19m 19p 19s 1234567z", GUANGDONG, None, 0),
        ("19m 19p 19s 1234567z", STANDARD, None, 8),
        ("11m 33m 55p 77p 22s 99s 1z", ERREN, None, 0),
        ("5m 123m 789m 234p 678p 345s", PINGHE, "5m", 0),
        ("5m 13m 789m 234p 678p 345s 11z", PINGHE, "5m", -1),
        ("1111m 456p 789p 123s", STANDARD, None, 1),  # "ready" only on a fifth 1m
        ("1111m 456p 789p 12s 77z", STANDARD, None, 0),  # discard a 1m: waits on 3s
    ],
)
def test_shanten(hand, shapes, gold, expected):
    assert shanten(parse_tiles(hand), gold=Tile.parse(gold) if gold else None, shapes=shapes) == expected
