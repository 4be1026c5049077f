"""Pages are Chinese first; the language switch turns them English, the table's script included."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def english(client):
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    return client


def test_pages_are_chinese_by_default(client):
    page = client.get(reverse("rules:index")).content.decode()
    assert '<html lang="zh-Hans">' in page and "玩法规则" in page and "English</button>" in page


def test_the_language_switch_turns_the_pages_english(client):
    page = english(client).get(reverse("rules:index")).content.decode()
    assert '<html lang="en">' in page and "Rules of the games" in page and "中文</button>" in page


def test_the_table_script_gets_its_english_words_from_the_catalog(client):
    catalog = english(client).get(reverse("javascript-catalog")).content.decode()
    assert "Pong (\\u78b0)" in catalog or "Pong (碰)" in catalog


def test_a_browser_asking_for_english_still_gets_chinese_until_the_player_switches(client):
    page = client.get(reverse("rules:index"), HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9").content.decode()
    assert '<html lang="zh-Hans">' in page
