"""The rules pages: an index of docs/rules/*.md and each document rendered."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from markdown_it import MarkdownIt

RULES_DIR = Path(settings.BASE_DIR) / "docs" / "rules"
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")
# The order players meet the games in; documents not listed follow alphabetically.
ORDER = ("pinghe", "nanping", "gold-games-flow", "erren", "guangdong", "match-zone")


def _renderer() -> MarkdownIt:
    # Raw HTML in the documents stays text: the pages never carry markup we did not write.
    return MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")


def _title(text: str, slug: str) -> str:
    first = next((line for line in text.splitlines() if line.startswith("# ")), "")
    return first[2:].strip() or slug


def documents() -> list[dict[str, str]]:
    """Every rules document as {slug, title}, in reading order."""
    slugs = sorted((p.stem for p in RULES_DIR.glob("*.md") if SLUG.match(p.stem)), key=_order_key)
    return [{"slug": s, "title": _title((RULES_DIR / f"{s}.md").read_text(encoding="utf-8"), s)} for s in slugs]


def _order_key(slug: str) -> tuple[int, str]:
    return (ORDER.index(slug) if slug in ORDER else len(ORDER), slug)


@lru_cache(maxsize=32)
def _html(slug: str, mtime: float) -> str:
    """The rendered document (cached per file modification time)."""
    return _renderer().render((RULES_DIR / f"{slug}.md").read_text(encoding="utf-8"))


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "rules/index.html", {"documents": documents()})


def page(request: HttpRequest, slug: str) -> HttpResponse:
    """One rules document; an unknown or malformed name is a 404."""
    path = RULES_DIR / f"{slug}.md"
    if not SLUG.match(slug) or not path.is_file():
        raise Http404("no such rules page")
    html = _html(slug, path.stat().st_mtime)
    context = {"documents": documents(), "slug": slug, "title": _title(path.read_text(encoding="utf-8"), slug)}
    return render(request, "rules/page.html", {**context, "html": mark_safe(html)})
