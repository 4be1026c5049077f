"""Bots' think time: at a table where a person is watching, a bot's move lands after a pause.

Without it a player would see three bots' moves land at once. The pause is a schedule,
like the hand's other deadlines: `Hand.bot_due` says when the bot in turn (or in the
claim window) moves; a task queued for that moment (`tables.tasks.play_due_bot`, with a
Celery ETA) plays it through `actions.play_due_bot`, which checks the hand's state version, so
a stale scheduled move does nothing, and the beat's sweep plays any whose task was lost.
(A task per move, not a tick polling every table several times a second: an idle worker
costs nothing, and the move lands on time.) No worker sleeps and no lock is held while a bot
"thinks". A forced move (a single legal action) waits only a fraction of the room's
think time. With nobody connected and every person's seat under 托管 there is no one to pace
for: bots move at once, and between hands the absent stand up, so such a table does not play on
by itself.
Off with `settings.TABLES_BOT_PACING` (the test suite turns it off but in the pacing stories).
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings

from engine.hand import HandState, legal_actions
from tables.models import Room, Seat
from tables.services import jobs

FORCED_SHARE = 0.3  # a forced move waits this share of the room's shortest think time


def watched(seats: list[Seat]) -> bool:
    """Is a person at this table to pace for: connected, or playing their own seat while disconnected
    (within the grace period: back any moment, and the hand must not have run off without them)?"""
    return bool(settings.TABLES_BOT_PACING) and any(
        s.user_id is not None and (s.connections > 0 or not s.bot_plays) for s in seats
    )


def think_time(room: Room, state: HandState, seat: int, seed: str) -> timedelta:
    """How long the bot at `seat` takes over this decision: a draw from the room's range, drawn from
    the hand's seed and version (the same decision always takes the same time), shorter when forced."""
    rng = random.Random(f"{seed}/{state.version}/{seat}/think")
    low, high = room.bot_think_min_ms, max(room.bot_think_min_ms, room.bot_think_max_ms)
    if len(legal_actions(state, seat)) <= 1:
        return timedelta(milliseconds=low * FORCED_SHARE)
    return timedelta(milliseconds=rng.uniform(low, high))


def schedule(hand: Any, room: Room, state: HandState, seat: int, now: datetime) -> None:
    """Give the bot at `seat` its think time, unless its move is already scheduled."""
    if hand.bot_due is None:
        hand.bot_due = now + think_time(room, state, seat, hand.seed)
        jobs.queue_at_after_commit(jobs.PLAY_DUE_BOT, hand.bot_due, hand.pk, state.version)


def hand_off(hand: Any, state: HandState, now: datetime) -> None:
    """The bots move now, in the worker (a task due now): for a socket's server, which must not play a
    whole hand inside a close's bookkeeping (daphne kills a close that takes over 10 s)."""
    hand.bot_due = now
    jobs.queue_at_after_commit(jobs.PLAY_DUE_BOT, now, hand.pk, state.version)
