"""The arenas' background jobs (match.tasks), queued by name once the current transaction commits.

Services naming the task keep one direction (tasks -> services), as tables.services.jobs does. Each is
debounced: a burst of players entering the pool queues one pairing, not one per player. `robust`: a broker
that is down is logged; the beat's tick (match.tasks.arena_tick) pairs and finishes anyway."""

from __future__ import annotations

from celery import current_app
from django.core.cache import cache
from django.db import transaction

PAIR_ARENA = "match.tasks.pair_arena"
FINISH_ARENA = "match.tasks.finish_arena"
PAIR_DELAY = 0.2  # seconds: the players a settlement sends back to the pool are paired in one go


def pair_after_commit(arena_id: int) -> None:
    """Pair the arena's pool soon after the current transaction commits (one queued pairing at a time)."""
    transaction.on_commit(lambda: _queue_pairing(arena_id), robust=True)


def _queue_pairing(arena_id: int) -> None:
    if cache.add(f"arena:pairing:{arena_id}", 1, timeout=1):
        current_app.tasks[PAIR_ARENA].apply_async((arena_id,), countdown=PAIR_DELAY)


def finish_after_commit(arena_id: int) -> None:
    transaction.on_commit(lambda: current_app.tasks[FINISH_ARENA].delay(arena_id), robust=True)
