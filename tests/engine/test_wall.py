"""The wall: seeded, committed before the deal, verifiable after; two ends."""

import pytest

from engine.tiles import Tile, format_tiles, parse_tiles
from engine.wall import Wall, WallExhausted, commitment, derive_rng, tile_set, verify


def test_the_same_seed_always_gives_the_same_wall_and_dice():
    assert Wall.shuffled("table-7/hand-3", flowers=True) == Wall.shuffled("table-7/hand-3", flowers=True)
    assert Wall.shuffled("table-7/hand-3", flowers=True) != Wall.shuffled("table-7/hand-4", flowers=True)


@pytest.mark.parametrize("flowers, size", [(True, 144), (False, 136)])
def test_a_wall_holds_the_whole_tile_set(flowers, size):
    wall = Wall.shuffled("s", flowers=flowers)
    assert len(wall.tiles) == size
    assert sorted(wall.tiles) == sorted(tile_set(flowers=flowers))


def test_commitment_is_the_sha256_of_the_seed_and_verifies():
    seed = "abc"
    assert commitment(seed) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    assert verify(seed, commitment(seed))
    assert verify(seed, commitment(seed).upper())
    assert not verify("abd", commitment(seed))


def test_derived_rngs_are_independent_per_purpose_and_ignore_the_global_random():
    import random

    random.seed(1)
    a = derive_rng("s", "wall").random()
    random.seed(2)
    assert derive_rng("s", "wall").random() == a
    assert derive_rng("s", "gold").random() != a


def test_draws_come_from_the_live_end_and_replacements_from_the_other():
    wall = Wall.stacked(parse_tiles("123456789m"))
    first, wall = wall.draw()
    replacement, wall = wall.draw_replacement()
    assert (str(first), str(replacement)) == ("1m", "9m")
    dealt, wall = wall.draw_many(4)
    assert format_tiles(dealt, sort=False) == "2345m"
    assert wall.peek_from_replacement_end(1) == Tile.parse("8m")
    assert wall.peek_from_replacement_end(3) == Tile.parse("6m")
    assert wall.remaining == 3 and str(wall) == "678m"


def test_an_empty_wall_refuses_to_draw():
    wall = Wall.stacked(parse_tiles("1m"))
    _, wall = wall.draw()
    with pytest.raises(WallExhausted):
        wall.draw()
    with pytest.raises(WallExhausted):
        wall.draw_replacement()


@pytest.mark.parametrize("dice, side", [((1, 1), 1), ((3, 4), 2), ((6, 6), 3), ((2, 3), 0)])
def test_dice_pick_the_wall_to_break(dice, side):
    wall = Wall.stacked(parse_tiles("1m"), dice=dice)
    assert wall.break_side == side and wall.break_stack == sum(dice)
