"""nanping: a deal-in costs the discarder no more than the other losers, so defence pays only
where the hand's own win is small. Far from ready against a likely-ready table the normal bot
folds (the safest tile); a ready hand pushes for its win (`Style.ready_price` 0) instead of
trading waits for safety.

Dave is ready after shedding 8s (4s7s, ten live) or 5s (the 7s closed wait, six live). Bob has
four sets shown and Carol threw 5s after Bob's last discard: 5s is nearly safe, 8s is not."""

from __future__ import annotations

import dataclasses

from engine import bot_normal
from engine.tiles import Tile
from tests.engine.test_evaluation import seat_sight

DAVE = "1m2m3m4m5m6m7m8m9m" + "2p3p4p" + "8p8p" + "5s6s" + "8s"
RIVERS = ("", "1m9p2z3z8m4z9m1p2s", "5s", "")
BOB_FOUR_SETS = ((), ("123s", "678s", "777p", "345m"), (), ())


def dave_throws(ready_price: float) -> tuple[Tile, int]:
    style = dataclasses.replace(bot_normal.STYLES["nanping"], ready_price=ready_price)
    sight = seat_sight(DAVE, gold="1z", rivers=RIVERS, melds=BOB_FOUR_SETS, drawable=40, turn=0)
    table = bot_normal.Table.read(style, sight)
    tile, choice = bot_normal.pick_discard(sight, style, table, sorted(set(sight.hand)))
    assert choice.shanten == 0
    return tile, choice.effective


def test_ready_dave_keeps_his_best_wait_against_bob():
    assert bot_normal.STYLES["nanping"].ready_price == 0.0
    assert dave_throws(0.0) == (Tile.parse("8s"), 10)


def test_priced_like_a_far_hand_he_would_trade_four_waits_for_the_safe_tile():
    assert dave_throws(1.0) == (Tile.parse("5s"), 6)
