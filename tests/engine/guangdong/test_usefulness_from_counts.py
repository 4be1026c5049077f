"""The guangdong bot breaks ties between discards by how much a tile helps its neighbours; it reads
the hand's count of each kind once per choice instead of counting the hand for every tile.

Story: on random hands, a tile's usefulness read from the counts is what counting the hand says:
three per copy held, one per tile of its suit within two, one more for a middle tile; honours two
more when worth a pong (the dragons, the seat and round winds).
"""

from __future__ import annotations

import random

from engine.games.guangdong.bot import _held, _usefulness
from engine.tiles import DRAGONS, NON_FLOWER_TILES, Tile


def counted(tile: Tile, hand: list[Tile], valued: frozenset[Tile]) -> int:
    """The slow way: count the hand for the tile and each neighbour."""
    copies = hand.count(tile)
    if tile.is_honor:
        return 3 * copies + (2 if tile in valued or tile.kind in DRAGONS else 0)
    near = [t for t in NON_FLOWER_TILES if t != tile and t.suit == tile.suit and abs(t.number - tile.number) <= 2]
    return 3 * copies + sum(hand.count(t) for t in near) + (0 if tile.is_terminal else 1)


def test_usefulness_from_the_counts_is_the_hands_count():
    rng = random.Random(14)
    wall = [t for t in NON_FLOWER_TILES for _ in range(4)]
    for _ in range(2000):
        hand = rng.sample(wall, rng.choice((2, 5, 8, 11, 14)))
        valued = frozenset(rng.sample([Tile(k) for k in range(27, 34)], 3))
        held = _held(hand)
        for tile in set(hand):
            assert _usefulness(tile, held, valued) == counted(tile, hand, valued)
