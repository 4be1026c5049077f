"""Operators run the match zone from the admin: future seasons (price and prizes by finance), passes granted
and revoked with a reason, match rooms marked; every change is in the audit log. The 龙珠 log is read-only."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from match.models import MatchPass, MatchRoom, PearlEntry, Season
from operations.models import AuditAction, AuditEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def next_season(db):
    start = timezone.now() + timedelta(days=10)
    return Season.objects.create(name="下个赛季", starts_at=start, ends_at=start + timedelta(days=30))


def season_form(season: Season, **changes: object) -> dict[str, object]:
    local = timezone.localtime
    data = {
        "name": season.name, "starts_at_0": local(season.starts_at).strftime("%Y-%m-%d"),
        "starts_at_1": local(season.starts_at).strftime("%H:%M:%S"),
        "ends_at_0": local(season.ends_at).strftime("%Y-%m-%d"),
        "ends_at_1": local(season.ends_at).strftime("%H:%M:%S"), "pass_price": season.pass_price, "prizes": "[]",
        "reason": "春节活动",
    }  # fmt: skip
    data.update(changes)
    return data


def test_finance_sets_a_future_seasons_price_and_prizes_audited(client, cai, next_season):
    client.force_login(cai)
    reply = client.post(f"/admin/match/season/{next_season.pk}/change/", season_form(next_season, pass_price=800,
                        prizes="[5000, 2000]"))  # fmt: skip
    assert reply.status_code == 302, reply.content.decode()[:2000]
    next_season.refresh_from_db()
    assert (next_season.pass_price, next_season.prizes) == (800, [5000, 2000])
    entry = AuditEntry.objects.get(action=AuditAction.SEASON_CHANGE)
    assert entry.actor == cai and entry.detail["changes"]["pass_price"] == {"from": 500, "to": 800}


def test_support_may_read_seasons_but_not_change_them(client, li, next_season):
    client.force_login(li)
    assert client.get("/admin/match/season/").status_code == 200
    client.post(f"/admin/match/season/{next_season.pk}/change/", season_form(next_season, pass_price=1))
    next_season.refresh_from_db()
    assert next_season.pass_price == 500 and not AuditEntry.objects.exists()


def test_a_season_that_started_is_read_only(client, cai, season):
    client.force_login(cai)
    client.post(f"/admin/match/season/{season.pk}/change/", season_form(season, pass_price=1))
    season.refresh_from_db()
    assert season.pass_price == 500


def test_an_operator_grants_and_revokes_a_pass_with_a_reason(client, cai, ming, season):
    client.force_login(cai)
    reply = client.post("/admin/match/matchpass/add/", {"user": ming.pk, "season": season.pk, "reason": "直播抽奖"})
    assert reply.status_code == 302
    held = MatchPass.objects.get(user=ming)
    assert (held.source, held.granted_by, held.price) == ("granted", cai, 0)
    client.post(f"/admin/match/matchpass/{held.pk}/change/", {"revoke": "on", "reason": "作弊"})
    held.refresh_from_db()
    assert held.revoked_at is not None and held.revoke_reason == "作弊"
    actions = list(AuditEntry.objects.order_by("id").values_list("action", "subject", "reason"))
    assert actions == [(AuditAction.PASS_GRANT, ming.pk, "直播抽奖"), (AuditAction.PASS_REVOKE, ming.pk, "作弊")]


def test_an_admin_marks_another_games_room_as_a_match_room(client, boss, match_rooms):
    from tables.models import Room

    pinghe = Room.objects.get(variant="pinghe", base=50)
    client.force_login(boss)
    client.post("/admin/match/matchroom/add/", {"room": pinghe.pk, "multiplier": 2, "reason": "平和比赛周"})
    assert MatchRoom.objects.get(room=pinghe).multiplier == 2
    assert AuditEntry.objects.get(action=AuditAction.MATCH_ROOM).target_id == str(pinghe.pk)
    assert MatchRoom.objects.filter(room__variant="guangdong").count() == 8


def test_the_pearl_log_is_read_only(client, boss, holders, finished_hand):
    from tables.services.settlement import settle_hand
    from tests.match.conftest import CHICKEN, sheet_of

    settle_hand(finished_hand(sheet_of(CHICKEN)).pk)
    client.force_login(boss)
    entry = PearlEntry.objects.filter(pearls__gt=0).get()
    assert client.get("/admin/match/pearlentry/").status_code == 200
    client.post(f"/admin/match/pearlentry/{entry.pk}/change/", {"pearls": 99})
    assert PearlEntry.objects.get(pk=entry.pk).pearls == 1


def test_the_dashboard_shows_the_seasons_passes_pearls_and_prizes(client, boss, holders, season, finished_hand):
    from match.passes import buy_pass
    from tables.services.settlement import settle_hand
    from tests.match.conftest import CAPPED, sheet_of

    MatchPass.objects.filter(user=holders[0]).delete()
    buy_pass(holders[0])
    settle_hand(finished_hand(sheet_of(CAPPED)).pk)
    client.force_login(boss)
    page = client.get("/admin/dashboard/").content.decode()
    card = page[page.index(f'id="match-season-{season.pk}"') :]
    assert "<b>1</b>售出通行证（另赠送 3）" in card and "<b>3</b>发出龙珠" in card and "<b>0</b>奖金" in card
