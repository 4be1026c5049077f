"""nanping pays 杠分 (明杠 1, 暗杠 2 底分) whoever wins: the winner's are added to every loser's
payment and the losers settle theirs among themselves. So the normal bot declares a kong there
even when it costs a step towards ready; in pinghe, where a kong only counts towards a 点炮's
3 分, it keeps the step.

Alice deals herself four 5m beside 4m and 6m: as 456m and 555m her hand is ready (waiting on
1z or 2z), while the concealed kong leaves 46m, a step back."""

from __future__ import annotations

import random

from engine import bot_normal
from tests.engine.flow.harness import ALICE, K, deal

ALICE_FOUR_5M = "5m5m5m5m" + "4m6m" + "1p2p3p" + "4p5p6p" + "6s7s8s" + "1z2z"


def alice_first_move(variant: str):
    state = deal(variant, {ALICE: ALICE_FOUR_5M})
    assert K("5m") in bot_normal.legal_actions(state, ALICE)
    return bot_normal.choose(state, ALICE, random.Random(0))


def test_nanping_declares_the_kong_for_its_points():
    assert alice_first_move("nanping") == K("5m")


def test_pinghe_keeps_the_ready_hand():
    assert alice_first_move("pinghe") != K("5m")
