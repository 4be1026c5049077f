"""Template helpers for finished hands: room titles, sheet items and words, wallet entries."""

from __future__ import annotations

from django import template
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from tables import sheet_text

register = template.Library()


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


# A sheet item's value with what it counts (engine.sheet.Unit), in the page's language.
VALUES = {"番": _("%(n)s番"), "分": _("%(n)s分"), "币": _("%(n)s币")}


@register.filter
def item_value(item: dict[str, object]) -> str:
    """e.g. "4番" / "4 fan"."""
    unit = str(item.get("unit", ""))
    template = VALUES.get(unit)
    return str(template) % {"n": item.get("value")} if template else f"{item.get('value')}{unit}"


@register.filter
def win_type_name(name: str) -> str:
    """How a hand was won (the sheet's `win_type`, in Chinese) in the page's language."""
    return sheet_text.term(str(name))


@register.filter
def item_name(item: dict[str, str]) -> str:
    """A sheet item's name in the page's language."""
    return sheet_text.item_name(item)


@register.filter
def sheet_words(sheet: dict[str, object] | None) -> object:
    """The sheet as worded at settlement (tables.sheet_text) in the page's language, or None before."""
    words = (sheet or {}).get("explained")
    if not isinstance(words, dict):
        return None
    return words.get("en" if (get_language() or "").startswith("en") else "zh-hans")


@register.filter
def index(rows: object, i: object) -> object:
    """`rows[i]`, or () when there is no such row."""
    try:
        return rows[int(i)]  # type: ignore[index,call-overload]
    except (IndexError, KeyError, TypeError, ValueError):
        return ()


@register.simple_tag
def wallet_entries(postings: object, user: object) -> object:
    """`{% wallet_entries recent request.user as rows %}`: each posting with what it was and its replay link."""
    from tables.wallet_entries import entries

    return entries(list(postings), int(getattr(user, "pk", 0) or 0))  # type: ignore[call-overload]
