"""The admin closes a live table: the running hand is voided (no settlement, the log kept), players are told why,
and nothing is ever paid for it, however often the close or the settlement is tried."""

from __future__ import annotations

import pytest
from django.urls import reverse

from ledger.models import Transaction
from operations.models import AuditAction, AuditEntry
from tables.models import Hand, Seat, TableEvent, TableStatus
from tables.services import actions
from tables.services.closing import is_voided
from tables.services.settlement import settle_hand

pytestmark = pytest.mark.django_db


def close(client, table, reason: str = "桌面异常 stuck table, refunding nothing"):
    return client.post(reverse("admin:tables_table_close", args=[table.pk]), {"reason": reason})


def test_the_admin_closes_a_table_and_its_running_hand_is_voided(as_staff, boss, ming, running_table):
    hand = Hand.objects.get(table=running_table, status="playing")
    logged = hand.actions.count()
    assert close(as_staff(boss), running_table).status_code == 302
    running_table.refresh_from_db()
    hand.refresh_from_db()
    assert running_table.status == TableStatus.CLOSED
    assert (hand.status, hand.sheet, hand.settled) == ("finished", None, True) and is_voided(hand)
    assert hand.actions.count() == logged > 0  # the log is kept
    assert not Seat.objects.filter(table=running_table, user__isnull=False).exists()
    assert not Transaction.objects.filter(reference=f"hand:{hand.pk}").exists()
    entry = AuditEntry.objects.get(action=AuditAction.TABLE_CLOSE)
    assert (entry.actor, entry.detail["voided_hand"], entry.detail["players"]) == (boss, hand.pk, [ming.pk])


def test_the_players_are_told_why(as_staff, boss, running_table):
    close(as_staff(boss), running_table, "作弊调查 under investigation")
    *_, voided, _seats, closed = TableEvent.objects.filter(table=running_table).order_by("version")
    assert (voided.kind, closed.kind) == ("hand_voided", "table_closed")
    for event in (voided, closed):
        for audience in (0, 1, 2, 3, None):  # every seat and the spectators
            assert (event.view_for(audience) or {}).get("reason") == "作弊调查 under investigation"
    hand = Hand.objects.get(table=running_table)
    assert (voided.view_for(None) or {}).get("seed") == hand.seed  # the deal can be checked against its commitment


def test_nothing_is_paid_twice_or_at_all(as_staff, boss, running_table):
    hand = Hand.objects.get(table=running_table, status="playing")
    client = as_staff(boss)
    close(client, running_table)
    again = close(client, running_table)
    assert "已经关闭" in again.content.decode()
    assert settle_hand(hand.pk) == "already settled"  # a late settlement task or the reconciler
    assert not Transaction.objects.filter(reference=f"hand:{hand.pk}").exists()
    assert AuditEntry.objects.filter(action=AuditAction.TABLE_CLOSE).count() == 1


def test_a_closed_table_takes_no_more_actions(as_staff, boss, ming, running_table):
    from tables.errors import NoRunningHand

    close(as_staff(boss), running_table)
    with pytest.raises(NoRunningHand):
        actions.act(running_table.pk, ming.pk, "late-1", {"type": "discard", "tile": "1m"})


def test_closing_needs_a_reason(as_staff, boss, running_table):
    response = close(as_staff(boss), running_table, reason=" ")
    assert response.status_code == 200
    running_table.refresh_from_db()
    assert running_table.status == TableStatus.PLAYING


@pytest.mark.parametrize("role", ["li", "cai"])
def test_support_and_finance_may_not_close_tables(request, as_staff, running_table, role):
    client = as_staff(request.getfixturevalue(role))
    assert client.get(reverse("admin:tables_table_change", args=[running_table.pk])).status_code == 200
    assert close(client, running_table).status_code == 403
    running_table.refresh_from_db()
    assert running_table.status == TableStatus.PLAYING and not AuditEntry.objects.exists()


def test_the_live_table_list_and_page(as_staff, li, ming, running_table):
    client = as_staff(li)
    listing = client.get("/admin/tables/table/?live=yes").content.decode()
    assert "1 真人 · 3 机器人" in listing and "平和麻将" in listing
    page = client.get(reverse("admin:tables_table_change", args=[running_table.pk])).content.decode()
    assert 'id="public-state"' in page and 'id="action-log"' in page
    assert "阿明" in page and "close-table-link" not in page  # support sees no close button
    hand = Hand.objects.get(table=running_table)
    assert hand.seed not in page  # the running hand's seed stays secret, even from operators


def test_a_voided_hand_can_still_be_checked_and_replayed(as_staff, boss, li, running_table):
    hand = Hand.objects.get(table=running_table, status="playing")
    close(as_staff(boss), running_table)
    client = as_staff(li)
    page = client.get(reverse("admin:tables_hand_change", args=[hand.pk])).content.decode()
    assert 'id="voided"' in page and "已作废：不结算" in page
    assert "✓ 种子与承诺一致" in page and "✓ 种子加动作记录重放出本局" in page
    assert "✓ 种子与承诺一致" in client.get(reverse("tables:replay", args=[hand.pk])).content.decode()
    listing = client.get("/admin/tables/hand/", {"voided": "yes"}).content.decode()
    assert f"/admin/tables/hand/{hand.pk}/change/" in listing
