"""Bots take their time while a person watches: each bot turn is scheduled after a think time
(shorter when forced), its scheduled move plays it when due (and the answers to the window it opens at
once), and an early or stale one does nothing.
With nobody connected the bots move at once.

Story: 阿明 opens a nanping table, keeps its page open, and the bots fill the other seats. He
plays his own decisions (his first legal one); every bot move lands one think time after the
move before it. Holds for any deal: the hand may end at its opening or in a 流局.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from engine.hand import HandState, legal_actions
from tables.models import ActionLog, Hand, HandStatus, Seat
from tables.services import actions, pacing
from tables.services.sweeper import play_bots_now, sweep_now

pytestmark = pytest.mark.django_db(transaction=True)
THINK = {"bot_think_min_ms": 800, "bot_think_max_ms": 2000}
MAX_MOVES = 400
ANSWERS = {"pass", "win", "pong", "chow", "kong"}  # what a window may be answered with


@pytest.fixture(autouse=True)
def paced(settings):
    settings.TABLES_BOT_PACING = True


@pytest.fixture
def ming(make_player, funded):
    return funded(make_player("ming", "阿明"), 1000)


def dealt_with_bots(seat_at_table, ming, watching: bool):
    table = seat_at_table([ming], "nanping", **THINK)
    Seat.objects.filter(table=table, user=ming).update(connections=1 if watching else 0)
    now = timezone.now() + timedelta(seconds=table.room.bot_wait_seconds + 1)
    assert sweep_now(now)["bots"] == 1
    return table, now


def moves(hand: Hand) -> int:
    return ActionLog.objects.filter(hand=hand).count()


def test_at_a_watched_table_each_bot_move_lands_after_its_think_time(seat_at_table, ming):
    table, now = dealt_with_bots(seat_at_table, ming, watching=True)
    hand = Hand.objects.get(table=table)
    low, high = timedelta(milliseconds=800 * pacing.FORCED_SHARE), timedelta(milliseconds=2000)
    for _ in range(MAX_MOVES):
        hand.refresh_from_db()
        if hand.status != HandStatus.PLAYING:
            break
        state = HandState.from_json(hand.state)
        if hand.bot_due is None:  # 阿明's decision: he plays his first legal action
            seat = hand.players.index(ming.pk)
            assert seat in state.to_act
            actions.act(table.pk, ming.pk, None, legal_actions(state, seat)[0].to_json())
            now = timezone.now()
            continue
        assert low <= hand.bot_due - now <= high
        version, before = hand.state_version, moves(hand)
        assert actions.play_due_bot(hand.pk, version, hand.bot_due - timedelta(milliseconds=1)) is False
        assert actions.play_due_bot(hand.pk, version - 1, hand.bot_due) is False  # stale: the hand moved on
        assert moves(hand) == before
        assert play_bots_now(hand.bot_due) == 1
        # One bot move; the answers to a window it opens take no think time (how long a window
        # stays open must not tell who holds a claim); the next bot's turn waits for its own.
        made = list(ActionLog.objects.filter(hand=hand).order_by("state_version")[before:])
        assert made and all(row.action["type"] in ANSWERS for row in made[1:])
        now = hand.bot_due
    assert hand.status == HandStatus.FINISHED
    assert hand.bot_due is None


def test_with_nobody_connected_the_bots_move_at_once(seat_at_table, ming):
    table, _ = dealt_with_bots(seat_at_table, ming, watching=False)
    actions.set_auto(table.pk, ming.pk, True)  # 阿明 is gone and 托管 plays his seat
    hand = Hand.objects.get(table=table)
    assert hand.status == HandStatus.FINISHED and hand.bot_due is None
    assert set(ActionLog.objects.filter(hand=hand).values_list("source", flat=True)) <= {"bot"}
