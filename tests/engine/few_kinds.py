"""Random hands drawn from a few tile kinds, for the story tests that compare two ways of reading a
hand: few kinds make many hands complete or ready, some hold four of a kind, and in the gold games
some hold golds and 白板 (the gold's face)."""

from __future__ import annotations

import random

from engine.tiles import ALL_TILES, BAIBAN, Tile


def few_kinds_hand(rng: random.Random, size: int, gold: Tile | None, kinds: tuple[int, int]) -> tuple[Tile, ...]:
    """`size` tiles (at most four of a kind, sorted) of between `kinds[0]` and `kinds[1]` kinds, and
    with a gold game's gold and 白板 sometimes among them."""
    pool = rng.sample(range(34), rng.randint(*kinds))
    if gold is not None:
        pool += [gold.kind, BAIBAN][: rng.randint(0, 2)]
    counts: dict[int, int] = {}
    hand: list[Tile] = []
    while len(hand) < size:
        kind = rng.choice(pool)
        if counts.get(kind, 0) < 4:
            counts[kind] = counts.get(kind, 0) + 1
            hand.append(ALL_TILES[kind])
    return tuple(sorted(hand, key=lambda t: t.kind))
