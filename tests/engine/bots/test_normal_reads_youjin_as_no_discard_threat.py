"""A seat in 游金 cannot win on a discard, and while anyone is in 双游 nobody can (only 自摸):
the normal bot reads no danger from a 游金 seat, and none at all from any tile during a 双游,
so it never gives up its own hand to 'defend' against one."""

from __future__ import annotations

from engine import judge
from engine.tiles import Tile
from tests.engine.test_judge import seat_sight

HAND = "1m5m9m" + "4p5p" + "1s4s7s9s" + "1z2z3z4z7z"
BOB_FOUR_SETS = ((), ("123s", "456s", "789m", "222p"), (), ())
CAROL_FOUR_SETS = ((), (), ("123s", "456s", "789m", "222p"), ())


def risks_of(you: tuple[int, ...], melds=BOB_FOUR_SETS) -> dict[str, float]:
    style = judge.style_for("pinghe")
    sight = seat_sight(HAND, gold="9s", melds=melds, you=you, share=0.35)
    table = judge.Table.read(style, sight)
    return {str(t): judge.danger(sight, table, t) for t in sorted(set(sight.hand))}


def test_a_seat_showing_four_sets_is_a_threat_until_it_enters_youjin():
    assert max(risks_of(you=(0, 0, 0, 0)).values()) > 0
    assert max(risks_of(you=(0, 1, 0, 0)).values()) == 0  # 单游: it may only self-draw


def test_a_danyou_seat_does_not_hide_the_threat_of_another():
    assert max(risks_of(you=(0, 0, 1, 0), melds=CAROL_FOUR_SETS).values()) == 0
    assert max(risks_of(you=(0, 1, 0, 0), melds=CAROL_FOUR_SETS).values()) > 0


def test_during_a_shuangyou_no_tile_is_dangerous_whoever_looks_ready():
    assert set(risks_of(you=(0, 0, 2, 0)).values()) == {0.0}  # Carol in 双游, Bob's four sets harmless


def test_the_gold_itself_is_never_dangerous():
    style = judge.style_for("nanping")
    sight = seat_sight(HAND + "9s", gold="9s", melds=BOB_FOUR_SETS)
    table = judge.Table.read(style, sight)
    assert judge.danger(sight, table, Tile.parse("9s")) == 0
