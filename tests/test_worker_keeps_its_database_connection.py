"""A Celery worker process keeps its database connection from task to task, as daphne's threads do:
Celery's Django fixup used to close it around every task, so each bot move, settlement and sweep
opened a new PostgreSQL backend. A connection past DB_CONN_MAX_AGE, or left broken by an error,
is still closed between tasks, as Django does between requests; an eager task (run inside its
caller's transaction) leaves the caller's connection alone.

The fixup here is Celery's own, built from this app's settings as a worker builds it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from celery.fixups.django import DjangoWorkerFixup
from celery.signals import task_postrun, task_prerun
from django.db import connection

from config.celery import app

pytestmark = pytest.mark.django_db(transaction=True)
# SQLite's test database lives in memory: Django never closes it, nor finds it unusable.
closes_for_real = pytest.mark.skipif(connection.vendor != "postgresql", reason="needs a server connection")


@pytest.fixture
def worker() -> Iterator[DjangoWorkerFixup]:
    """Celery's worker fixup with its task signals connected, and connections that may live a while."""
    fixup = DjangoWorkerFixup(app)
    task_prerun.connect(fixup.on_task_prerun)
    task_postrun.connect(fixup.on_task_postrun)
    age = connection.settings_dict["CONN_MAX_AGE"]
    connection.settings_dict["CONN_MAX_AGE"] = 600
    connection.close()
    try:
        yield fixup
    finally:
        task_prerun.disconnect(fixup.on_task_prerun)
        task_postrun.disconnect(fixup.on_task_postrun)
        connection.settings_dict["CONN_MAX_AGE"] = age
        connection.close()


def run_task(eager: bool = False) -> Any:
    """One task's life (the sweeper's) as the worker signals it, with a query in it; the connection it used."""
    from tables.models import Room
    from tables.tasks import sweep

    sweep.push_request(is_eager=eager)
    try:
        task_prerun.send(sender=sweep, task_id="t", task=sweep, args=(), kwargs={})
        Room.objects.exists()
        used = connection.connection
        end_task(sweep)
    finally:
        sweep.pop_request()
    return used


def end_task(task: Any) -> None:
    task_postrun.send(sender=task, task_id="t", task=task, args=(), kwargs={}, retval=None, state="SUCCESS")


def test_the_reuse_setting_reaches_the_fixup(worker: DjangoWorkerFixup) -> None:
    assert worker.db_reuse_max == 1000


def test_tasks_share_one_connection(worker: DjangoWorkerFixup) -> None:
    first = run_task()
    assert first is not None
    assert run_task() is first
    assert run_task() is first


@closes_for_real
def test_a_connection_past_its_age_is_closed_after_the_task(worker: DjangoWorkerFixup) -> None:
    first = run_task()
    connection.close_at = time.monotonic() - 1
    from tables.tasks import sweep

    sweep.push_request(is_eager=False)
    end_task(sweep)
    sweep.pop_request()
    assert connection.connection is None
    assert run_task() is not first


@closes_for_real
def test_a_broken_connection_is_replaced_before_the_next_task(worker: DjangoWorkerFixup) -> None:
    first = run_task()
    first.close()  # the server went away under it, and the task that found out failed
    connection.errors_occurred = True
    second = run_task()
    assert second is not first
    assert not second.closed


def test_an_eager_task_leaves_its_callers_connection(worker: DjangoWorkerFixup) -> None:
    first = run_task()
    connection.close_at = time.monotonic() - 1  # would be closed at a real task's end
    assert run_task(eager=True) is first
    assert connection.connection is first
