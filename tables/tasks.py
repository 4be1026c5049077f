"""Celery tasks of the tables. They take ids, never objects, and are safe to run twice.

- `settle_hand`: post a finished hand's sheet to the ledger exactly once (`tables.services.settlement`)
  (the ledger keys the posting by the hand), queued on commit, acked late,
  retried; `reconcile` re-queues finished hands left unsettled.
- `sweep`: the beat sweeper. Overdue decisions fire as ordinary actions that
  carry the hand version (a stale timer does nothing); disconnected players
  past the grace period escape; bots fill tables after the room's wait; the
  next hand is dealt after the pause. Celery countdowns are not used: they
  live in worker memory and eager mode ignores them. Each table's step is its own
  transaction and a failing one is logged and counted, never allowed to stop
  the sweep for every other table; seats still within their grace are skipped
  without taking their table's lock.
- `penalize_escape`: the escape penalty, exactly once per hand and seat.
- `review_hand`: the hand review (牌谱分析) of the people's seats, queued when the
  settlement commits (or when a player opens a review not yet made), stored once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db.models import OuterRef, Subquery
from django.utils import timezone

from engine.review import ReplayError
from tables.models import Escape, Hand, HandStatus, Seat, Table, TableStatus
from tables.services import actions, between_hands, presence, settlement
from tables.services.review import store_reviews

log = logging.getLogger(__name__)
# A few quick retries; past them the reconciler re-queues the hand every 30 s, so a task that keeps
# failing is not retried forever in parallel with the reconciler's copies.
MAX_RETRIES = 5


@shared_task(bind=True, acks_late=True, max_retries=MAX_RETRIES, default_retry_delay=2)
def settle_hand(self: Any, hand_id: int) -> str:
    """Post the hand's sheet to the ledger (exactly once), then tell the table and move on."""
    try:
        return settlement.settle_hand(hand_id)
    except Exception as exc:
        log.exception("settling hand %s failed; retrying", hand_id)
        raise self.retry(exc=exc, countdown=min(60, 2 ** min(self.request.retries, 5))) from exc


@shared_task(bind=True, acks_late=True, max_retries=MAX_RETRIES, default_retry_delay=2)
def review_hand(self: Any, hand_id: int) -> int:
    """牌谱分析: review the seats people played in a settled hand and store the reviews (idempotent).

    A hand that does not replay is logged, not retried: the same log gives the same answer."""
    try:
        return store_reviews(hand_id)
    except ReplayError:
        log.exception("hand %s cannot be reviewed", hand_id)
        return 0
    except Exception as exc:
        log.exception("reviewing hand %s failed; retrying", hand_id)
        raise self.retry(exc=exc) from exc


@shared_task(bind=True, acks_late=True, max_retries=MAX_RETRIES, default_retry_delay=2)
def penalize_escape(self: Any, escape_id: int) -> str:
    """Apply the escape penalty of one hand and seat, exactly once."""
    try:
        return settlement.penalize_escape(escape_id)
    except Exception as exc:
        log.exception("escape penalty %s failed; retrying", escape_id)
        raise self.retry(exc=exc) from exc


@shared_task(acks_late=True)
def fire_deadline(hand_id: int, state_version: int) -> bool:
    """A timeout as an ordinary action: does nothing unless the hand is still at `state_version`."""
    return actions.fire_deadline(hand_id, state_version)


@shared_task
def sweep() -> dict[str, int]:
    """The beat sweeper (every few seconds): see the module docstring."""
    return sweep_now(timezone.now())


def sweep_now(now: datetime) -> dict[str, int]:
    """One sweep at `now`; returns how many of each thing it did (`failed`: steps that raised)."""
    done = {"timeouts": 0, "silent": 0, "escapes": 0, "bots": 0, "deals": 0, "failed": 0}

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
    return done


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


@shared_task
def reconcile() -> int:
    """Re-queue every finished hand still unsettled and every escape not yet penalized."""
    # a settlement queued on commit normally runs well within this
    cutoff = timezone.now() - timedelta(seconds=settings.TABLES_RECONCILE_AFTER_SECONDS)
    ids = list(
        Hand.objects.filter(status=HandStatus.FINISHED, settled=False, finished_at__lte=cutoff).values_list(
            "id", flat=True
        )
    )
    for hand_id in ids:
        settle_hand.delay(hand_id)
    escapes = list(Escape.objects.filter(penalized=False, created_at__lte=cutoff).values_list("id", flat=True))
    for escape_id in escapes:
        penalize_escape.delay(escape_id)
    return len(ids) + len(escapes)
