"""Every job the table services queue by name is a registered task in any process, not only a worker."""

from __future__ import annotations

import subprocess
import sys

from tables.services import jobs

CHECK = """
import django
django.setup()
from celery import current_app
from tables.services import jobs
missing = [name for name in (jobs.SETTLE_HAND, jobs.PENALIZE_ESCAPE, jobs.REVIEW_HAND) if name not in current_app.tasks]
print(missing)
"""


def test_a_fresh_web_process_knows_every_queued_task():
    # A fresh interpreter, as daphne starts: this test process may have imported tables.tasks already.
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]", out.stderr
    assert jobs.SETTLE_HAND.startswith("tables.tasks.")
