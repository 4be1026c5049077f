"""A bot weighing its discards asks the 向听 left after each one, often stopping at the first it
likes: `discard_shanten` reads the hand's face counts once and changes one count per question,
and must answer exactly what `shanten` says of the hand less that tile (or of the whole hand).

Story: random 14- and 17-tile hands, with and without a gold (白板 standing in for the gold's face,
four of a kind, several golds), under each variant's shapes and the standard shape alone: for every
distinct tile, the answer equals `shanten` of the hand without one copy of it; `None` asks for the
whole hand; and `shanten_after_discards` (built on it) lists the same numbers.
"""

from __future__ import annotations

import random

import pytest

from engine.shapes import Shape
from engine.tiles import BAIBAN, NON_FLOWER_TILES, Tile
from engine.variants import get as get_variant
from engine.waits import discard_shanten, shanten, shanten_after_discards

SHAPE_SETS = [get_variant(v).shapes for v in ("pinghe", "nanping", "guangdong", "erren")] + [
    frozenset({Shape.STANDARD})
]


def random_hand(rng: random.Random, size: int, gold: Tile | None) -> list[Tile]:
    """A hand drawn from a full set of tiles, sometimes loaded with golds, 白板 or four of a kind."""
    wall = [t for t in NON_FLOWER_TILES for _ in range(4)]
    rng.shuffle(wall)
    hand: list[Tile] = []
    if rng.random() < 0.3:
        hand += [rng.choice(NON_FLOWER_TILES)] * 4
    if gold is not None and rng.random() < 0.4:
        hand += [gold] * rng.randint(1, 3)
    if rng.random() < 0.3:
        hand += [Tile(BAIBAN)] * rng.randint(1, 2)
    for tile in wall:
        if len(hand) >= size:
            break
        if hand.count(tile) < 4:
            hand.append(tile)
    hand = hand[:size]
    return hand if all(hand.count(t) <= 4 for t in hand) else random_hand(rng, size, gold)


@pytest.mark.parametrize("size", [14, 17])
def test_each_discards_shanten_is_the_shanten_of_the_rest(size):
    rng = random.Random(size)
    asked = 0
    for n in range(600):
        gold = rng.choice(NON_FLOWER_TILES) if n % 3 else None
        shapes = SHAPE_SETS[n % len(SHAPE_SETS)]
        hand = random_hand(rng, size, gold)
        after = discard_shanten(hand, gold=gold, shapes=shapes)
        assert after(None) == shanten(hand, gold=gold, shapes=shapes)
        expected = {}
        for tile in rng.sample(sorted(set(hand)), len(set(hand))):  # any order: each answer stands alone
            rest = list(hand)
            rest.remove(tile)
            expected[tile] = shanten(rest, gold=gold, shapes=shapes)
            assert after(tile) == expected[tile]
            asked += 1
        assert after(None) == shanten(hand, gold=gold, shapes=shapes)  # the counts are left as read
        assert shanten_after_discards(hand, gold=gold, shapes=shapes) == expected
    assert asked > 5000
