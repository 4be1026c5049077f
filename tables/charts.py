"""A line chart drawn on the server as inline SVG (the player's balance), in the dashboard charts' manner:
no JavaScript, no CDN, every point with a <title> tooltip of its exact value."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

WIDTH, HEIGHT, PAD, LABEL, TOP = 560, 170, 24, 28, 22
COLOUR = "#417690"


def line_chart(series: Sequence[tuple[str, int]], title: str, unit: str = "") -> SafeString:
    """Values over labels, scaled between 0 and the largest value; labels thinned to about 10."""
    values = [v for _, v in series]
    top = max([*values, 1])
    # The scale names the largest value itself (the dashboard charts' words, in the page's language).
    scale = (gettext("最大 %(top)d %(unit)s") % {"top": max(values, default=0), "unit": unit}).strip()
    step = (WIDTH - 2 * PAD) / max(len(series) - 1, 1)
    base, room = HEIGHT - LABEL, HEIGHT - LABEL - TOP
    points = [(PAD + step * i, base - room * v / top) for i, v in enumerate(values)]
    parts = [
        f'<text x="{PAD}" y="14" font-size="12" font-weight="bold">{escape(title)}</text>',
        f'<text x="{WIDTH - PAD}" y="14" font-size="10" text-anchor="end">{escape(scale)}</text>',
        f'<line x1="{PAD}" y1="{base}" x2="{WIDTH - PAD}" y2="{base}" stroke="#999" />',
    ]
    if points:
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{COLOUR}" stroke-width="2" />')
    every = max(1, len(series) // 10)
    for i, ((label, value), (x, y)) in enumerate(zip(series, points, strict=True)):
        tip = escape(f"{label}: {value} {unit}".strip())
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5" fill="{COLOUR}"><title>{tip}</title></circle>')
        if i % every == 0 or i == len(series) - 1:
            parts.append(
                f'<text x="{x:.1f}" y="{HEIGHT - 8}" font-size="9" text-anchor="middle">{escape(label)}</text>'
            )
    return mark_safe(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" aria-label="{escape(title)}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}">{"".join(parts)}</svg>'
    )
