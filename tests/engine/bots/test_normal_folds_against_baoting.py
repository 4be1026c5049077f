"""Defence: far from ready against a seat that has declared 报听 (erren), the normal bot throws the
safest tile (弃和) even when it breaks a pair; with nobody ready it plays its own hand."""

from __future__ import annotations

import random

from engine import bot_normal
from engine.hand import Phase
from tests.engine.erren.table import ALICE, BOB, DECLARE, KEEP, PASS, D, play, table

ALICE_FAR = "1m2m4m6m7m9m" + "1p3p9p" + "1s3s5s5s8s"  # four steps from ready, a pair of 5s
BOB_READY = "456p789p456s789s6z"  # waits on 6z; draws the last 5s


def alice_after_bob_lets_5s_go(declare: bool):
    state, _ = table(ALICE_FAR, BOB_READY, live="5s 2z", avoid="6z")
    state, _ = play(state, (ALICE, KEEP), (BOB, KEEP), (ALICE, D("1m")))
    state, _ = play(state, (BOB, DECLARE("5s") if declare else D("5s")), (ALICE, PASS))  # no pong of the 5s
    assert state.phase == Phase.TURN and state.turn == ALICE
    return state


def test_against_a_declared_hand_the_far_hand_throws_the_tile_it_cannot_deal_in_with():
    state = alice_after_bob_lets_5s_go(declare=True)
    assert bot_normal.choose(state, ALICE, random.Random(0)) == D("5s")  # every 5s is in sight


def test_with_nobody_ready_the_pair_is_kept():
    state = alice_after_bob_lets_5s_go(declare=False)
    assert bot_normal.choose(state, ALICE, random.Random(0)) != D("5s")
