"""The seeds' own winning shapes, written in mpsz (000 pinghe, 001 nanping, 002 erren, 004 guangdong)."""

import pytest

from engine.shapes import GroupKind, HandSizeError, Shape, decompose, is_win
from engine.tiles import Tile, parse_tiles

PINGHE = frozenset({Shape.STANDARD, Shape.PINGHE_PAIRS})
ERREN = frozenset({Shape.STANDARD, Shape.SEVEN_PAIRS})
GUANGDONG = frozenset({Shape.STANDARD, Shape.THIRTEEN_ORPHANS, Shape.NINE_GATES})


def win(hand: str, shapes=PINGHE, gold: str | None = None) -> bool:
    return is_win(parse_tiles(hand), gold=Tile.parse(gold) if gold else None, shapes=shapes)


# 000 §3 胡牌的基本牌型 (1 = 单张, 11 = 将, 111 = 刻子, 123 = 顺子), 17 tiles: a pair + 5 sets.
@pytest.mark.parametrize(
    "shape, hand",
    [
        ("(1) 11 123 123 123 123 (+123)", "11m 123m 456p 789p 234s 567s"),
        ("(2) 11 123 123 123 111", "11m 123m 456p 789p 234s 777z"),
        ("(3) 11 123 123 111 111", "11m 123m 456p 789p 222s 777z"),
        ("(4) 11 123 111 111 111", "11m 123m 444p 999p 222s 777z"),
        ("(5) 11 111 111 111 111", "11m 333m 444p 999p 222s 777z"),
    ],
)
def test_pinghe_basic_winning_shapes(shape, hand):
    assert win(hand), shape
    assert [d.shape for d in decompose(parse_tiles(hand), shapes=PINGHE)] == [Shape.STANDARD]


def test_pinghe_seven_pairs_and_a_triplet_is_duiduihu():
    # 000 §3 (6) 11 11 11 11 11 11 11 111 and §9(6): 8 pairs of 1-8s wait on any of 1-8s.
    hand = parse_tiles("11223344556677s888s")
    readings = decompose(hand, shapes=PINGHE)
    pairs_readings = [d for d in readings if d.shape == Shape.PINGHE_PAIRS]
    assert len(pairs_readings) == 1
    assert [str(g) for g in pairs_readings[0].groups if g.kind == GroupKind.PUNG] == ["888s"]
    assert len(pairs_readings[0].pairs) == 7


def test_seven_pairs_plus_triplet_is_not_a_win_where_only_standard_counts():
    assert win("11m 44m 33p 66p 55s 88s 77z 999s", frozenset({Shape.STANDARD})) is False
    assert win("11m 44m 33p 66p 55s 88s 77z 999s", PINGHE) is True


# 000 §9(9) / 001 §5 游金的基本牌型: a gold (金) + five sets, the gold pairs with anything.
@pytest.mark.parametrize(
    "shape, hand",
    [
        ("(1) 金 123 123 123 123 123", "5m 123m 789m 234p 678p 345s"),
        ("(2) 金 123 123 123 111 111", "5m 123m 789m 234p 111z 222z"),
        ("(3) 金 123 123 111 111 111", "5m 123m 789m 999p 111z 222z"),
        ("(4) 金 123 111 111 111 111", "5m 123m 999m 999p 111z 222z"),
        ("(5) 金 111 111 111 111 111", "5m 111m 999m 999p 111z 222z"),
        ("(6) 金 123 123 123 123 111", "5m 123m 789m 234p 678p 222z"),
    ],
)
def test_youjin_shapes_win_on_any_drawn_tile(shape, hand):
    for drawn in ("1m", "5m", "9p", "4s", "7z", "5z"):
        tiles = parse_tiles(hand + drawn)
        if max(tiles.count(t) for t in tiles) <= 4:
            assert win(hand + drawn, gold="5m"), (shape, drawn)


def test_baiban_plays_as_the_gold_face_tile():
    # 000 §6: gold 5m, 白板 plays as 5m: waiting on 5m, a discarded 白板 wins.
    assert win("46m 5z 123p 456p 789p 11s 234s", gold="5m")
    assert not win("46m 5z 123p 456p 789p 11s 234s")  # without a gold, 白板 is just 白板


