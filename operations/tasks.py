"""Operations' periodic task: suspensions whose time is up are lifted (audited as by the system)."""

from __future__ import annotations

from celery import shared_task

from operations import services


@shared_task
def lift_expired_suspensions() -> int:
    return services.lift_expired()
