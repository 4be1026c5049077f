"""A ready hand is worth most of a win whatever its wait (`judge.READY_FLOOR`): against a
pressing seat in guangdong, where a deal-in is priced, the normal bot keeps its hand ready on a
modest wait rather than go back a step for a safer tile with many 进张.

Dave holds 1m3m 777m 33p 4p678p 678s: letting the 4p go leaves him ready on the closed 2m (four
live). Bob has three sets shown and ten discards, among them the 1m: shedding the 1m would be
safer and keep 36 live 进张 one step from ready, but gives up the ready hand."""

from __future__ import annotations

from engine import judge
from engine.tiles import Tile
from tests.engine.test_judge import seat_sight

DAVE = "1m3m7m7m7m" + "3p3p4p6p7p8p" + "6s7s8s"
BOB_RIVER = ("", "1m9p2z3z8m4z9m1p2s5s", "", "")
BOB_THREE_SETS = ((), ("123s", "678s", "777p"), (), ())


def test_against_a_pressing_seat_dave_stays_ready_on_the_closed_wait():
    style = judge.style_for("guangdong")
    sight = seat_sight(DAVE, rivers=BOB_RIVER, melds=BOB_THREE_SETS, drawable=40, turn=0)
    table = judge.Table.read(style, sight)
    assert table.threat > style.threat_floor  # the deal-in price counts
    tile, choice = judge.best_discard(sight, style, table, sorted(set(sight.hand)))
    assert (tile, choice.shanten, choice.effective) == (Tile.parse("4p"), 0, 4)
    assert judge.danger(sight, table, tile) > judge.danger(sight, table, Tile.parse("1m"))
