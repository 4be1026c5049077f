"""The tables' background jobs (tables.tasks), queued by name once the current transaction commits.

The tasks are thin wrappers over these services, so a service importing tables.tasks would
close an import circle (tests/test_layers.py); naming the task keeps one direction:
tasks -> services. `robust`: a broker that is down is logged, the reconciler re-queues later.
"""

from __future__ import annotations

from datetime import datetime

from celery import current_app
from django.db import transaction

SETTLE_HAND = "tables.tasks.settle_hand"
PENALIZE_ESCAPE = "tables.tasks.penalize_escape"
REVIEW_HAND = "tables.tasks.review_hand"
PLAY_DUE_BOT = "tables.tasks.play_due_bot"


def queue_after_commit(task: str, *ids: int) -> None:
    """Run `task(*ids)` (a registered Celery task) after the current transaction commits."""
    transaction.on_commit(lambda: current_app.tasks[task].delay(*ids), robust=True)


def queue_at_after_commit(task: str, when: datetime, *ids: int) -> None:
    """Run `task(*ids)` at `when` (a Celery ETA), once the current transaction commits. Such a task
    waits in a worker's memory: one that is lost must be caught up by a sweep (tables.services.sweeper)."""
    transaction.on_commit(lambda: current_app.tasks[task].apply_async(ids, eta=when), robust=True)
