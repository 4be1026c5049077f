"""A bot's paced move is a task queued for the moment its think time ends, not a tick polling
every table: when the schedule is made, `tables.tasks.play_due_bot` is queued (after the commit)
with the hand, its version and the ETA `Hand.bot_due`; run at that moment it plays the move, run
early or after the hand moved on it does nothing, and a lost one is played by the sweep.

Story: 阿明 keeps his nanping page open and bots fill the table. Holds for any deal: the hand
may end at its opening (then nothing is scheduled) or go on to a bot's turn.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from celery import current_app
from django.conf import settings
from django.utils import timezone

from engine.hand import HandState, legal_actions
from tables.models import ActionLog, Hand, HandStatus, Seat
from tables.services import actions, jobs
from tables.services.sweeper import sweep_now

pytestmark = pytest.mark.django_db(transaction=True)
THINK = {"bot_think_min_ms": 800, "bot_think_max_ms": 2000}


@pytest.fixture(autouse=True)
def paced(settings):
    settings.TABLES_BOT_PACING = True


@pytest.fixture
def queued(monkeypatch):
    """What was handed to the broker for `play_due_bot`: (args, eta) per call."""
    calls: list[tuple[tuple[int, ...], object]] = []
    task = current_app.tasks[jobs.PLAY_DUE_BOT]
    monkeypatch.setattr(task, "apply_async", lambda args, eta: calls.append((tuple(args), eta)))
    return calls


def test_the_bot_tick_is_gone_from_the_beat():
    assert all(entry["task"] != "tables.tasks.play_bots" for entry in settings.CELERY_BEAT_SCHEDULE.values())


def test_a_paced_bot_move_is_queued_for_its_due_time_and_plays_then(seat_at_table, make_player, funded, queued):
    ming = funded(make_player("ming", "阿明"), 1000)
    table = seat_at_table([ming], "nanping", **THINK)
    Seat.objects.filter(table=table, user=ming).update(connections=1)
    sweep_now(timezone.now() + timedelta(seconds=table.room.bot_wait_seconds + 1))
    hand = Hand.objects.get(table=table)
    while hand.status == HandStatus.PLAYING and hand.bot_due is None:  # 阿明's decision: his first legal one
        seat = hand.players.index(ming.pk)
        actions.act(table.pk, ming.pk, None, legal_actions(HandState.from_json(hand.state), seat)[0].to_json())
        hand.refresh_from_db()
    if hand.status != HandStatus.PLAYING:  # over at its opening or on his move: nothing left to pace
        return
    due = hand.bot_due
    assert due is not None and queued[-1] == ((hand.pk, hand.state_version), due)
    (hand_id, version), _ = queued[-1]
    before = ActionLog.objects.filter(hand=hand).count()
    assert actions.play_due_bot(hand_id, version, due - timedelta(milliseconds=1)) is False
    assert actions.play_due_bot(hand_id, version, due) is True
    assert ActionLog.objects.filter(hand=hand).count() > before
    assert actions.play_due_bot(hand_id, version, due) is False  # the same task again: stale
