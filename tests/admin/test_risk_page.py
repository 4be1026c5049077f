"""The 风控 page: a scripted two-account ring shows on top for finance, who freezes the feeder with a reason.

甲 (`jia`) and his feeder 乙 (`yi`) play the ring of tests/coins/ring.py: four private erren hands in which
乙 escapes and loses, so the coins flow to 甲; the beat task scores the pair. 财务 (`cai`, finance) opens
the 风控 page, follows the pair to its hands, and freezes 乙 with a reason (a ban: audited, logged out, no
seat, no relief, no wallet API), later lifts it; 小李 (`li`, support) may neither see the page nor act
from it; nobody adds, changes or deletes a scored row."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.models import PersonalToken
from coins.models import CoinPolicy, RiskPair
from coins.risk import score_pairs, shared_hands
from ledger import services as ledger
from operations.models import AuditAction, AuditEntry, Sanction
from tests.admin.helpers import login_form
from tests.coins.ring import public_hand, ring_hand
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/coins/riskpair/"
REASON = "刷币团伙 farming ring: escapes every hand to 甲"


@pytest.fixture
def jia(make_player, funded):
    return funded(make_player("jia", "甲"), 1000)


@pytest.fixture
def yi(make_player, funded):
    return funded(make_player("yi", "乙"), 170)


@pytest.fixture
def ring(jia, yi, brackets) -> RiskPair:
    """Four laps of the ring, scored by the beat task (pairs with three hands together are scored here)."""
    CoinPolicy.current()
    CoinPolicy.objects.filter(pk=1).update(risk_min_hands=3)
    ring = [ring_hand(jia, yi) for _lap in range(4)]
    assert score_pairs() == 1
    pair = RiskPair.objects.get()
    assert sorted(pair.hands) == sorted(hand.pk for hand in ring)
    return pair


def pair_page(pair: RiskPair) -> str:
    return reverse("admin:coins_riskpair_change", args=[pair.pk])


def freeze(client: Client, user: Any, pair: RiskPair | None, reason: str = REASON) -> Any:
    url = reverse("admin:coins_riskpair_freeze", args=[user.pk])
    return client.post(url, {"reason": reason, **({"pair": str(pair.pk)} if pair else {})})


def unfreeze(client: Client, user: Any, reason: str = "申诉成功 appeal upheld") -> Any:
    return client.post(reverse("admin:coins_riskpair_unfreeze", args=[user.pk]), {"reason": reason})


def test_finance_sees_the_ring_on_top_with_both_accounts_linked(as_staff, cai, ring, jia, yi):
    page = as_staff(cai).get(CHANGELIST)
    assert page.status_code == 200
    html = page.content.decode()
    for user in (jia, yi):
        assert reverse("admin:accounts_user_change", args=[user.pk]) in html
    assert ">4.0<" in html  # the score: four hands together, all one way
    assert str(ring.to_first) in html and str(170 - ledger.balance_of(yi)) == str(ring.to_first)
    assert pair_page(ring) in html


def test_the_pairs_page_lists_its_hands_with_their_replays_and_what_each_won(as_staff, cai, ring):
    finance = as_staff(cai)
    html = finance.get(pair_page(ring)).content.decode()
    for hand_id in ring.hands:
        for link in (reverse("admin:tables_hand_change", args=[hand_id]), reverse("tables:replay", args=[hand_id])):
            assert link in html and finance.get(link).status_code == 200
    shared = shared_hands(ring)
    assert [s.hand.pk for s in shared] == ring.hands
    assert sum(s.first for s in shared) == ring.to_first and all(s.second == -s.first for s in shared)
    assert all(f"<td>{s.first:+d}</td><td>{s.second:+d}</td>" in html for s in shared)
    assert html.count('class="hand-link"') == 4
    assert html.count('class="freeze-link"') == 2  # one per account


def test_the_top_pair_comes_first(as_staff, cai, ring, make_player, funded):
    lan, mei = funded(make_player("lan", "阿兰"), 1000), funded(make_player("mei", "阿梅"), 1000)
    for _lap in range(3):
        ring_hand(lan, mei, escapes=False)
    public_hand(lan)
    assert score_pairs() == 2
    html = as_staff(cai).get(CHANGELIST).content.decode()
    assert html.index(pair_page(RiskPair.objects.get(first=ring.first))) < html.index(
        pair_page(RiskPair.objects.get(first=lan))
    )


def test_finance_freezes_the_feeder_with_a_reason_and_the_audit_log_names_the_pair(as_staff, cai, ring, yi):
    finance = as_staff(cai)
    answer = freeze(finance, yi, ring)
    assert answer.status_code == 302 and answer["Location"] == pair_page(ring)
    yi.refresh_from_db()
    assert not yi.is_active
    assert Sanction.objects.get(user=yi, lifted_at__isnull=True).kind == "ban"
    entry = AuditEntry.objects.get(action=AuditAction.BAN)
    assert (entry.actor, entry.subject, entry.reason) == (cai, yi, REASON)
    assert entry.detail["risk_pair"] == ring.pk and entry.detail["frozen_from"] == "risk"
    assert finance.get(pair_page(ring)).content.decode().count('class="unfreeze-link"') == 1


def test_a_freeze_needs_a_reason_and_is_not_made_twice(as_staff, cai, ring, yi):
    finance = as_staff(cai)
    assert freeze(finance, yi, ring, reason="   ").status_code == 200
    yi.refresh_from_db()
    assert yi.is_active and not Sanction.objects.exists() and not AuditEntry.objects.exists()
    freeze(finance, yi, ring)
    again = freeze(finance, yi, ring, reason="again")
    assert again.status_code == 200 and "已经被冻结" in again.content.decode()
    assert AuditEntry.objects.filter(action=AuditAction.BAN).count() == 1


def test_the_frozen_feeder_cannot_log_in_claim_relief_or_use_the_wallet_api(as_staff, cai, ring, yi):
    _row, raw = PersonalToken.issue(yi, "脚本", may_spend=True)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {raw}")
    assert api.get("/api/v1/wallet/").status_code == 200
    player = Client()
    player.force_login(yi)
    freeze(as_staff(cai), yi, ring)
    assert api.get("/api/v1/wallet/").status_code == 401
    assert api.post("/api/v1/relief/", format="json", HTTP_IDEMPOTENCY_KEY="r1").status_code == 401
    claim = player.post(reverse("coins:relief"))
    assert claim.status_code == 302 and claim["Location"].startswith(reverse("accounts:login"))  # session gone
    told = login_form(Client(), "yi", PASSWORD)
    assert "账号已封禁" in told and REASON in told


def test_finance_unfreezes_with_a_reason_and_the_player_logs_in_again(as_staff, cai, ring, yi):
    finance = as_staff(cai)
    freeze(finance, yi, ring)
    assert unfreeze(finance, yi).status_code == 302
    assert Client().login(username="yi", password=PASSWORD)
    assert [e.action for e in AuditEntry.objects.order_by("id")] == [AuditAction.BAN, AuditAction.LIFT]
    assert AuditEntry.objects.get(action=AuditAction.LIFT).actor == cai


def test_unfreezing_is_for_a_freeze_not_supports_suspension(as_staff, cai, li, ring, yi):
    from operations.services import sanction

    sanction(yi, "suspend", "辱骂 abuse in chat", by=li, days=3)
    refused = unfreeze(as_staff(cai), yi)
    assert refused.status_code == 200 and "没有被冻结" in refused.content.decode()
    assert Sanction.objects.get(user=yi).lifted_at is None


def test_support_may_neither_see_the_page_nor_freeze(as_staff, li, ring, yi):
    support = as_staff(li)
    assert support.get(CHANGELIST).status_code == 403
    assert support.get(pair_page(ring)).status_code == 403
    assert freeze(support, yi, ring).status_code == 403
    assert unfreeze(support, yi).status_code == 403
    yi.refresh_from_db()
    assert yi.is_active and not AuditEntry.objects.exists()
    assert 'id="risk-link"' not in support.get("/admin/").content.decode()


def test_the_scored_rows_are_read_only_even_for_the_admin_role(as_staff, cai, boss, ring):
    for staff in (cai, boss):
        client = as_staff(staff)
        assert client.get(f"{CHANGELIST}add/").status_code == 403
        assert client.post(pair_page(ring), {"score": "0"}).status_code == 403
        assert client.post(reverse("admin:coins_riskpair_delete", args=[ring.pk]), {"post": "yes"}).status_code == 403
        assert 'id="risk-link"' in client.get("/admin/").content.decode()
    assert RiskPair.objects.get().score == 4.0


def test_finance_freezes_from_the_users_page_too(as_staff, cai, li, ring, yi):
    page = as_staff(cai).get(reverse("admin:accounts_user_change", args=[yi.pk])).content.decode()
    assert 'id="freeze-link"' in page and 'id="player-risk"' in page
    assert freeze(as_staff(cai), yi, None).status_code == 302  # back to the user's page
    assert AuditEntry.objects.get(action=AuditAction.BAN).detail["frozen_from"] == "risk"
    support_page = as_staff(li).get(reverse("admin:accounts_user_change", args=[yi.pk])).content.decode()
    assert 'id="freeze-link"' not in support_page and 'id="player-risk"' not in support_page


def test_a_pair_that_does_not_hold_the_account_is_not_a_way_in(as_staff, cai, ring, make_player):
    stranger = make_player("wang", "老王")
    assert freeze(as_staff(cai), stranger, ring).status_code == 404
    stranger.refresh_from_db()
    assert stranger.is_active and not AuditEntry.objects.exists()
