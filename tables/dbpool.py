"""The table sockets' database work: a small pool of threads, each keeping its own connection.

Channels' `database_sync_to_async` runs every call of a process on one thread and
opens a new PostgreSQL connection per call (CONN_MAX_AGE=0 under ASGI), so every
table of a daphne process queued behind one thread that spent most of its time
connecting. Here `TABLES_DB_THREADS` threads serve the sockets; each keeps its
connection for `DB_CONN_MAX_AGE` seconds (closed at once after an error), and the
broadcasts of what a call committed come back to the event loop (events.collecting)
instead of blocking the thread on the channel layer. With TABLES_DB_THREADS=0 (the
SQLite default) calls run on Channels' database thread as before.
"""

from __future__ import annotations

import asyncio
import contextvars
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import connections

from tables.services.events import Broadcast, collecting

T = TypeVar("T")

_executor: ThreadPoolExecutor | None = None
_lock = threading.Lock()


def executor() -> ThreadPoolExecutor:
    global _executor
    with _lock:
        if _executor is None:
            _executor = ThreadPoolExecutor(max_workers=int(settings.TABLES_DB_THREADS), thread_name_prefix="tables-db")
        return _executor


async def db_call(fn: Callable[..., T], *args: Any) -> tuple[T, list[Broadcast]]:
    """Run `fn(*args)` on a database thread: its result and the batches it committed (to send from the loop)."""
    if int(settings.TABLES_DB_THREADS) <= 0:
        return await database_sync_to_async(_run)(fn, args)
    loop = asyncio.get_running_loop()
    context = contextvars.copy_context()  # the caller's language and the like
    return await loop.run_in_executor(executor(), context.run, _run, fn, args)


def _run(fn: Callable[..., T], args: tuple[Any, ...]) -> tuple[T, list[Broadcast]]:
    with collecting() as batches:
        try:
            result = fn(*args)
        finally:
            _tidy()
    batches.sort(key=lambda b: (b.table_id, b.first))
    return result, batches


def _tidy() -> None:
    """Keep this thread's connection unless it failed or outlived its age (0: a connection per call).
    A connection borrowed from the process's pool (settings DB_POOL) is kept until it fails: the
    thread serves table after table, and handing it back at each call would cost a loan's check."""
    for conn in connections.all(initialized_only=True):
        if conn.connection is None:
            continue
        expired = conn.close_at is not None and time.monotonic() >= conn.close_at and not _pooled(conn)
        if conn.errors_occurred or expired:
            conn.close_if_unusable_or_obsolete()


def _pooled(conn: Any) -> bool:
    return bool(conn.settings_dict.get("OPTIONS", {}).get("pool"))


def close_connections() -> None:
    """Close every pool thread's connection (tests, before the test database is flushed or dropped)."""
    if _executor is None or int(settings.TABLES_DB_THREADS) <= 0:
        return
    n = int(settings.TABLES_DB_THREADS)
    barrier = threading.Barrier(n, timeout=10)

    def close_mine() -> None:
        connections.close_all()
        barrier.wait()  # each task holds its thread until all have run: every thread closes its own

    for future in [_executor.submit(close_mine) for _ in range(n)]:
        future.result()
