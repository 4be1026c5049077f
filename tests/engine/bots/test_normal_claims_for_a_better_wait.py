"""Fujian claims: a ready hand takes a chow that leaves it no closer but with a better wait,
here the 游金 lone-gold wait (every tile wins, at 游金's 4番), since a claimed tile costs no draw.
Where 门清 pays (erren) only a claim that brings the hand a step closer is taken."""

from __future__ import annotations

import random

from engine import bot_normal, judge
from engine.actions import Action, Chow, Pass, Win
from engine.hand import Phase, legal_actions
from engine.tiles import Tile
from tests.engine.flow.harness import ALICE, BOB, D, deal, play

# Bob (on Alice's right: he may chow her discards): four sets, 45p, the gold 9s and 7z.
# Ready on 3p/6p (the gold and 7z the pair) or 7z (45p and the gold a set); pinghe bars a discard
# win while he holds a gold, so Alice's 6p is no win for him, only a chow.
BOB_READY = "123m456m789p123s" + "45p" + "9s" + "7z"
ALICE_WITH_6P = "147m9m" + "258p" + "368s" + "123467z" + "6p"  # no gold, nothing Bob can pong


def bob_answers() -> tuple[Action, list[Action]]:
    """Alice lets 6p go in pinghe: what Bob answers, and what he could."""
    state = deal("pinghe", {ALICE: ALICE_WITH_6P, BOB: BOB_READY})
    state = play(state, (ALICE, D("6p")))
    assert state.phase == Phase.CLAIM and BOB in state.to_act
    return bot_normal.choose(state, BOB, random.Random(0)), legal_actions(state, BOB)


def test_a_ready_hand_chows_into_the_lone_gold_wait():
    choice, legal = bob_answers()
    assert choice == Chow((Tile.parse("4p"), Tile.parse("5p")))
    assert choice in legal


def test_where_claims_only_count_for_a_step_the_same_hand_passes(restyle):
    # erren's style (门清 and 报听 pay there): a claim must bring the hand a step closer.
    restyle("pinghe", claim_for_waits=False)
    choice, legal = bob_answers()
    assert any(isinstance(a, Chow) for a in legal)
    assert choice == Pass()
    assert not judge.style_for("erren").claim_for_waits


def test_in_nanping_it_chows_into_the_lone_gold_wait_rather_than_win_on_the_discard():
    # nanping lets a hand holding one gold win on a discard: Bob could take Alice's 6p as a 点炮
    # (1番). The chow of 45p leaves him discarding 7z onto the lone gold: 单游, whose next draw wins
    # at 4番.
    state = deal("nanping", {ALICE: ALICE_WITH_6P, BOB: BOB_READY})
    state = play(state, (ALICE, D("6p")))
    legal = legal_actions(state, BOB)
    assert Win() in legal
    choice = bot_normal.choose(state, BOB, random.Random(0))
    assert choice == Chow((Tile.parse("4p"), Tile.parse("5p")))
    state = play(state, (BOB, choice))
    assert bot_normal.choose(state, BOB, random.Random(0)) == D("7z")


def test_with_the_wall_nearly_gone_it_wins_on_the_discard(monkeypatch):
    monkeypatch.setattr(bot_normal, "HOLD_FOR_YOU_DRAWS", 100)  # no draws enough to wait for
    state = deal("nanping", {ALICE: ALICE_WITH_6P, BOB: BOB_READY})
    state = play(state, (ALICE, D("6p")))
    assert bot_normal.choose(state, BOB, random.Random(0)) == Win()
