"""The bot's erren choices: what to exchange, whether to take a triplet, which tile to pick."""

from engine.games.erren.rules import bot_exchange, bot_pick, bot_swap
from engine.shapes import Shape
from engine.tiles import Tile, parse_tiles

SHAPES = frozenset({Shape.STANDARD, Shape.SEVEN_PAIRS})


def test_the_bot_exchanges_its_loners_and_keeps_its_shapes():
    hand = parse_tiles("123m 55p 79s 1z 3z 9p 19m 6z")  # 13 tiles
    assert bot_exchange(hand) == parse_tiles("9m9p1z3z6z")


def test_the_bot_keeps_everything_when_nothing_is_alone():
    assert bot_exchange(parse_tiles("123m456p789s11z22z")) == ()


def test_the_bot_takes_a_triplet_that_brings_it_closer_to_ready():
    hand = parse_tiles("123m456p78s 1z 3z 5z 7z 9m 9p")  # 14 tiles, far from ready
    give = bot_swap(hand, Tile.parse("2z"), SHAPES)
    assert give is not None and len(give) == 3
    assert Tile.parse("2z") not in give


def test_the_bot_declines_a_triplet_that_does_not_help():
    hand = parse_tiles("123m456p789s111z2z2z")  # 14 tiles: complete
    assert bot_swap(hand, Tile.parse("5z"), SHAPES) is None


def test_the_bot_picks_its_winning_tile_when_it_may_choose():
    hand = parse_tiles("123m456p789s111z2z")  # waits on 2z
    assert bot_pick(hand, parse_tiles("1m5p2z7z"), SHAPES) == Tile.parse("2z")
