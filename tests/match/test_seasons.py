"""Seasons: one per calendar month in the site's time zone, made by the beat task however often it runs; at the
end the standings freeze and the prize table pays the top places once, however often the end runs."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.utils import timezone

from ledger import services as ledger
from ledger.models import Transaction, TransactionKind
from match import seasons
from match.models import MatchPass, PassSource, PearlEntry, Season, Standing
from match.tasks import roll_seasons
from operations.models import AuditAction, AuditEntry
from tables.services.settlement import settle_hand
from tests.match.conftest import CAPPED, CHICKEN, sheet_of

pytestmark = pytest.mark.django_db

SHANGHAI_NOON = timezone.make_aware(datetime(2026, 12, 31, 23, 30))  # site time zone: the last half hour of 2026


def test_the_beat_makes_this_and_next_months_season_once(brackets):
    for _ in range(3):
        seasons.make_monthly_seasons(SHANGHAI_NOON)
    made = list(Season.objects.order_by("starts_at").values_list("name", "month"))
    assert made == [("2026年12月赛季", "2026-12"), ("2027年1月赛季", "2027-01")]
    december = Season.objects.get(month="2026-12")
    assert timezone.localtime(december.starts_at).isoformat() == "2026-12-01T00:00:00+08:00"
    assert december.ends_at == Season.objects.get(month="2027-01").starts_at
    assert december.pass_price == 500


def test_the_beat_task_is_scheduled(settings):
    assert settings.CELERY_BEAT_SCHEDULE["match-seasons"]["task"] == "match.tasks.roll_seasons"
    assert roll_seasons.name == "match.tasks.roll_seasons"


def test_an_operators_season_covering_a_month_keeps_the_beat_from_making_another(brackets):
    start = timezone.make_aware(datetime(2027, 1, 1))
    Season.objects.create(name="新春赛", starts_at=start, ends_at=start + timedelta(days=45))
    seasons.make_monthly_seasons(SHANGHAI_NOON)
    assert sorted(Season.objects.values_list("name", flat=True)) == ["2026年12月赛季", "新春赛"]


def test_ties_go_to_fewer_hands_then_to_who_got_there_first(holders, season, finished_hand):
    ming, fang, wang, zhen = holders
    # 小芳 wins a 鸡胡 (1) in seat 1 with 老王 in seat 2; later 老王, seated 1, also wins a 鸡胡: equal, same hands.
    settle_hand(finished_hand(sheet_of(CHICKEN), seated=[ming, fang, wang, zhen]).pk)
    settle_hand(finished_hand(sheet_of(CHICKEN), seated=[ming, wang, fang, zhen]).pk)
    rows = seasons.compute_standings(season)
    assert [(r.name, r.pearls, r.hands) for r in rows[:2]] == [("小芳", 1, 2), ("老王", 1, 2)]
    # 阿珍 takes one capped self-draw (3) in a hand without the others... she leads; 阿明 played 3, won 0.
    settle_hand(finished_hand(sheet_of(CAPPED), seated=[ming, zhen, fang, wang]).pk)
    rows = seasons.compute_standings(season)
    assert [r.name for r in rows] == ["阿珍", "小芳", "老王", "阿明"]
    assert [(r.pearls, r.hands, r.wins) for r in rows] == [(3, 3, 1), (1, 3, 1), (1, 3, 1), (0, 3, 0)]


@pytest.fixture
def ended(holders, season, finished_hand):
    """The season's hands are played, then it ends: prizes 1000 and 300 for the top two."""
    settle_hand(finished_hand(sheet_of(CAPPED)).pk)  # 小芳 +3
    settle_hand(finished_hand(sheet_of(CHICKEN), seated=[holders[0], holders[3], holders[1], holders[2]]).pk)
    Season.objects.filter(pk=season.pk).update(prizes=[1000, 300], ends_at=timezone.now() - timedelta(seconds=1))
    return season


def test_the_end_freezes_the_standings_and_pays_the_prizes_once(ended, holders):
    before = {p.username: ledger.balance_of(p) for p in holders}
    assert roll_seasons.apply().get() == 1
    assert roll_seasons.apply().get() == 0
    assert seasons.end_season(ended.pk) is True  # run by hand again: nothing more is paid
    frozen = list(Standing.objects.filter(season=ended).values_list("rank", "user__username", "pearls", "prize"))
    assert frozen[:2] == [(1, "fang", 3, 1000), (2, "zhen", 1, 300)]
    prizes = Transaction.objects.filter(kind=TransactionKind.MATCH_PRIZE)
    assert prizes.count() == 2
    after = {p.username: ledger.balance_of(p) for p in holders}
    assert after["fang"] - before["fang"] == 1000 and after["zhen"] - before["zhen"] == 300
    assert AuditEntry.objects.filter(action=AuditAction.MATCH_PRIZE).count() == 2
    assert ledger.check_ledger().ok


def test_frozen_standings_do_not_move_and_the_winner_is_told_once(ended, holders, client, finished_hand):
    seasons.end_season(ended.pk)
    frozen = seasons.standings(ended)
    settle_hand(finished_hand(sheet_of(CAPPED), seated=[holders[1], holders[2], holders[0], holders[3]]).pk)
    assert seasons.standings(ended) == frozen and PearlEntry.objects.count() == 8  # after the end: no season
    client.force_login(holders[1])
    assert "获得奖金 1000 游戏币" in client.get("/tables/").content.decode()
    assert "获得奖金" not in client.get("/tables/").content.decode()
    page = client.get(f"/match/seasons/{ended.pk}/").content.decode()
    assert "已结束，排名已冻结" in page and 'class="mine"' in page
    assert 'class="mine pinned"' not in page  # first: listed once, not pinned above itself


def test_a_player_further_down_sees_the_own_row_pinned_on_top(ended, holders, client, monkeypatch):
    from match import views

    seasons.end_season(ended.pk)
    monkeypatch.setattr(views, "PINNED_BELOW", 0)  # as if the standings were longer than the screen
    client.force_login(holders[1])
    page = client.get(f"/match/seasons/{ended.pk}/").content.decode()
    assert 'class="mine pinned"' in page


def test_a_revoked_pass_leaves_the_standings(holders, season):
    MatchPass.objects.filter(user=holders[0]).update(revoked_at=timezone.now())
    assert "阿明" not in [r.name for r in seasons.compute_standings(season)]
    assert MatchPass.objects.filter(source=PassSource.GRANTED).count() == 4
