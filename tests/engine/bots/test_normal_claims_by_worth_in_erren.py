"""erren claims: a set shown costs the hand 门清 (and with it 报听 and 门清自摸: a 门清 win carries
about 2.5x an open one's 番) and, with a terminal or honour, its 断幺九. So a claim is taken only
when the hand's win chance × its 番 after the claim beats what passing keeps (`_passing_worth`),
not for a step closer alone. Measured, 600 hands a seed against easy bots: +0.038 coins a hand over
twelve seeds (ten of them up), for a deal-in ratio 0.09 higher (fewer 点炮 won from easy)."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import bot_normal, judge
from engine.actions import Action, Pass, Pong
from engine.hand import HandState, Phase, legal_actions
from tests.engine.erren.table import ALICE, BOB, KEEP, D, play, table

ALICE_WITH_5M = "147m258p369s1234z" + "5m"  # the dealer's 14: she lets 5m go
# One step from ready with many tiles to come; the pong of 5m leaves it ready on 2m/5m (8m out),
# open: a bigger chance of a much smaller win.
BOB_ONE_STEP = "34558m789p678s11z"


def bob_answers_5m() -> tuple[HandState, Action]:
    state, _ = table(ALICE_WITH_5M, BOB_ONE_STEP)
    state, _ = play(state, (ALICE, KEEP), (BOB, KEEP), (ALICE, D("5m")))
    assert state.phase == Phase.CLAIM and BOB in state.to_act
    return state, bot_normal.choose(state, BOB, random.Random(0))


def test_a_concealed_hand_keeps_its_worth_rather_than_pong_into_a_smaller_ready_hand() -> None:
    state, choice = bob_answers_5m()
    assert Pong() in legal_actions(state, BOB)
    assert choice == Pass()


def test_by_a_step_closer_alone_the_same_hand_would_pong(restyle: Callable[..., object]) -> None:
    restyle("erren", claim_by_worth=False)
    _, choice = bob_answers_5m()
    assert choice == Pong()


def test_a_pong_worth_more_than_what_passing_keeps_is_taken() -> None:
    # One step from ready with few tiles to come: the pong of 2s leaves it ready (8p out, 6m to come).
    state, _ = table("147m258p369s1234z" + "2s", "57m1238p2233789s")
    state, _ = play(state, (ALICE, KEEP), (BOB, KEEP), (ALICE, D("2s")))
    assert bot_normal.choose(state, BOB, random.Random(0)) == Pong()


def test_only_erren_weighs_its_claims_by_worth() -> None:
    assert judge.style_for("erren").claim_by_worth
    assert not any(judge.style_for(name).claim_by_worth for name in ("pinghe", "nanping", "guangdong"))
