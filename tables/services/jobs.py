"""The tables' background jobs (tables.tasks), queued by name once the current transaction commits.

The tasks are thin wrappers over these services, so a service importing tables.tasks would
close an import circle (tests/test_layers.py); naming the task keeps one direction:
tasks -> services. `robust`: a broker that is down is logged, the reconciler re-queues later.
"""

from __future__ import annotations

from celery import current_app
from django.db import transaction

SETTLE_HAND = "tables.tasks.settle_hand"
PENALIZE_ESCAPE = "tables.tasks.penalize_escape"
REVIEW_HAND = "tables.tasks.review_hand"


def queue_after_commit(task: str, *ids: int) -> None:
    """Run `task(*ids)` (a registered Celery task) after the current transaction commits."""
    transaction.on_commit(lambda: current_app.tasks[task].delay(*ids), robust=True)
