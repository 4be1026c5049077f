"""A new user gets a coin account at once, so every player has a balance (0)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from ledger.models import Account, AccountKind


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="ledger_open_account")
def open_coin_account(sender: Any, instance: Any, created: bool, raw: bool = False, **kwargs: Any) -> None:
    if created and not raw:
        Account.objects.get_or_create(user=instance, defaults={"kind": AccountKind.PLAYER})
