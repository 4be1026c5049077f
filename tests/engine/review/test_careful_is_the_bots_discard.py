"""The review judges as the normal bot plays: in hands the normal bot plays in every seat, each discard
decision's careful choice (`Decision.careful`) is the very tile the bot let go (a 游金 step aside: the
bot takes it before weighing its discards, and the review marks it `youjin_entered` instead).

Stories: four hands of each game, every seat reviewed.
"""

from __future__ import annotations

import random

import pytest

from engine import bot_levels
from engine.actions import Action
from engine.hand import apply, start_hand
from engine.review import Replay, review_seats

YOUJIN_STEPS = {"youjin_entered", "shuangyou_entered", "youjin_kept"}


def played_by_normal_bots(variant: str, seed: str) -> Replay:
    normal = bot_levels.get("normal")
    rng = random.Random(seed)
    state = start_hand(variant, seed=seed, dealer=0).state
    actions: list[tuple[int, Action]] = []
    while not state.finished:
        seat = state.to_act[0]
        action = normal.choose(state, seat, rng)
        actions.append((seat, action))
        state = apply(state, seat, action).state
    return Replay(variant, seed, tuple((seat, action.to_json()) for seat, action in actions))


@pytest.mark.parametrize("variant", ["pinghe", "nanping", "guangdong", "erren"])
def test_every_careful_choice_is_the_discard_the_normal_bot_made(variant):
    judged = 0
    for n in range(4):
        replay = played_by_normal_bots(variant, f"careful-{variant}-{n}")
        seats = range(start_hand(variant, seed=replay.seed, dealer=0).state.n_seats)
        for hand_review in review_seats(replay, seats).values():
            for decision in hand_review.decisions:
                if decision.careful is None or decision.chosen is None or YOUJIN_STEPS & set(decision.marks):
                    continue
                assert decision.careful.tile == decision.chosen.tile, (replay.seed, decision.step)
                judged += 1
    assert judged > 40
