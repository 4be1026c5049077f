"""erren: a deal-in hands the win to the opponent, so a ready hand weighs the win it keeps by the
chance its discard does not end the hand first (`Style.hand_over`).

Alice holds 123m 456m 789p, 3456s and a stray 4p. Throwing the 4p leaves the 3s-6s wait (5 live
tiles); throwing 3s leaves a 单吊 on 4p (3 live). Against an undeclared Bob she takes the wider
wait. Once Bob has declared 报听, the 4p nobody has shown is a middle tile he may well wait on,
while he threw a 3s himself: she lets the 3s go and waits on the 4p."""

from __future__ import annotations

from engine import judge
from engine.tiles import Tile
from tests.engine.test_judge import seat_sight

ALICE = "123m456m789p" + "4p" + "3s4s5s6s"
BOB_RIVER = "9s7s1m9m3s2z"


def alice_throws(bob_declared: bool) -> Tile:
    style = judge.style_for("erren")
    sight = seat_sight(
        ALICE, rivers=("", BOB_RIVER), melds=((), ()), you=(0, 0), declared=(False, bob_declared), drawable=40
    )
    tile, choice = judge.best_discard(sight, style, judge.Table.read(style, sight), sorted(set(sight.hand)))
    assert choice.shanten == 0  # ready either way
    return tile


def test_with_bob_undeclared_alice_keeps_the_wider_wait():
    assert alice_throws(bob_declared=False) == Tile.parse("4p")


def test_against_bob_declared_alice_throws_the_tile_bob_threw_and_waits_on_4p():
    assert alice_throws(bob_declared=True) == Tile.parse("3s")
