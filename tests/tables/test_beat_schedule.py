"""Beat runs the tables' sweeper and reconciler: both entries name registered tasks."""

from __future__ import annotations

import pytest
from django.conf import settings

from config.celery import app


@pytest.mark.parametrize(
    "entry, task",
    [
        ("tables-sweep", "tables.tasks.sweep"),
        ("tables-reconcile", "tables.tasks.reconcile"),
    ],
)
def test_beat_schedules_the_tables_tasks(entry, task):
    import tables.tasks  # noqa: F401 - registers the tasks

    scheduled = settings.CELERY_BEAT_SCHEDULE[entry]
    assert scheduled["task"] == task and task in app.tasks
    assert 0 < float(scheduled["schedule"]) <= 30  # type: ignore[arg-type]


def test_settlement_and_penalty_tasks_ack_late_so_a_dying_worker_does_not_lose_them():
    from tables.tasks import penalize_escape, settle_hand

    assert settle_hand.acks_late and penalize_escape.acks_late
    assert settings.CELERY_TASK_REJECT_ON_WORKER_LOST
