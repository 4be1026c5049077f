"""English says "1 point", not "1 points": the counts of 分 in the sheet's words and the guangdong title
are plural forms (the Chinese source has none)."""

from __future__ import annotations

import pytest
from django.utils import translation

from tables.sheet_text import _factor


@pytest.mark.parametrize(("fan", "words"), [(0, "1 point (0 fan)"), (1, "2 points (1 fan)"), (3, "8 points (3 fan)")])
def test_guangdong_fan_counts_as_points_in_english(fan, words):
    with translation.override("en"):
        assert _factor("fan_points", fan) == words


def test_in_chinese_the_count_has_no_plural():
    with translation.override("zh-hans"):
        assert _factor("fan_points", 0) == "1分（0番）"
