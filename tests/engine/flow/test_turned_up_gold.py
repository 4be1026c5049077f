"""Without 喊金 the turned-up gold stays face up and out of play (RULINGS, pinghe "Gold";
000 §4: only a 喊金 hand "有四张金牌"): three golds are in play, so the replacement end
never hands the turned-up tile to anyone."""

import pytest

from engine import hand_rules as rules
from engine.hand import Phase
from tests.engine.flow.harness import ALICE, D, K, deal, play

# Alice holds two concealed kongs; with dice 1+1 the gold (9s) is turned up as the second
# tile of the replacement end, right where her second kong's replacement would come from.
ALICE_TWO_KONGS = "5p5p5p5p" + "6p6p6p6p" + "1m4m7m" + "1s4s7s" + "1z2z3z"


@pytest.mark.parametrize("variant", ["pinghe", "nanping"])
def test_the_replacement_end_skips_the_turned_up_gold(variant):
    state = deal(variant, {ALICE: ALICE_TWO_KONGS}, back="4z6z", dice=(1, 1))
    assert state.indicator is not None and state.wall[state.indicator] == state.gold
    state = play(state, (ALICE, K("5p")), (ALICE, K("6p")))
    alice = state.seats[ALICE]
    assert {str(t) for t in alice.hand} >= {"4z", "6z"} and state.gold not in alice.hand
    assert state.indicator is not None and state.wall[state.indicator] == state.gold  # face up, one place in
    assert state.indicator in range(state.front, state.back)


def test_three_golds_are_in_play_without_hanjin():
    state = deal("pinghe", {ALICE: ALICE_TWO_KONGS}, back="4z6z", dice=(1, 1))
    state = play(state, (ALICE, K("5p")), (ALICE, K("6p")), (ALICE, D("1z")))
    in_play = [t for i, t in enumerate(state.wall) if i != state.indicator and state.front <= i < state.back]
    held = [t for s in state.seats for t in s.hand]
    assert rules.gold_count(in_play + held, state.gold) == 3
    assert state.phase != Phase.FINISHED