def test_when_baiban_is_the_gold_it_is_a_wildcard_and_stands_in_for_nothing():
    assert win("46m 5z 123p 456p 789p 11s 234s", gold="5z")
    assert not win("46m 7m 123p 456p 789p 11s 234s", gold="5z")


def test_three_golds_complete_a_hand_as_a_set_of_their_own():
    assert win("5m5m5m 123p 456p 789p 11s 234s", gold="5m")


# 002 七对子 and 龙七对 (a 4-of-a-kind counts as two pairs).
@pytest.mark.parametrize(
    "name, hand, expected",
    [
        ("七对子", "11m 33m 55p 77p 22s 99s 11z", True),
        ("龙七对", "1111m 55p 77p 22s 99s 11z", True),
        ("six pairs and two singles", "11m 33m 55p 77p 22s 99s 1z2z", False),
    ],
)
def test_erren_seven_pairs(name, hand, expected):
    assert win(hand, ERREN) is expected, name
    if expected:
        assert Shape.SEVEN_PAIRS in {d.shape for d in decompose(parse_tiles(hand), shapes=ERREN)}


def test_seven_pairs_do_not_win_in_pinghe():
    assert not win("11m 33m 55p 77p 22s 99s 11z", PINGHE)


# 004 十三幺: 1/9 of each suit, the seven honours, one of them doubled.
@pytest.mark.parametrize("pair", ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"])
def test_thirteen_orphans_with_any_pair(pair):
    hand = parse_tiles("19m19p19s1234567z" + pair)
    readings = decompose(hand, shapes=GUANGDONG)
    assert [d.shape for d in readings] == [Shape.THIRTEEN_ORPHANS]
    assert readings[0].pair is not None and readings[0].pair.tiles == (Tile.parse(pair),) * 2
    assert sum(g.kind == GroupKind.SINGLE for g in readings[0].groups) == 12


def test_thirteen_orphans_needs_every_orphan():
    assert not win("11m 9m 19p 19s 123456z 2m", GUANGDONG)  # no 中, a 2m instead
    assert not win("19m19p19s123456z 7z 2m", GUANGDONG)


# 004 九莲宝灯: 1112345678999 of one suit, any further tile of that suit wins.
@pytest.mark.parametrize("extra", [f"{n}m" for n in range(1, 10)])
def test_nine_gates_wins_on_every_tile_of_its_suit(extra):
    readings = decompose(parse_tiles("1112345678999m" + extra), shapes=GUANGDONG)
    shapes = [d.shape for d in readings]
    assert Shape.NINE_GATES in shapes and Shape.STANDARD in shapes
    assert shapes.count(Shape.NINE_GATES) == 1


def test_nine_gates_is_only_one_suit():
    readings = decompose(parse_tiles("1112345678999p1s"), shapes=GUANGDONG)
    assert readings == []


@pytest.mark.parametrize("size", [0, 1, 3, 13, 15, 16])
def test_a_win_needs_3k_plus_2_tiles(size):
    with pytest.raises(HandSizeError):
        is_win(parse_tiles("1m") * size if size else (), shapes=PINGHE)


def test_flowers_are_never_in_a_concealed_hand():
    with pytest.raises(ValueError, match="flower"):
        is_win(parse_tiles("11m123p456p789p11s1f"), shapes=PINGHE)


def test_readings_say_which_groups_hold_golds_and_which_are_concealed_triplets():
    # 游金 won on 7z: the gold (5m) pairs with the drawn 中, every set is real.
    readings = decompose(parse_tiles("5m 123m 789m 234p 999p 345s 7z"), gold=Tile.parse("5m"), shapes=PINGHE)
    youjin = [r for r in readings if r.pair is not None and r.pair.golds == 1 and str(r.pair) == "77z"]
    assert len(youjin) == 1
    assert [str(g) for g in youjin[0].concealed_triplets] == ["999p"]
    assert all(g.golds == 0 for g in youjin[0].sets)


def test_every_reading_of_an_ambiguous_hand_is_listed():
    # 111222333m as three pungs or three chows (a scorer picks the better one).
    readings = decompose(parse_tiles("111222333m 456p 77z"), shapes=frozenset({Shape.STANDARD}))
    assert [str(r) for r in readings] == ["123m 123m 123m 456p 77z", "456p 111m 222m 333m 77z"]  # chows, pungs, pair
