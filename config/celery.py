"""The Celery app: broker and result store on Redis (settings CELERY_*)."""

import os

from celery import Celery
from celery.signals import worker_process_init

from config.gc_tuning import freeze_startup_objects

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("mahjong")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_process_init.connect
def _freeze_worker(**_: object) -> None:
    """Each worker process, once forked and set up: its start-up objects leave the collector's walks."""
    freeze_startup_objects()
