"""Danger by wait shapes: the normal bot reads how a ready opponent could wait on a tile (two-sided,
closed, edge, a pair, a lone tile), each by the live copies of the tiles that shape holds.

Bob has four sets shown (nearly surely ready). Dave holds the tiles in question."""

from __future__ import annotations

from engine import judge
from engine.tiles import Tile
from tests.engine.test_judge import seat_sight

BOB_FOUR_SETS = ((), ("123s", "456s", "789m", "222p"), (), ())
DAVE = "1p1s" + "5z6z" + "3m4m6m7m8m9m" + "2z3z4z"


def chance(tile: str, *, rivers=("", "", "", ""), gold: str | None = None) -> float:
    """Dave's (seat 0) chance of dealing in with `tile` at the four-seat table (guangdong's reading)."""
    style = judge.style_for("guangdong")
    sight = seat_sight(DAVE, rivers=rivers, melds=BOB_FOUR_SETS, gold=gold, turn=0)
    return judge.risks(sight, judge.Table.read(style, sight), Tile.parse(tile))[0]


def erren_chance(tile: str, hand: str, rivers: tuple[str, str], declared_at: tuple[int | None, int | None]) -> float:
    """Alice's (seat 0) chance of dealing in with `tile` against Bob, who has declared 报听."""
    style = judge.style_for("erren")
    sight = seat_sight(hand, rivers=rivers, melds=((), ()), you=(0, 0), declared=(False, True), turn=0)
    return judge.risks(sight, judge.Table.read(style, sight, declared_at), Tile.parse(tile))[0]


def test_an_end_tile_whose_two_neighbours_are_all_in_sight_is_safer_than_one_whose_are_not():
    # every 2p and 3p is in Carol's river: Bob cannot hold the 23p a 1p two-sided wait needs
    seen_out = chance("1p", rivers=("", "", "2p2p2p2p3p3p3p3p", ""))
    assert seen_out < chance("1s", rivers=("", "", "2p2p2p2p3p3p3p3p", ""))


def test_a_two_sided_wait_on_the_tile_three_away_that_bob_threw_counts_less():
    assert chance("6m", rivers=("", "9m", "", "")) < chance("6m", rivers=("", "1z", "", ""))


def test_in_a_gold_game_baiban_plays_as_the_gold_face_and_is_as_dangerous_as_a_middle_tile():
    # no gold: 白板 (5z) and 发财 (6z) are alike honours; with the gold 5p, 白板 is a 5p to Bob
    assert chance("5z") == chance("6z")
    assert chance("5z", gold="5p") > 2 * chance("6z", gold="5p")


def test_erren_what_a_declared_bob_let_go_since_declaring_is_safe():
    # two discards (1z, 9s) before Bob declared with 3p; since then Alice threw 4m, Bob threw 7p
    rivers = ("1z4m", "9s3p7p")
    alice = "4m5m6m7m" + "1p2p" + "7p8p" + "1s2s3s" + "5z6z7z"
    since_two, unknown = (None, 2), (None, None)
    locked = erren_chance("4m", alice, rivers, since_two)
    assert locked <= judge.PASSED_FACTOR * erren_chance("4m", alice, rivers, unknown)
    assert erren_chance("7p", alice, rivers, since_two) < erren_chance("7p", alice, rivers, unknown)
    assert erren_chance("9s", alice, rivers, since_two) == erren_chance("9s", alice, rivers, unknown)  # before it
