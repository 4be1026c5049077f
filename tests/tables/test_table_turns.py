"""A socket's writes to its table take turns in the process: two seats answering a window at once do
not both hold a database thread while one waits on the table's row lock, and what each committed is
broadcast in the order it was committed. Other tables do not wait (issue 17).

Story: two seats of table 1 and one seat of table 2 each make a slow call at the same moment.
"""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from tables.consumers import TableConsumer, table_turn

pytestmark = pytest.mark.django_db(transaction=True)
SLOW = 0.2


class Calls:
    """Which tables' calls were running at once, seen from the database threads."""

    def __init__(self) -> None:
        self.running: list[int] = []
        self.overlaps: list[tuple[int, ...]] = []
        self.lock = threading.Lock()

    def slow(self, table_id: int) -> int:
        with self.lock:
            self.running.append(table_id)
            self.overlaps.append(tuple(sorted(self.running)))
        time.sleep(SLOW)
        with self.lock:
            self.running.remove(table_id)
        return table_id


def socket_at(table_id: int) -> TableConsumer:
    consumer = TableConsumer()
    consumer.table_id = table_id
    return consumer


def test_a_tables_calls_take_turns_and_other_tables_do_not_wait(settings):
    settings.TABLES_DB_THREADS = 4
    calls = Calls()

    async def together() -> list[int]:
        sockets = [socket_at(1), socket_at(1), socket_at(2)]
        done = await asyncio.gather(*(s._db(calls.slow, s.table_id) for s in sockets))
        return [result for result, _ in done]

    assert asyncio.run(together()) == [1, 1, 2]
    assert all(running.count(1) <= 1 for running in calls.overlaps)  # table 1: one at a time
    assert any(running == (1, 2) for running in calls.overlaps)  # table 2 ran beside it


def test_the_turn_is_one_per_table():
    async def turns() -> tuple[bool, bool]:
        first = table_turn(7)
        return table_turn(7) is first, table_turn(8) is first

    assert asyncio.run(turns()) == (True, False)
