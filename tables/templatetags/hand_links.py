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
