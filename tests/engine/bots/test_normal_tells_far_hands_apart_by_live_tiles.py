"""pinghe and nanping: a hand one step or more from ready counts its live 进张 up to
`Style.far_full` (60), so between discards that keep the same 向听 it keeps the one with far more
tiles to come; with the ready hand's cap of 20 both would tie and the loneliest tile would go
(bots10: 5-8% more wins, +0.12 coins a hand over five seeds against easy bots; nanping, once it
played without defence, +0.04 on two seeds of 600 hands)."""

from __future__ import annotations

import dataclasses

from engine import judge
from engine.tiles import Tile
from tests.engine.test_judge import seat_sight

CALM = judge.Table(ready=(0.0, 0.0, 0.0, 0.0), threat=0.0)
PINGHE = judge.style_for("pinghe")
HAND = "3m4m5m6m8m1p2p2p4p7p8p9p5s7s7s7s9s"


def test_of_two_far_discards_it_keeps_the_one_with_more_live_tiles():
    sight = seat_sight(HAND)
    tile, choice = judge.best_discard(sight, PINGHE, CALM, sorted(set(sight.hand)))
    assert tile == Tile.parse("9s")
    assert choice.shanten == 2 and choice.effective == 49


def test_capped_at_twenty_the_two_tie_and_the_loner_goes():
    capped = dataclasses.replace(PINGHE, far_full=judge.FULL_EFFECTIVE)
    sight = seat_sight(HAND)
    tile, choice = judge.best_discard(sight, capped, CALM, sorted(set(sight.hand)))
    assert tile == Tile.parse("8m")
    assert choice.shanten == 2 and choice.effective == 24


def test_only_the_gold_games_count_past_twenty():
    assert PINGHE.far_full == judge.style_for("nanping").far_full == judge.FAR_FULL == 60
    for name in ("guangdong", "erren"):
        assert judge.style_for(name).far_full == judge.FULL_EFFECTIVE
