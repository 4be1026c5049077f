"""Waits (听牌) are exactly the tiles that win when drawn: a brute force over every tile.

engine.waits reads waits from per-suit tables (wait words, held-count masks) and closed forms
for the pair shapes. Here each candidate tile is added to the hand and `is_win` asked, over
thousands of seeded hands of every 3k+1 size: near-wins, one-suit hands (九莲宝灯), orphans
(十三幺), pair-heavy hands (七对子, 对对胡) and dealt ones, with 0-4 golds (白板 among them
playing as the gold's face) and without a gold, for every game's shapes and shapes alone.
游金 (`any_tile`) is checked against its definition with the naive reference of
test_shapes_properties: with one gold set aside, the rest is complete without the pair.
"""

from __future__ import annotations

import random

import pytest

from engine.shapes import Shape, is_win
from engine.tiles import BAIBAN, N_KINDS, Tile
from engine.waits import waits
from tests.engine.test_shapes_properties import reference_counts, reference_pairs_shape, reference_standard

S = Shape
SHAPE_SETS = {
    "pinghe": frozenset({S.STANDARD, S.PINGHE_PAIRS}),
    "erren": frozenset({S.STANDARD, S.SEVEN_PAIRS}),
    "guangdong": frozenset({S.STANDARD, S.THIRTEEN_ORPHANS, S.NINE_GATES}),
    "standard": frozenset({S.STANDARD}),
    "对对胡 alone": frozenset({S.PINGHE_PAIRS}),
    "七对子 alone": frozenset({S.SEVEN_PAIRS}),
    "十三幺 or 九莲宝灯": frozenset({S.THIRTEEN_ORPHANS, S.NINE_GATES}),
    "every shape": frozenset(Shape),
}
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def near_win(rng: random.Random, size: int) -> list[int]:
    """Sets, pairs and a pair, one tile short of size + 1."""
    kinds = [rng.randrange(N_KINDS)] * 2
    while len(kinds) < size + 1:
        roll = rng.random()
        if roll < 0.55:
            suit, start = rng.randrange(3), rng.randrange(7)
            kinds += [9 * suit + start + i for i in range(3)]
        elif roll < 0.75:
            kinds += [rng.randrange(N_KINDS)] * 2
        else:
            kinds += [rng.randrange(N_KINDS)] * 3
    kinds = kinds[: size + 1]
    kinds.pop(rng.randrange(len(kinds)))
    return kinds


def one_suit(rng: random.Random, size: int) -> list[int]:
    suit = rng.randrange(3)
    pool = [9 * suit + j for j in range(9) for _ in range(4)]
    rng.shuffle(pool)
    return pool[:size]


def dealt(rng: random.Random, size: int) -> list[int]:
    wall = [k for k in range(N_KINDS) for _ in range(4)]
    rng.shuffle(wall)
    return wall[:size]


def orphans(rng: random.Random, size: int) -> list[int]:
    return [rng.choice(ORPHANS) for _ in range(size)]


def near_special(rng: random.Random, size: int) -> list[int]:
    """十三幺 or 九莲宝灯 and one more tile, less two, one of them put back at random (13 tiles);
    other sizes: a near win."""
    if size != 13:
        return near_win(rng, size)
    suit = rng.randrange(3)
    base = list(ORPHANS) if rng.random() < 0.5 else [9 * suit + j for j in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)]
    kinds = [*base, rng.randrange(N_KINDS)]
    rng.shuffle(kinds)
    return [*kinds[:12], rng.choice([*kinds[12:], rng.randrange(N_KINDS)])]


def hands(seed: int, n: int) -> list[tuple[tuple[Tile, ...], Tile | None]]:
    """n hands (at most four of a kind) with their gold, from one seed."""
    rng = random.Random(seed)
    styles = (near_win, near_win, one_suit, dealt, orphans, near_special)
    out: list[tuple[tuple[Tile, ...], Tile | None]] = []
    while len(out) < n:
        size = rng.choice((1, 4, 7, 10, 13, 13, 16, 16, 16))
        kinds = rng.choice(styles)(rng, size)
        gold = None if rng.random() < 0.2 else rng.randrange(N_KINDS)
        if gold is not None:
            for _ in range(rng.randrange(5)):
                kinds[rng.randrange(size)] = gold
            if rng.random() < 0.3:
                kinds[rng.randrange(size)] = BAIBAN  # the gold's face (or the gold itself)
        if max(kinds.count(k) for k in kinds) <= 4:
            out.append((tuple(Tile(k) for k in kinds), None if gold is None else Tile(gold)))
    return out


def brute_force_waits(hand: tuple[Tile, ...], gold: Tile | None, shapes: frozenset[Shape]) -> tuple[Tile, ...]:
    """Every tile of which the hand holds fewer than four that makes it a win."""
    return tuple(
        Tile(k)
        for k in range(N_KINDS)
        if hand.count(Tile(k)) < 4 and is_win((*hand, Tile(k)), gold=gold, shapes=shapes)
    )


def lone_gold_wins(hand: tuple[Tile, ...], gold: Tile | None, shapes: frozenset[Shape]) -> bool:
    """游金: with one gold set aside (it will pair any tile), the rest is complete without the pair:
    sets, or for 对对胡 six pairs and the triplet, for 七对子 six pairs."""
    counts, golds = reference_counts(hand, gold)
    if not golds:
        return False
    if S.STANDARD in shapes and reference_standard(counts, golds - 1, False):
        return True
    if S.PINGHE_PAIRS in shapes and len(hand) == 16 and reference_pairs_shape(counts, golds - 1, True):
        return True
    return S.SEVEN_PAIRS in shapes and len(hand) == 13 and reference_pairs_shape(counts, golds - 1, False)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_waits_are_the_tiles_that_win_when_drawn(seed: int) -> None:
    for hand, gold in hands(seed, 400):
        for name, shapes in SHAPE_SETS.items():
            found = waits(hand, gold=gold, shapes=shapes)
            assert found.tiles == brute_force_waits(hand, gold, shapes), (name, hand, gold)
            assert found.any_tile == lone_gold_wins(hand, gold, shapes), (name, hand, gold)
