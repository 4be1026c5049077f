"""`{% relief_box %}`: the relief (救济金) offer for a broke player, in the lobby and the wallet."""

from __future__ import annotations

from typing import Any

from django import template

from accounts.models import User
from coins.services import relief_status

register = template.Library()


@register.inclusion_tag("coins/relief_box.html", takes_context=True)
def relief_box(context: dict[str, Any]) -> dict[str, Any]:
    """Shown only to a player below the minimum to sit: the button, or why they cannot claim now."""
    request = context["request"]
    user = request.user
    status = relief_status(user) if isinstance(user, User) else None
    return {"status": status, "csrf_token": context.get("csrf_token"), "next": request.get_full_path()}
