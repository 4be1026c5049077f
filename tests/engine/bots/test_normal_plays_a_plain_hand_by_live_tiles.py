"""guangdong: the normal bot plays every hand by live 进张, a win weighed by the plan the hand
leans to (混一色/对对胡 4 points, 清一色 8, fading with each off-plan tile held: `PLAN_POINTS`,
`PLAN_FADE`); the easy bot follows its plan instead.

Alice deals herself 1m 22m 34m, 4567p 9p, 123s and a lone 中. The easy bot's plan keeps the 中
(a dragon might be ponged) and lets the 9p go; the normal bot throws the 中, which joins nothing,
and keeps 7p9p, the wait that 8p fills. A hand leaning to 万子 with three strays sheds a stray,
though letting the lone 1m go would keep more 进张: the flush pays four times a 鸡胡."""

from __future__ import annotations

import random
from dataclasses import replace

from engine import bot, bot_normal, judge
from engine.games.guangdong import bot as gd
from engine.tiles import Tile
from tests.engine.flow.harness import ALICE, D, deal
from tests.engine.test_judge import seat_sight

PLAIN = "1m2m2m3m4m" + "4p5p6p7p9p" + "1s2s3s" + "7z"
LEANING = "1m" + "5m6m6m7m7m7m7m8m9m9m" + "3p" + "5s" + "5z"  # 万子 with three strays: 混一色


def first_discards(hand: str):
    state = deal("guangdong", {ALICE: hand}, gold=None)
    return bot.choose(state, ALICE, random.Random(0)), bot_normal.choose(state, ALICE, random.Random(0)), state


def test_a_plain_hand_throws_the_lone_honour_the_easy_plan_keeps():
    easy, normal, state = first_discards(PLAIN)
    assert gd.choose_target(state.seats[ALICE].hand, ()).plan == gd.Plan.FAST
    assert easy == D("9p")
    assert normal == D("7z")


def test_a_hand_leaning_to_one_suit_sheds_a_stray_for_its_flush():
    sight = seat_sight(LEANING)
    style = judge.style_for("guangdong")
    target = gd.choose_target(sight.hand, ())
    assert target.plan == gd.Plan.HALF_FLUSH
    tile, choice = judge.best_discard(sight, style, judge.Table.read(style, sight), sorted(set(sight.hand)))
    assert not target.fits(tile)  # a stray of another suit goes
    plain = replace(style, steer=False)  # the same hand by live 进张 alone lets the 1m go
    widest, most = judge.best_discard(sight, plain, judge.Table.read(plain, sight), sorted(set(sight.hand)))
    assert widest == Tile.parse("1m")
    assert most.effective > choice.effective
