"""The beat sweeper: every few seconds, whatever is due at the tables happens.

Overdue decisions fire as ordinary actions that carry the hand version (a stale timer
does nothing); sockets silent past the presence timeout count as gone; disconnected
players past the grace period escape; bots fill tables after the room's wait; the next
hand is dealt after the pause; bots whose think time is over move (each such move has its
own task queued for its moment, `tables.tasks.play_due_bot`; a Celery ETA lives in a worker's
memory and may be lost with it, so the sweep plays any move that is overdue). Timers are
not Celery countdowns for the same reason: the database holds them. Each table's step is its
own transaction and a failing one is logged and counted, never allowed to stop the sweep for
every other table; seats still within their grace are skipped without taking their table's lock. `tables.tasks.sweep`
runs `sweep_now` on the beat.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import OuterRef, Subquery

from tables.models import Hand, HandStatus, Seat, Table, TableStatus
from tables.services import actions, between_hands, friends, presence

log = logging.getLogger(__name__)


def sweep_now(now: datetime) -> dict[str, int]:
    """One sweep at `now`; returns how many of each thing it did (`failed`: steps that raised)."""
    done = {
        "timeouts": 0,
        "silent": 0,
        "escapes": 0,
        "bots": 0,
        "deals": 0,
        "failed": 0,
        "bot_moves": 0,
        "expired": 0,
        "rematches": 0,
    }

    def run(kind: str, step: Callable[..., object], *args: object) -> None:
        # One table's failure must not starve every other table of its timers: log it, go on.
        try:
            done[kind] += bool(step(*args, now))
        except Exception:
            log.exception("sweep: %s%s failed", step.__name__, args)
            done["failed"] += 1

    for hand_id, version in Hand.objects.filter(status=HandStatus.PLAYING, deadline__lte=now).values_list(
        "id", "state_version"
    ):
        run("timeouts", actions.fire_deadline, hand_id, version)
    for hand_id, version in _due_bots(now):
        run("bot_moves", actions.play_due_bot, hand_id, version)
    for seat_id in _silent_seats(now):
        run("silent", presence.presence_lost, seat_id)
    for seat_id in _graceless_seats(now):
        run("escapes", presence.grace_expired, seat_id)
    for table_id in Table.objects.filter(
        status__in=[TableStatus.WAITING, TableStatus.BETWEEN], bots_at__lte=now
    ).values_list("id", flat=True):
        run("bots", between_hands.fill_with_bots, table_id)
    for table_id in Table.objects.filter(status=TableStatus.BETWEEN, next_hand_at__lte=now).values_list(
        "id", flat=True
    ):
        run("deals", between_hands.next_hand, table_id)
    for table_id in friends.due_to_expire(now):
        run("expired", friends.expire, table_id)  # 好友房 never started (RULINGS "Friends' rooms")
    for rematch_id in friends.due_rematches(now):
        run("rematches", friends.expire_rematch, rematch_id)  # 再来一场 not accepted by all in time
    return done


def play_bots_now(now: datetime) -> int:
    """Every bot move due at `now` (tables.services.pacing), each its own transaction; how many moved
    (the sweep's catch-up for moves whose queued task was lost).
    A stale one (the hand moved on since it was read) does nothing."""
    moved = 0
    for hand_id, version in _due_bots(now):
        try:
            moved += actions.play_due_bot(hand_id, version, now)
        except Exception:
            log.exception("due bots: hand %s failed", hand_id)
    return moved


def _due_bots(now: datetime) -> list[tuple[int, int]]:
    due = Hand.objects.filter(status=HandStatus.PLAYING, bot_due__lte=now)
    return list(due.values_list("id", "state_version"))


def _silent_seats(now: datetime) -> list[int]:
    """Seats counting open sockets that have not pinged within the presence timeout, at tables of any
    status (a phantom connection between hands would keep an absent player seated)."""
    silent_since = now - timedelta(seconds=settings.TABLES_PRESENCE_TIMEOUT_SECONDS)
    seats = Seat.objects.filter(user__isnull=False, connections__gt=0, last_seen__lt=silent_since)
    return list(seats.values_list("id", flat=True))


def _graceless_seats(now: datetime) -> list[int]:
    """Disconnected players of running hands whose grace (the hand's, from its deal) is over.

    Checked here without locks, so a sweep does not lock every table with a disconnected player;
    `grace_expired` checks again under the lock.
    """
    grace = Hand.objects.filter(table_id=OuterRef("table_id"), status=HandStatus.PLAYING).values("grace_seconds")
    seats = (
        Seat.objects.filter(table__status=TableStatus.PLAYING, user__isnull=False, connections=0, leaving=False)
        .exclude(disconnected_at=None)
        .annotate(grace=Subquery(grace[:1]))
        .values_list("id", "disconnected_at", "grace")
    )
    return [
        pk
        for pk, since, secs in seats
        if since is not None and secs is not None and since + timedelta(seconds=secs) <= now
    ]
