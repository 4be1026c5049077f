"""The one way to write the audit log: `record(...)`, inside the caller's transaction."""

from __future__ import annotations

from typing import Any

from django.db import models

from accounts.models import User
from operations.models import AuditEntry


def record(
    actor: User | None,
    action: str,
    target: models.Model | None,
    reason: str,
    *,
    subject: User | int | None = None,
    detail: dict[str, Any] | None = None,
    target_type: str | None = None,
) -> AuditEntry:
    """Append one entry: `actor` did `action` to `target` because of `reason` (`detail`: what changed).

    Called inside the operator action's own transaction, so the action and its
    record commit (or roll back) together.
    """
    subject_id = subject.pk if isinstance(subject, User) else subject
    return AuditEntry.objects.create(
        actor=actor if actor is not None and actor.is_authenticated else None,
        action=action,
        target_type=target_type or (target._meta.model_name if target is not None else "") or "",
        target_id=str(target.pk) if target is not None else "",
        target_repr=str(target)[:200] if target is not None else "",
        subject_id=subject_id,
        reason=reason,
        detail=detail or {},
    )
