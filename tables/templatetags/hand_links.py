"""`{{ reference|replay_url }}`: the replay page of a ledger reference such as "hand:42" ("" for anything else)."""

from __future__ import annotations

from django import template
from django.urls import reverse

register = template.Library()


@register.filter
def replay_url(reference: str) -> str:
    kind, _, ident = str(reference).partition(":")
    if kind != "hand" or not ident.isdigit():
        return ""
    return reverse("tables:replay", args=[int(ident)])


@register.filter
def room_title(room: object) -> str:
    """A room's name in the page's language: the variant and its base (an operator's own name wins)."""
    from django.utils.translation import gettext

    from tables.services.lobby import VARIANT_NAMES

    name = getattr(room, "name", "")
    if name:
        return str(name)
    variant = VARIANT_NAMES.get(str(getattr(room, "variant", "")), str(getattr(room, "variant", "")))
    return f"{variant} · {gettext('底')} {getattr(room, 'base', '')}"
