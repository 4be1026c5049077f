"""A player's record (战绩) on their profile: hands, win rate and how the wins came, per variant; the biggest
hand with its replay, the best 连庄, escapes, and the balance over thirty days.

The hands are real engine hands dealt to order (tests/tables/finished_hands.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from ledger import services as ledger
from tables.models import Escape, Hand
from tables.records import player_record
from tests.tables.finished_hands import dianpao_hand, house_bots, qiangjin_hand, store

pytestmark = pytest.mark.django_db


@pytest.fixture
def bots(make_player):
    return house_bots(make_player)


@pytest.fixture
def played(ming, fang, bots) -> dict[str, Hand]:
    """阿明's four hands: lost to 抢金 as dealer, won by 抢金, dealt in as dealer (连庄 3), won on a discard."""
    return {
        "robbed": store(qiangjin_hand(), [ming, fang, *bots]),
        "robs": store(qiangjin_hand(streak=2), [fang, ming, *bots]),
        "deals_in": store(dianpao_hand(streak=3), [ming, fang, *bots]),
        "wins_on_discard": store(dianpao_hand(), [fang, ming, *bots]),
    }


def by_variant(user: Any) -> dict[str, Any]:
    return {v.variant: v for v in player_record(user.pk).variants}


def test_hands_wins_and_how_they_were_won_per_variant(ming, played):
    pinghe, guangdong = by_variant(ming)["pinghe"], by_variant(ming)["guangdong"]
    assert (pinghe.hands, pinghe.wins, pinghe.win_rate) == (2, 1, 0.5)
    assert (pinghe.self_drawn_share, pinghe.on_discard_share, pinghe.deal_in_share) == (1.0, 0.0, 0.0)
    assert (guangdong.hands, guangdong.wins) == (2, 1)
    assert (guangdong.self_drawn_share, guangdong.on_discard_share, guangdong.deal_in_share) == (0.0, 1.0, 0.5)
    assert (by_variant(ming)["nanping"].hands, by_variant(ming)["erren"].hands) == (0, 0)


def test_the_biggest_hand_the_best_streak_and_escapes(ming, played):
    Escape.objects.create(hand=played["robbed"], seat=0, user=ming, reason="left")
    record = player_record(ming.pk)
    wins = [played["robs"], played["wins_on_discard"]]
    biggest = max(wins, key=lambda h: h.sheet["seats"][1]["paid"])
    assert record.biggest is not None and record.biggest.hand == biggest
    assert record.best_streak == 3  # the dealt-in hand was his third deal in a row
    assert record.escapes == 1


def test_a_young_account_s_chart_starts_at_its_opening_balance_not_at_0(ming, funded):
    funded(ming, 1200)
    series = player_record(ming.pk).balance
    assert series[0] == ("开户", 1200) and [v for _day, v in series] == [1200, 1200]
    assert series[-1][1] == ledger.balance_of(ming)


def test_an_older_account_s_chart_covers_thirty_days_each_closing_at_that_day_s_last_balance(ming, funded):
    from datetime import timedelta

    from django.utils import timezone

    from ledger.models import Account

    Account.objects.filter(user=ming).update(created_at=timezone.now() - timedelta(days=90))
    funded(ming, 1200)
    funded(ming, 300)
    series = player_record(ming.pk).balance
    assert len(series) == 30 and series[0][1] == 0 and series[-1][1] == 1500


def test_the_profile_shows_the_record_the_replay_link_and_the_chart(ming, played):
    client = Client()
    client.force_login(ming)
    page = client.get("/accounts/profile/").content.decode()
    assert 'id="record"' in page and 'data-variant="guangdong"' in page and 'class="num win-rate">50%' in page
    assert f'href="/tables/hands/{played["wins_on_discard"].pk}/replay/"' in page
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="chart"' in page and "<polyline" in page
    assert 'id="best-streak">3<' in page
    assert "广东鸡平胡等级" in page  # the guangdong title stays


def test_a_hand_he_escaped_counts_as_an_escape_not_as_his_win(ming, played):
    """RULINGS: the hand 托管 won for him after he left is an escape on his record, not a win."""
    Escape.objects.create(hand=played["robs"], seat=1, user=ming, reason="left")
    record = player_record(ming.pk)
    pinghe = by_variant(ming)["pinghe"]
    assert (pinghe.hands, pinghe.wins) == (1, 0) and record.escapes == 1
    assert record.biggest is not None and record.biggest.hand != played["robs"]
