"""Who may win on a discard at all: pinghe's 点炮 needs no gold in hand and 3 分 (flowers, 明杠 2,
暗杠 4, a 箭刻 1, concealed triplets 1), nanping's at most one gold. The normal bot reads each
opponent's chance from what it shows (`judge.seat_odds`), so a seat that cannot make the
3 分 is no discard threat however ready it looks.

Bob has four sets shown in pinghe, all plain pongs and chows: with no flower he lacks all 3 分,
and ready hands that short hardly ever make them up with concealed triplets."""

from __future__ import annotations

from engine import judge
from tests.engine.test_judge import seat_sight

HAND = "1m5m9m" + "4p5p" + "1s4s7s9s" + "1z2z3z4z7z"
BOB_FOUR_SETS = ((), ("123s", "456s", "789m", "222p"), (), ())
HELD = (14, 4, 13, 13)  # concealed tiles per seat: Bob's four sets leave him four


def odds(hand: str = HAND, *, flowers=(0, 0, 0, 0), max_golds: int = 0, min_points: int = 3) -> tuple[float, ...]:
    sight = seat_sight(hand, gold="9s", melds=BOB_FOUR_SETS)
    return judge.seat_odds(sight, flowers, HELD, max_golds, min_points)


def bob_dangers(flowers) -> list[float]:
    style = judge.style_for("pinghe")
    sight = seat_sight(HAND, gold="9s", melds=BOB_FOUR_SETS)
    table = judge.Table.read(style, sight, (), judge.seat_odds(sight, flowers, HELD, 0, 3))
    return [judge.danger(sight, table, t) for t in sorted(set(sight.hand))]


def test_pinghe_bob_without_flowers_cannot_take_a_discard_however_ready_he_looks():
    assert odds()[1] == 0.0
    assert max(bob_dangers((0, 0, 0, 0))) == 0.0


def test_pinghe_bob_with_three_flowers_may_and_every_tile_carries_his_danger():
    assert odds(flowers=(0, 3, 0, 0))[1] > 0.5  # his four tiles likely hold none of the golds
    assert max(bob_dangers((0, 3, 0, 0))) > 0.0


def test_pinghe_one_flower_short_leaves_a_small_chance_from_a_concealed_triplet():
    short = odds(flowers=(0, 2, 0, 0))[1]
    assert 0.0 < short < odds(flowers=(0, 3, 0, 0))[1] / 3


def test_holding_every_gold_in_play_leaves_none_to_bar_anyone():
    three_golds = HAND.replace("1m5m9m", "9s9s9s")  # with the turned-up 9s, all four are in sight
    assert odds(three_golds, flowers=(0, 3, 0, 0))[1] == 1.0


def test_nanping_bars_only_a_second_gold_so_most_seats_may_take_a_discard():
    nanping = odds(max_golds=1, min_points=0)
    assert nanping[0] == 0.0  # the seat itself
    assert all(o > 0.8 for o in nanping[1:])
    assert all(o < n for o, n in zip(odds(min_points=0)[1:], nanping[1:], strict=True))
