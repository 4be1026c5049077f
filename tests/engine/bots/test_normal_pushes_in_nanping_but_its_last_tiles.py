"""nanping: every loser pays a 点炮 alike and a 自摸 twice, so a deal-in costs the discarder no
more than the hand going on would (a deal-in avoided mostly becomes a 自摸 paid double): the
normal bot keeps its best hand against a pressing seat, as in pinghe. Only in the last tiles,
where the discarder pays every loser's share (包), does it pay for safety.

Dave is ready after shedding 8s (4s7s, ten live) or 5s (the 7s closed wait, six live). Bob has
four sets shown and Carol threw 5s after Bob's last discard: 5s is nearly safe, 8s is not."""

from __future__ import annotations

import dataclasses

import pytest

from engine import judge
from engine.tiles import Tile
from engine.variants import get as get_variant
from tests.engine.test_judge import seat_sight

DAVE = "1m2m3m4m5m6m7m8m9m" + "2p3p4p" + "8p8p" + "5s6s" + "8s"
RIVERS = ("", "1m9p2z3z8m4z9m1p2s", "5s", "")
BOB_FOUR_SETS = ((), ("123s", "678s", "777p", "345m"), (), ())


def dave_throws(drawable: int) -> tuple[Tile, int]:
    style = judge.style_for("nanping")
    sight = seat_sight(DAVE, gold="1z", rivers=RIVERS, melds=BOB_FOUR_SETS, drawable=drawable, turn=0)
    sight = dataclasses.replace(sight, last_tiles_bao=get_variant("nanping").last_tiles_auto_win)
    table = judge.Table.read(style, sight)
    tile, choice = judge.best_discard(sight, style, table, sorted(set(sight.hand)))
    assert choice.shanten == 0
    return tile, choice.effective


@pytest.mark.parametrize("drawable", [40, 12])
def test_ready_dave_keeps_his_best_wait_against_bob(drawable):
    assert dave_throws(drawable) == (Tile.parse("8s"), 10)


def test_in_the_last_tiles_he_pays_four_waits_for_the_safe_tile():
    assert dave_throws(3) == (Tile.parse("5s"), 6)
