"""Small bar charts drawn on the server as inline SVG: no JavaScript, no CDN, readable without styles."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

PALETTE = ("#417690", "#e09f3e", "#9e2a2b", "#5b8e3e", "#7b5ea7", "#888888")
WIDTH, HEIGHT, PAD, LABEL = 560, 170, 24, 28


def bar_chart(series: Sequence[tuple[str, int]], title: str, unit: str = "") -> SafeString:
    """One series as bars; every bar carries a <title> tooltip with its exact value."""
    return stacked_chart({title: list(series)}, title, unit, legend=False)


def stacked_chart(
    series: Mapping[str, Sequence[tuple[str, int]]], title: str, unit: str = "", legend: bool = True
) -> SafeString:
    """Several series sharing the same labels, stacked per label, with a legend."""
    names = list(series)
    labels = [label for label, _ in next(iter(series.values()), [])]
    totals = [sum(series[n][i][1] for n in names) for i in range(len(labels))]
    top = max([*totals, 1])
    slot = (WIDTH - 2 * PAD) / max(len(labels), 1)
    parts = [_frame(title, top, unit)]
    for i, label in enumerate(labels):
        parts.extend(_stack(i, label, [(n, series[n][i][1]) for n in names], top, slot, unit))
        if len(labels) <= 16 or i % max(1, len(labels) // 12) == 0:
            x = PAD + slot * (i + 0.5)
            parts.append(
                f'<text x="{x:.1f}" y="{HEIGHT - 8}" font-size="9" text-anchor="middle">{escape(label)}</text>'
            )
    if legend and len(names) > 1:
        parts.append(_legend(names))
    body = "".join(parts)
    return mark_safe(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" aria-label="{escape(title)}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT + (18 if legend and len(names) > 1 else 0)}" width="{WIDTH}">{body}</svg>'
    )


def _frame(title: str, top: int, unit: str) -> str:
    base = HEIGHT - LABEL
    return (
        f'<text x="{PAD}" y="14" font-size="12" font-weight="bold">{escape(title)}</text>'
        f'<text x="{WIDTH - PAD}" y="14" font-size="10" text-anchor="end">max {top} {escape(unit)}</text>'
        f'<line x1="{PAD}" y1="{base}" x2="{WIDTH - PAD}" y2="{base}" stroke="#999" />'
    )


def _stack(i: int, label: str, values: list[tuple[str, int]], top: int, slot: float, unit: str) -> list[str]:
    base, room = HEIGHT - LABEL, HEIGHT - LABEL - 22
    y, out = float(base), []
    for k, (name, value) in enumerate(values):
        if value <= 0:
            continue
        h = room * value / top
        y -= h
        tip = escape(f"{label} {name}: {value} {unit}".strip())
        out.append(
            f'<rect x="{PAD + slot * i + slot * 0.15:.1f}" y="{y:.1f}" width="{slot * 0.7:.1f}" height="{h:.1f}" '
            f'fill="{PALETTE[k % len(PALETTE)]}"><title>{tip}</title></rect>'
        )
    return out


def _legend(names: list[str]) -> str:
    step = (WIDTH - 2 * PAD) / len(names)
    items = []
    for k, name in enumerate(names):
        x = PAD + step * k
        items.append(
            f'<rect x="{x:.1f}" y="{HEIGHT + 4}" width="10" height="10" fill="{PALETTE[k % len(PALETTE)]}" />'
            f'<text x="{x + 14:.1f}" y="{HEIGHT + 13}" font-size="10">{escape(name)}</text>'
        )
    return "".join(items)
