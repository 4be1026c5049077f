"""A monthly season is made under a Chinese name; each page shows it in its reader's language. A name an
operator gave the season is shown as written."""

from __future__ import annotations

from datetime import date

import pytest
from django.utils import translation

from match import seasons

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "title"), [("zh-hans", "2026年12月赛季"), ("en", "2026-12 season")])
def test_a_monthly_season_is_named_in_the_readers_language(language, title):
    season = seasons.monthly_season(date(2026, 12, 7))
    assert season.name == "2026年12月赛季"  # stored as made
    with translation.override(language):
        assert season.title == title


def test_an_operators_name_is_shown_as_written():
    season = seasons.monthly_season(date(2027, 1, 3))
    season.name = "新春杯"
    with translation.override("en"):
        assert season.title == "新春杯"
