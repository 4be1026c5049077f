"""A Celery worker process does not open a database connection per task: Celery's Django fixup
used to close it around every task, so each bot move, settlement and sweep opened a new PostgreSQL
backend. Between tasks the connection is tidied as Django tidies it between requests: kept while
young (persistent connections), or handed back to the process's pool (settings DB_POOL); a broken
one is replaced. An eager task (run inside its caller's transaction) leaves its connection alone.

The fixup here is Celery's own, built from this app's settings as a worker builds it; the
sweeper's task stands for any task."""

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
POOLED = bool(connection.settings_dict.get("OPTIONS", {}).get("pool"))
# SQLite's test database lives in memory: Django never closes it, nor finds it unusable.
on_a_server = pytest.mark.skipif(connection.vendor != "postgresql", reason="needs a server connection")


@pytest.fixture
def worker() -> Iterator[DjangoWorkerFixup]:
    """Celery's worker fixup with its task signals connected; unpooled connections may live a while."""
    fixup = DjangoWorkerFixup(app)
    task_prerun.connect(fixup.on_task_prerun)
    task_postrun.connect(fixup.on_task_postrun)
    age = connection.settings_dict["CONN_MAX_AGE"]
    if not POOLED:
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
    """One task's life as the worker signals it, with a query in it: the server backend that served
    it (SQLite: the connection object)."""
    from tables.tasks import sweep

    sweep.push_request(is_eager=eager)
    try:
        task_prerun.send(sender=sweep, task_id="t", task=sweep, args=(), kwargs={})
        served = backend()
        end_task(sweep)
    finally:
        sweep.pop_request()
    return served


def backend() -> Any:
    if connection.vendor != "postgresql":
        with connection.cursor():
            return connection.connection
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def end_task(task: Any) -> None:
    task_postrun.send(sender=task, task_id="t", task=task, args=(), kwargs={}, retval=None, state="SUCCESS")


def test_the_reuse_setting_reaches_the_fixup(worker: DjangoWorkerFixup) -> None:
    assert worker.db_reuse_max == 1000


def test_tasks_do_not_open_a_connection_each(worker: DjangoWorkerFixup) -> None:
    run_task()  # a pool opens what it keeps on its first loan
    opened = opened_by_pool()
    served = [run_task() for _ in range(8)]
    if POOLED:  # the pool lends what it holds, whichever is free: it opened none for them
        assert opened_by_pool() - opened <= 1
    else:
        assert len(set(served)) == 1


def opened_by_pool() -> int:
    pool: Any = getattr(connection, "pool", None)  # PostgreSQL's wrapper only
    return int(pool.get_stats().get("connections_num", 0)) if pool is not None else 0


@on_a_server
@pytest.mark.skipif(POOLED, reason="a pooled connection goes back to the pool after every task")
def test_a_connection_past_its_age_is_closed_after_the_task(worker: DjangoWorkerFixup) -> None:
    first = run_task()
    connection.close_at = time.monotonic() - 1
    from tables.tasks import sweep

    sweep.push_request(is_eager=False)
    end_task(sweep)
    sweep.pop_request()
    assert connection.connection is None
    assert run_task() != first


@on_a_server
def test_a_broken_connection_is_replaced_before_the_next_task(worker: DjangoWorkerFixup) -> None:
    from tables.tasks import sweep

    sweep.push_request(is_eager=True)  # a task that keeps its connection to the end: break it there
    first = backend()
    sweep.pop_request()
    connection.connection.close()  # the server went away under it, and the task that found out failed
    connection.errors_occurred = True
    second = run_task()
    assert second != first


def test_an_eager_task_leaves_its_callers_connection(worker: DjangoWorkerFixup) -> None:
    run_task()
    connection.close_at = time.monotonic() - 1  # a real task's end would close or hand it back
    run_task(eager=True)
    assert connection.connection is not None
