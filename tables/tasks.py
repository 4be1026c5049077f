"""Celery tasks of the tables. They take ids, never objects, and are safe to run twice.

- `settle_hand`: post a finished hand's sheet to the ledger exactly once (`tables.services.settlement`)
  (the ledger keys the posting by the hand), queued on commit, acked late,
  retried; `reconcile` re-queues finished hands left unsettled.
- `sweep`: the beat sweeper (`tables.services.sweeper`): due timers, silent sockets,
  expired graces, bots after the room's wait, the next deal after the pause.
- `play_due_bot`: a bot's move once its think time is over, queued for that moment
  (tables.services.pacing); stale or early, it does nothing (the sweep catches up).
- `penalize_escape`: the escape penalty, exactly once per hand and seat.
- `review_hand`: the hand review (牌谱分析) of the people's seats, queued when the
  settlement commits (or when a player opens a review not yet made), stored once.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from django.utils import timezone

from engine.review import ReplayError
from tables.services import actions, settlement, sweeper
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


@shared_task(acks_late=True)
def play_due_bot(hand_id: int, state_version: int) -> bool:
    """A bot's scheduled move (tables.services.pacing): does nothing unless the hand is still at
    `state_version` and the move is due."""
    return actions.play_due_bot(hand_id, state_version)


@shared_task
def sweep() -> dict[str, int]:
    """The beat sweeper (every few seconds): `tables.services.sweeper.sweep_now`."""
    return sweeper.sweep_now(timezone.now())


@shared_task
def reconcile() -> int:
    """Re-queue every finished hand still unsettled and every escape not yet penalized."""
    hands, escapes = settlement.overdue(timezone.now())
    for hand_id in hands:
        settle_hand.delay(hand_id)
    for escape_id in escapes:
        penalize_escape.delay(escape_id)
    return len(hands) + len(escapes)
