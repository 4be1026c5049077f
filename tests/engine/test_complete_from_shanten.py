"""A turn's self-drawn win reads "complete?" as 向听 -1 from the hand's discard reader (which the
bot weighs the same hand with next): it must say exactly what `hand_rules.complete` says.

Story: random hands of every variant's shapes (with and without declared sets), drawn from a few
kinds so that many are complete, some hold four of a kind, and in the gold games some hold golds
and 白板 (the gold's face): the reader's -1 and `complete` agree on every one.
"""

from __future__ import annotations

import random

import pytest

from engine import hand_rules as rules
from engine.sheet import Meld, MeldKind
from engine.tiles import ALL_TILES, Tile
from engine.variants import get
from engine.waits import discard_shanten
from tests.engine.few_kinds import few_kinds_hand

VARIANTS = ["pinghe", "nanping", "guangdong", "erren"]


def random_hand(rng: random.Random, size: int, gold: Tile | None) -> tuple[Tile, ...]:
    return few_kinds_hand(rng, size, gold, (4, 7))


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_hand_is_complete_exactly_when_its_shanten_is_minus_one(variant):
    v = get(variant)
    rng = random.Random(f"complete-{variant}")
    complete = 0
    pung = Meld(MeldKind.PUNG, (ALL_TILES[0],) * 3)  # any declared set: the concealed shapes are gone
    for melds, sizes in (((), (14,)), ((pung,), (11, 8, 5, 2))):
        shapes = rules.shapes_for(v, melds)
        for _ in range(1500):
            gold = ALL_TILES[rng.randrange(34)] if v.gold is not None else None
            hand = random_hand(rng, rng.choice(sizes), gold)
            expected = rules.complete(hand, gold, shapes)
            assert (discard_shanten(hand, gold=gold, shapes=shapes)(None) < 0) == expected, (hand, gold)
            complete += expected
    assert complete > 100  # plenty of complete hands were among them
