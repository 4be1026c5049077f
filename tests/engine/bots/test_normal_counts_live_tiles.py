"""Efficiency: between discards that keep the same 向听, the normal bot keeps the shape whose
useful tiles are still live, counting every copy its seat can see (own hand, rivers, melds, gold)."""

from __future__ import annotations

from engine import judge
from engine.tiles import Tile
from tests.engine.test_judge import seat_sight

CALM = judge.Table(ready=(0.0, 0.0, 0.0, 0.0), threat=0.0)
STYLE = judge.style_for("nanping")


def test_the_wait_whose_tiles_are_all_in_the_rivers_is_broken_up():
    # Letting 5s go would be ready on 68p's 7p, but the other three 7p are in the rivers:
    # a dead wait, so one of 6p8p goes instead (one step back, with live tiles to come).
    sight = seat_sight("123m456m789p11s68p5s", rivers=("", "7p7p", "7p", "7p"))
    tile, choice = judge.best_discard(sight, STYLE, CALM, sorted(set(sight.hand)))
    assert tile in (Tile.parse("6p"), Tile.parse("8p"))
    assert choice.effective > 0


def test_with_the_same_tiles_live_it_keeps_the_closed_wait_and_sheds_the_loner():
    sight = seat_sight("123m456m789p11s68p5s")
    tile, _ = judge.best_discard(sight, STYLE, CALM, sorted(set(sight.hand)))
    assert tile == Tile.parse("5s")
