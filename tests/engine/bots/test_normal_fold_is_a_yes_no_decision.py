"""Defence by game: the normal bot folds (弃和, the safest tile) only where a deal-in costs more
than the hand going on would, and only far from ready against a nearly sure threat.

The same seat, four steps from ready, faces Bob with four sets shown (nearly surely ready) who
has just let 5p pass. Playing its own hand it sheds a loner (an honour), which Bob may well wait on; 5p, half of its
45p, is safe against him."""

from __future__ import annotations

import dataclasses

from engine import judge
from engine.tiles import Tile
from engine.variants import get as get_variant
from tests.engine.test_judge import seat_sight

FAR = "1m5m9m" + "4p5p" + "1s4s7s9s" + "1z2z3z4z7z"  # 14 tiles, 向听 well above 2; 5p is half of 45p
BOB_FOUR_SETS = ((), ("123s", "456s", "789m", "222p"), (), ())
BOB_LET_5P_PASS = ("", "9p", "5p", "")  # Carol threw 5p after Bob's last discard (9p); Dave is to play


def thrown(variant: str, *, melds=BOB_FOUR_SETS, declared=(False, False, False, False), drawable=60) -> Tile:
    style = judge.style_for(variant)
    sight = seat_sight(FAR, rivers=BOB_LET_5P_PASS, melds=melds, declared=declared, drawable=drawable, turn=0)
    sight = dataclasses.replace(sight, last_tiles_bao=get_variant(variant).last_tiles_auto_win)
    table = judge.Table.read(style, sight)
    tile, _ = judge.best_discard(sight, style, table, sorted(set(sight.hand)))
    return tile


def test_guangdong_far_from_ready_against_four_shown_sets_throws_the_tile_bob_let_pass():
    assert thrown("guangdong") == Tile.parse("5p")


def test_guangdong_with_nobody_near_ready_plays_its_own_hand():
    assert thrown("guangdong", melds=((), (), (), ())) != Tile.parse("5p")


def test_pinghe_keeps_its_shape_whoever_is_ready_since_every_loser_pays_a_dianpao_alike():
    assert thrown("pinghe") != Tile.parse("5p")


def test_nanping_keeps_its_shape_as_pinghe_does_but_pays_for_safety_in_its_last_tiles():
    assert thrown("nanping", melds=((), (), (), ())) != Tile.parse("5p")
    assert thrown("nanping") != Tile.parse("5p")  # Bob's four sets: a 点炮 costs Dave no more than Bob's 自摸
    assert thrown("nanping", drawable=3) == Tile.parse("5p")  # 包: the last 4 live tiles, he would pay for all


def test_folding_needs_both_a_far_hand_and_a_nearly_sure_threat():
    style = judge.style_for("guangdong")
    hot = judge.Table(ready=(0.0, 0.95, 0.0, 0.0), threat=0.95)
    warm = judge.Table(ready=(0.0, 0.5, 0.0, 0.0), threat=0.5)
    assert judge.folds(style, 2, hot)
    assert not judge.folds(style, 1, hot)  # one step away: the hand still races
    assert not judge.folds(style, 4, warm)
    assert not judge.folds(judge.style_for("pinghe"), 4, hot)
    assert not judge.folds(judge.style_for("nanping"), 4, hot)
