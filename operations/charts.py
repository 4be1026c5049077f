"""Small bar charts drawn on the server as inline SVG: no JavaScript, no CDN, readable without styles."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

PALETTE = ("#417690", "#e09f3e", "#9e2a2b", "#5b8e3e", "#7b5ea7", "#888888")
WIDTH, HEIGHT, PAD, LABEL = 560, 170, 24, 28


def bar_chart(series: Sequence[tuple[str, int]], title: str, unit: str = "") -> SafeString:
    """One series as bars; every bar carries a <title> tooltip with its exact value."""
    return stacked_chart({title: list(series)}, title, unit, legend=False)


def stacked_chart(
    series: Mapping[str, Sequence[tuple[str, int]]], title: str, unit: str = "", legend: bool = True
) -> SafeString:
    """Several series sharing the same labels, stacked per label, with a legend.

    Bars are scaled to the largest stack, which the top right names ("max N");
    with nothing to draw the chart says so instead of naming a maximum no bar reaches.
    """
    names = list(series)
    labels = [label for label, _n in next(iter(series.values()), [])]
    totals = [sum(series[n][i][1] for n in names) for i in range(len(labels))]
    top = max([*totals, 0])
    slot = (WIDTH - 2 * PAD) / max(len(labels), 1)
    parts = [_frame(title, top, unit)]
    for i, label in enumerate(labels):
        if top:
            parts.extend(_stack(i, label, [(n, series[n][i][1]) for n in names], top, slot, unit))
        if len(labels) <= 16 or i % max(1, len(labels) // 12) == 0:
            x = PAD + slot * (i + 0.5)
            parts.append(
                f'<text x="{x:.1f}" y="{HEIGHT - 8}" font-size="9" text-anchor="middle">{escape(label)}</text>'
            )
    rows: list[list[tuple[int, str, float]]] = _legend_rows(names) if legend and len(names) > 1 else []
    parts.extend(_legend(row, HEIGHT + 4 + LEGEND_ROW * r) for r, row in enumerate(rows))
    body = "".join(parts)
    return mark_safe(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" aria-label="{escape(title)}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT + LEGEND_ROW * len(rows)}" width="{WIDTH}">{body}</svg>'
    )


def _frame(title: str, top: int, unit: str) -> str:
    base = HEIGHT - LABEL
    scale = gettext("最大 %(top)d %(unit)s") % {"top": top, "unit": unit} if top else gettext("暂无数据")
    return (
        f'<text x="{PAD}" y="14" font-size="12" font-weight="bold">{escape(title)}</text>'
        f'<text x="{WIDTH - PAD}" y="14" font-size="10" text-anchor="end" class="scale">{escape(scale.strip())}</text>'
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
            f'fill="{PALETTE[k % len(PALETTE)]}" data-value="{value}"><title>{tip}</title></rect>'
        )
    return out


LEGEND_ROW = 18  # height of one legend line
SWATCH = 14  # the colour box and the gap after it
GAP = 16  # between two legend items


def text_width(text: str, size: int = 10) -> float:
    """A generous estimate of the drawn width: a CJK character is about a full em, a Latin one well under."""
    return sum(size if ord(ch) > 0x2E80 else size * 0.62 for ch in text)


def _legend_rows(names: list[str]) -> list[list[tuple[int, str, float]]]:
    """(colour index, name, x) per item, wrapped onto as many lines as the names need: items never overlap."""
    rows: list[list[tuple[int, str, float]]] = [[]]
    x = float(PAD)
    for k, name in enumerate(names):
        width = SWATCH + text_width(name)
        if rows[-1] and x + width > WIDTH - PAD:
            rows.append([])
            x = float(PAD)
        rows[-1].append((k, name, x))
        x += width + GAP
    return rows


def _legend(row: list[tuple[int, str, float]], y: float) -> str:
    return "".join(
        f'<rect x="{x:.1f}" y="{y:.1f}" width="10" height="10" fill="{PALETTE[k % len(PALETTE)]}" />'
        f'<text x="{x + SWATCH:.1f}" y="{y + 9:.1f}" font-size="10" class="legend">{escape(name)}</text>'
        for k, name, x in row
    )
