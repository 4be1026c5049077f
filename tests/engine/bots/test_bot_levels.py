"""The bots' levels are a registry: each plays every decision of a whole hand legally, in every game.

Seeds are arbitrary: a hand may end at its opening or in a 流局; what is asserted holds for any deal.
"""

from __future__ import annotations

import random

import pytest

from engine import bot, bot_levels, bot_normal
from engine.hand import Phase, apply, legal_actions, new_hand
from engine.variants import all_ids

MAX_ACTIONS = 2000


def test_the_levels_are_easy_and_normal_and_toutuo_plays_normal():
    assert list(bot_levels.LEVELS) == ["easy", "normal"]
    assert bot_levels.get("easy").choose is bot.choose
    assert bot_levels.get("normal").choose is bot_normal.choose
    assert bot_levels.DEFAULT == bot_levels.AUTOPLAY == "normal"
    assert bot_levels.choices() == [("easy", "简单 Easy"), ("normal", "普通 Normal")]


def test_an_unknown_level_is_refused_by_name():
    with pytest.raises(bot_levels.UnknownBotLevel, match=r"'hard'.*easy, normal"):
        bot_levels.get("hard")


@pytest.mark.parametrize("variant", all_ids())
@pytest.mark.parametrize("seed", ["levels-1", "levels-2"])
def test_normal_against_easy_plays_a_whole_hand_legally(variant, seed):
    state = new_hand(variant, seed=seed)
    levels = [bot_levels.get("normal" if seat % 2 == 0 else "easy") for seat in range(state.n_seats)]
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if state.finished:
            break
        seat = state.to_act[0]
        action = levels[seat].choose(state, seat, rng)
        if state.phase != Phase.EXCHANGE:  # erren's exchange list names single tiles only
            assert action in legal_actions(state, seat)
        state = apply(state, seat, action).state
    assert state.finished and state.sheet is not None
    assert sum(state.sheet.deltas) == 0
