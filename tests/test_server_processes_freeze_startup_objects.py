"""A daphne process and each Celery worker process freeze their start-up objects (config.gc_tuning):
the collector's full passes then walk only what was made since, not Django and the engine again."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SERVED = {
    "daphne": "import config.asgi",
    "worker": "import config.celery\n"
    "from celery.signals import worker_process_init\n"
    "worker_process_init.send(sender=None)",
}


def frozen_after(start: str, freeze: str) -> int:
    """How many objects the collector leaves alone once `start` has run in a fresh interpreter."""
    code = f"import django, gc\n{start}\nprint(gc.get_freeze_count())"
    env = {**os.environ, "SERVER_GC_FREEZE": freeze, "DJANGO_SETTINGS_MODULE": "config.settings"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return int(done.stdout.split()[-1])


@pytest.mark.parametrize("process", sorted(SERVED))
def test_a_server_process_freezes_what_it_loaded(process: str) -> None:
    assert frozen_after(SERVED[process], "1") > 10_000


@pytest.mark.parametrize("process", sorted(SERVED))
def test_the_operator_can_turn_it_off(process: str) -> None:
    assert frozen_after(SERVED[process], "0") == 0
