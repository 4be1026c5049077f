"""A player who signs up through the site receives the welcome grant (新手礼包) at once."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.dispatch import receiver
from django.utils.translation import gettext as _

from accounts.signals import signed_up
from coins.services import pay_welcome_grant


@receiver(signed_up, dispatch_uid="coins_welcome_grant")
def welcome(sender: Any, user: Any, request: Any = None, **kwargs: Any) -> None:
    txn = pay_welcome_grant(user)
    if txn is not None and request is not None:
        amount = txn.detail.get("amount", 0)
        messages.success(request, _("新手礼包：%(amount)d 游戏币已到账。") % {"amount": amount})
