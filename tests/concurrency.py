"""Races for the PostgreSQL stories: callables released together, each on its own thread and database
connection (as separate processes would be), their results or exceptions collected in order."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connection


def together(*work: Callable[[], Any], timeout: float = 60) -> list[Any]:
    """Run each callable in its own thread, all released at once by a barrier; what each returned, or the
    exception it raised (a refusal, or a bug, for the test to judge). Fails if one hangs (a deadlock)."""
    results: list[Any] = [None] * len(work)
    start = threading.Barrier(len(work))

    def run(i: int) -> None:
        try:
            start.wait()
            results[i] = work[i]()
        except BaseException as error:
            results[i] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(work))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    assert not any(t.is_alive() for t in threads), "a racer hung (deadlock?)"
    return results
