"""Garbage collection for long-running server processes (daphne, Celery worker processes).

A server process starts with about 150,000 objects that live as long as it does (Django, the
apps, the rules engine's modules and tables). CPython's full (generation 2) collection walks
every one of them each time it runs, and it runs whenever enough new long-lived objects pile
up, which the engine's bounded memos and the table states do all the time: measured in one
table-serving process (`bench/table_act.py`), one full collection took 110-145 ms every ~450
actions, about 0.25-0.3 ms of an action's ~3 ms. `gc.freeze()` after start-up moves those
objects to a permanent generation the collector never walks; objects made later are collected
as before. `SERVER_GC_FREEZE=0` turns it off.
"""

from __future__ import annotations

import gc
import os


def freeze_startup_objects() -> None:
    """Collect what start-up left as garbage (a frozen cycle is never freed), then freeze the rest."""
    if os.environ.get("SERVER_GC_FREEZE", "1") == "0":
        return
    gc.collect()
    gc.freeze()
