"""The audit log: every operator action with who, when, what and why; filterable, and nobody can change it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from ledger import services as ledger
from ledger.models import AppendOnlyError
from operations import services
from operations.models import AuditAction, AuditEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def a_day_at_the_office(li, cai, boss, ming, fang, running_table):
    """小李 bans 小芳, 财务 grants 阿明 coins, 老板 closes 阿明's table."""
    services.sanction(fang, "ban", "外挂 cheat tool", by=li)
    ledger.grant(ming, 50, by=cai, reason="补偿 outage", key="office-1")
    services.close_table(running_table.pk, "维护 maintenance", by=boss)


def test_each_action_is_one_entry_with_who_what_and_why(a_day_at_the_office, li, cai, boss, ming, fang):
    rows = [(e.actor, e.action, e.subject, e.reason) for e in AuditEntry.objects.order_by("id")]
    assert rows == [
        (li, AuditAction.BAN, fang, "外挂 cheat tool"),
        (cai, AuditAction.GRANT, ming, "补偿 outage"),
        (boss, AuditAction.TABLE_CLOSE, None, "维护 maintenance"),
    ]


@pytest.mark.parametrize(
    ("query", "shown"),
    [
        ({"action__exact": "ban"}, {"外挂 cheat tool"}),
        ({"target_type": "transaction"}, {"补偿 outage"}),
        ({"q": "fang"}, {"外挂 cheat tool"}),
        ({}, {"外挂 cheat tool", "补偿 outage", "维护 maintenance"}),
    ],
)
def test_the_log_filters(as_staff, li, a_day_at_the_office, query, shown):
    page = as_staff(li).get("/admin/operations/auditentry/", query).content.decode()
    everything = {"外挂 cheat tool", "补偿 outage", "维护 maintenance"}
    assert {reason for reason in everything if reason in page} == shown


def test_the_actor_filter(as_staff, cai, a_day_at_the_office):
    page = as_staff(cai).get("/admin/operations/auditentry/", {"actor__id__exact": cai.pk}).content.decode()
    assert "补偿 outage" in page and "外挂 cheat tool" not in page


def test_nobody_can_edit_or_delete_an_entry(as_staff, boss, a_day_at_the_office):
    entry = AuditEntry.objects.first()
    assert entry is not None
    client = as_staff(boss)
    assert client.get("/admin/operations/auditentry/add/").status_code == 403
    assert client.post(reverse("admin:operations_auditentry_delete", args=[entry.pk])).status_code == 403
    page = client.get(reverse("admin:operations_auditentry_change", args=[entry.pk])).content.decode()
    assert 'name="reason"' not in page
    with pytest.raises(AppendOnlyError):
        entry.delete()
    with pytest.raises(AppendOnlyError):
        AuditEntry.objects.filter(pk=entry.pk).update(reason="nothing happened")


def test_the_database_refuses_to_rewrite_an_entry(a_day_at_the_office):
    from django.db import DatabaseError, connection, transaction

    entry = AuditEntry.objects.first()
    assert entry is not None
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE operations_auditentry SET reason = %s WHERE id = %s", ["nothing happened", entry.pk])
    assert AuditEntry.objects.get(pk=entry.pk).reason == entry.reason
