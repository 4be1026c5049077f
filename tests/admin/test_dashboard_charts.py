"""The dashboard's charts draw what their numbers say: bars in proportion to the values, a scale
that names the tallest bar (or says there is nothing), and legends whose items never overlap."""

from __future__ import annotations

import itertools
import re

import pytest
from django.utils import translation

from operations import charts


@pytest.fixture(autouse=True)
def chinese():
    """The charts speak the active language; these stories read them in Chinese."""
    with translation.override("zh-hans"):
        yield


def bars(svg: str) -> list[tuple[int, float]]:
    """(value, drawn height) of every bar."""
    found = re.findall(r'<rect [^>]*height="([\d.]+)"[^>]*data-value="(\d+)"', svg)
    return [(int(value), float(height)) for height, value in found]


def scale(svg: str) -> str:
    match = re.search(r'class="scale">([^<]*)<', svg)
    assert match is not None
    return match.group(1)


def test_bars_are_in_proportion_to_their_values_and_the_scale_names_the_tallest():
    svg = charts.bar_chart([("01-01", 0), ("01-02", 3), ("01-03", 1)], "逃跑", "次")
    drawn = bars(svg)
    assert [value for value, _h in drawn] == [3, 1]  # a zero draws no bar
    assert drawn[0][1] == pytest.approx(3 * drawn[1][1])
    assert scale(svg) == "最大 3 次"


def test_a_chart_with_nothing_to_draw_says_so_instead_of_naming_a_maximum():
    svg = charts.bar_chart([("01-01", 0), ("01-02", 0)], "逃跑", "次")
    assert bars(svg) == [] and scale(svg) == "暂无数据"


def test_stacked_bars_add_up_to_the_day_and_the_scale_names_the_tallest_stack():
    svg = charts.stacked_chart({"结算": [("d1", 5), ("d2", 1)], "发放": [("d1", 5), ("d2", 0)]}, "游戏币", "币")
    heights = [h for _v, h in bars(svg)]
    assert sum(heights[:2]) == pytest.approx(10 * heights[2])  # day 1 stacks 5 + 5, day 2 is 1
    assert scale(svg) == "最大 10 币"


def legend_items(svg: str) -> list[tuple[float, float, str]]:
    """(x, y, text) of each legend label."""
    found = re.findall(r'<text x="([\d.]+)" y="([\d.]+)" font-size="10" class="legend">([^<]*)</text>', svg)
    return [(float(x), float(y), text) for x, y, text in found]


@pytest.mark.parametrize(
    "names",
    [
        ["结算", "罚分", "发放", "机器人备用金", "扣除", "冲正"],
        ["Settlement", "Penalties", "Grants", "House bot floats", "Debits", "Reversals", "Another long series name"],
    ],
)
def test_legend_items_never_overlap_and_stay_inside_the_chart(names):
    series = {name: [("d1", 1)] for name in names}
    svg = charts.stacked_chart(series, "游戏币", "币")
    items = legend_items(svg)
    assert [text for _x, _y, text in items] == names
    for (x1, y1, a), (x2, y2, _b) in itertools.pairwise(items):
        if y1 == y2:
            assert x1 + charts.text_width(a) < x2 - charts.SWATCH  # the next swatch starts after this label
    assert all(x + charts.text_width(text) <= charts.WIDTH for x, _y, text in items)
    height = float(re.search(r'viewBox="0 0 \d+ ([\d.]+)"', svg).group(1))  # type: ignore[union-attr]
    assert max(y for _x, y, _t in items) < height


@pytest.mark.django_db
def test_the_escapes_chart_shows_the_escape_it_counts(as_staff, li, ming, running_table):
    from tables.services import seating

    seating.leave(ming, running_table.pk, confirmed=True)
    page = as_staff(li).get("/admin/dashboard/").content.decode()
    escapes = re.search(r'<figure id="chart-escapes">(.*?)</figure>', page, re.S).group(1)  # type: ignore[union-attr]
    assert [value for value, _h in bars(escapes)] == [1] and scale(escapes) == "最大 1 次"
