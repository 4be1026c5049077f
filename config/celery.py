"""The Celery app: broker and result store on Redis (settings CELERY_*)."""

import os
from typing import Any

from celery import Celery
from celery.signals import task_postrun, task_prerun, worker_process_init
from django.db import close_old_connections

from config.gc_tuning import freeze_startup_objects

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("mahjong")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_process_init.connect
def _freeze_worker(**_: object) -> None:
    """Each worker process, once forked and set up: its start-up objects leave the collector's walks."""
    freeze_startup_objects()


@task_prerun.connect
@task_postrun.connect
def _tidy_connections(task: Any = None, **_: object) -> None:
    """Before and after each task, as Django does around a request: a connection past DB_CONN_MAX_AGE,
    broken or left in error is closed, the others are kept (settings.CELERY_DB_REUSE_MAX). An eager
    task runs inside its caller's transaction: its connection is the caller's to keep."""
    if task is not None and getattr(task.request, "is_eager", False):
        return
    close_old_connections()
