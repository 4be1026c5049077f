"""The weekly leaderboard (周排行榜) in the lobby: per variant, this week's coins won, for players with a minimum
of hands; house bots and last week's hands are not counted. Real engine hands (finished_hands)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tables.records import weekly_leaderboard
from tests.tables.finished_hands import dianpao_hand, house_bots, qiangjin_hand, store

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_leaderboard():
    """The leaderboard is cached for a minute: each story computes its own."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def bots(make_player):
    return house_bots(make_player)


def test_the_weekly_leaderboard_ranks_this_weeks_coins_with_a_minimum_of_hands(ming, fang, bots, settings):
    settings.LEADERBOARD_MIN_HANDS = 1
    store(qiangjin_hand(), [ming, fang, *bots])  # 小芳 robs the gold: +80, 阿明 pays 40
    store(dianpao_hand(), [fang, ming, *bots])  # 阿明 wins on 小芳's discard
    store(dianpao_hand(), [fang, ming, *bots], finished_at=timezone.now() - timedelta(days=8))  # last week
    board = weekly_leaderboard(top=10)
    assert [(s.name, s.hands) for s in board["pinghe"]] == [("小芳", 1), ("阿明", 1)]
    assert [s.coins for s in board["pinghe"]] == [80, -40]
    assert [s.name for s in board["guangdong"]] == ["阿明", "小芳"]
    assert board["guangdong"][0].coins == -board["guangdong"][1].coins > 0
    assert board["nanping"] == [] and board["erren"] == []
    assert all(s.user_id not in {b.pk for b in bots} for rows in board.values() for s in rows)


def test_players_under_the_minimum_are_not_ranked(ming, fang, bots, settings):
    settings.LEADERBOARD_MIN_HANDS = 2
    store(qiangjin_hand(), [ming, fang, *bots])
    assert weekly_leaderboard()["pinghe"] == []


def test_the_lobby_shows_the_leaderboard(ming, fang, bots, settings, rooms):
    settings.LEADERBOARD_MIN_HANDS = 1
    store(qiangjin_hand(), [ming, fang, *bots])
    client = Client()
    client.force_login(ming)
    page = client.get("/tables/").content.decode()
    assert 'id="leaderboard"' in page and 'id="leaderboard-pinghe"' in page and "小芳" in page
