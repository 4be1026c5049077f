"""Defence against a pressing seat: where the discarder pays alone (guangdong), once the table's
threat passes the style's floor a deal-in costs the normal bot `deal_in_cost` wins, so it gives up
a few 进张 for a much safer tile; below the floor it plays its own hand by live 进张.

Dave is one step from ready. Shedding the loner 9s keeps 15 live 进张, the 9p (half of 99p) 11.
Bob has thrown the 9p himself; his 9s wait is open."""

from __future__ import annotations

from engine import judge
from engine.tiles import Tile
from tests.engine.test_judge import seat_sight

DAVE = "2m3m4m5m5m7m8m" + "2p3p4p5p7p9p" + "9s"
BOB_RIVER = ("", "1m9p2z3z8m4z9m1p2s5s", "", "")  # ten discards: Bob is well into the hand
BOB_THREE_SETS = ((), ("123s", "678s", "777p"), (), ())
NOBODY_SHOWS = ((), (), (), ())


def dave_throws(melds) -> tuple[Tile, int, float]:
    style = judge.style_for("guangdong")
    sight = seat_sight(DAVE, rivers=BOB_RIVER, melds=melds, drawable=40, turn=0)
    table = judge.Table.read(style, sight)
    tile, choice = judge.best_discard(sight, style, table, sorted(set(sight.hand)))
    assert choice.shanten == 1  # one step from ready either way
    return tile, choice.effective, table.threat


def test_with_nobody_pressing_dave_keeps_the_most_live_tiles():
    tile, effective, threat = dave_throws(NOBODY_SHOWS)
    assert threat < judge.style_for("guangdong").threat_floor
    assert (tile, effective) == (Tile.parse("9s"), 15)


def test_against_bob_with_three_sets_shown_dave_throws_the_tile_bob_threw():
    tile, effective, threat = dave_throws(BOB_THREE_SETS)
    assert threat > judge.style_for("guangdong").threat_floor
    assert (tile, effective) == (Tile.parse("9p"), 11)
