"""guangdong: on a calm table a hand with a bigger plan in reach (混一色/清一色/对对胡) follows it
as the easy bot does; a plain hand (鸡胡, no plan) plays by live 进张 instead.

Alice deals herself 1m 22m 34m, 4567p 9p, 123s and a lone 中. The easy bot's plan keeps the 中
(a dragon might be ponged) and lets the 9p go; the normal bot throws the 中, which joins nothing,
and keeps 7p9p, the wait that 8p fills. With a hand that leans to one suit it follows the plan."""

from __future__ import annotations

import random

from engine import bot, bot_normal
from engine.variants import guangdong_bot as gd
from tests.engine.flow.harness import ALICE, D, deal

PLAIN = "1m2m2m3m4m" + "4p5p6p7p9p" + "1s2s3s" + "7z"
LEANING = "1m2m3m4m5m6m7m8m9m" + "2m5m" + "4p" + "9s" + "7z"  # 万子 with three strays: 混一色


def first_discards(hand: str):
    state = deal("guangdong", {ALICE: hand}, gold=None)
    return bot.choose(state, ALICE, random.Random(0)), bot_normal.choose(state, ALICE, random.Random(0)), state


def test_a_plain_hand_throws_the_lone_honour_the_easy_plan_keeps():
    easy, normal, state = first_discards(PLAIN)
    assert gd.choose_target(state.seats[ALICE].hand, ()).plan == gd.Plan.FAST
    assert easy == D("9p")
    assert normal == D("7z")


def test_a_hand_leaning_to_one_suit_follows_the_flush_plan():
    easy, normal, state = first_discards(LEANING)
    target = gd.choose_target(state.seats[ALICE].hand, ())
    assert target.plan == gd.Plan.HALF_FLUSH
    assert normal == easy
    assert not target.fits(normal.tile)  # a stray of another suit goes
