"""A discard's rest has its 向听 from the turn's discard reader (`handle_discard` reads it there,
and notes it for the rest's later questions: `shanten_of`, and `wait_tiles` of a rest not ready).

Story: random 3k+2 hands of every variant's shapes (with and without declared sets), drawn from a
few kinds so that many are ready after some discard, some hold four of a kind, and in the gold
games some hold golds and 白板 (the gold's face): for every distinct discard, nothing is read
before the reader has weighed it (no reading is computed for the rule step), then the reader's 向听
is the rest's (`hand_rules.shanten_of`, read afresh), it is 0 or less exactly when the rest waits on
anything (`hand_rules.wait_tiles`, read afresh), and the rest noted answers both as read afresh.
"""

from __future__ import annotations

import random

import pytest

from engine import hand_rules as rules
from engine.shapes import Shape
from engine.sheet import Meld, MeldKind
from engine.tiles import ALL_TILES, Tile
from engine.variants import get
from engine.waits import discard_shanten
from tests.engine.few_kinds import few_kinds_hand

VARIANTS = {"pinghe": 17, "nanping": 17, "guangdong": 14, "erren": 14}


def random_hand(rng: random.Random, size: int, gold: Tile | None) -> tuple[Tile, ...]:
    return few_kinds_hand(rng, size, gold, (size // 4 + 2, size // 4 + 5))


def fresh_waits(rest: tuple[Tile, ...], gold: Tile | None, shapes: frozenset[Shape]) -> tuple[tuple[Tile, ...], bool]:
    return rules.wait_tiles(list(rest), gold, shapes)  # a list: read from the kinds, not the tuple's identity


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_readers_shanten_is_the_rests_and_ready_exactly_when_its_waits_say_so(variant):
    v = get(variant)
    rng = random.Random(f"ready-after-discard-{variant}")
    size = VARIANTS[variant]
    pung = Meld(MeldKind.PUNG, (ALL_TILES[0],) * 3)  # any declared set: the concealed shapes are gone
    seen = {True: 0, False: 0}
    for melds, sizes in (((), (size,)), ((pung,), (size - 3, size - 6, 5, 2))):
        shapes = rules.shapes_for(v, melds)
        for _ in range(400):
            gold = ALL_TILES[rng.randrange(34)] if v.gold is not None else None
            hand = random_hand(rng, rng.choice(sizes), gold)
            reader = discard_shanten(hand, gold=gold, shapes=shapes)  # the turn's reader
            for tile in dict.fromkeys(hand):
                rest = list(hand)
                rest.remove(tile)
                waits, any_tile = fresh_waits(tuple(rest), gold, shapes)
                assert rules.shanten_after_discard(hand, tile, gold, shapes) is None  # not asked yet: not computed
                reader(tile)  # the bot weighs the discard
                after = rules.shanten_after_discard(hand, tile, gold, shapes)
                assert after is not None
                assert after == rules.shanten_of(list(rest), gold, shapes), (hand, gold, tile)
                ready = after <= 0
                assert ready == (bool(waits) or any_tile), (hand, gold, tile)
                seen[ready] += 1
                noted = tuple(rest)
                rules.note_shanten(noted, gold, shapes, after)
                assert rules.shanten_of(noted, gold, shapes) == after
                assert rules.wait_tiles(noted, gold, shapes) == (waits, any_tile)
    assert seen[True] > 100 and seen[False] > 100  # both answers were put to the test


def test_no_reader_for_another_hand():
    v = get("pinghe")
    rng = random.Random("no-reader")
    gold = ALL_TILES[5]
    hand = random_hand(rng, 17, gold)
    other = random_hand(rng, 17, gold)
    discard_shanten(hand, gold=gold, shapes=v.shapes)(hand[0])
    assert rules.shanten_after_discard(hand, hand[0], gold, v.shapes) is not None
    assert rules.shanten_after_discard(other, other[0], gold, v.shapes) is None
    assert rules.shanten_after_discard(hand, hand[0], None, v.shapes) is None  # another gold
