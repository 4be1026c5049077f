"""Support suspends or bans a player with a reason: the player is out at once, told why, and can be let back in."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from operations import services
from operations.models import AuditAction, AuditEntry, Sanction
from tests.admin.helpers import login_form
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def ban(client: Client, user, reason: str = "外挂 using a cheat tool", kind: str = "ban", days: str = "") -> Any:
    url = reverse("admin:accounts_user_sanction", args=[user.pk])
    return client.post(url, {"kind": kind, "days": days, "reason": reason})


def test_support_bans_a_player_who_is_logged_out_and_told_why(as_staff, li, ming):
    player = Client()
    player.force_login(ming)
    assert player.get("/tables/").status_code == 200
    assert ban(as_staff(li), ming).status_code == 302
    ming.refresh_from_db()
    assert not ming.is_active
    assert player.get("/tables/").status_code == 302  # the old session no longer counts
    page = login_form(Client(), "ming", PASSWORD)
    assert "账号已封禁" in page and "外挂 using a cheat tool" in page
    entry = AuditEntry.objects.get(action=AuditAction.BAN)
    assert (entry.actor, entry.subject, entry.reason) == (li, ming, "外挂 using a cheat tool")


def test_the_ban_notice_is_not_shown_without_the_password(as_staff, li, ming):
    ban(as_staff(li), ming)
    page = login_form(Client(), "ming", "a wrong password")
    assert "外挂" not in page and "封禁" not in page


def test_a_suspension_has_an_end_and_is_lifted_when_it_passes(as_staff, li, ming):
    assert ban(as_staff(li), ming, "辱骂 abuse in chat", kind="suspend", days="3").status_code == 302
    row = Sanction.objects.get(user=ming)
    assert row.until is not None and row.until - row.created_at == timedelta(days=3)
    assert "辱骂" in login_form(Client(), "ming", PASSWORD)
    assert services.lift_expired(timezone.now() + timedelta(days=3, seconds=1)) == 1
    ming.refresh_from_db()
    assert ming.is_active
    lifted = AuditEntry.objects.get(action=AuditAction.LIFT)
    assert lifted.actor is None and lifted.subject == ming  # by the system


def test_a_suspension_needs_days_and_every_sanction_a_reason(as_staff, li, ming):
    assert "暂停需要填写天数" in ban(as_staff(li), ming, kind="suspend").content.decode()
    assert ban(as_staff(li), ming, reason="  ").status_code == 200
    ming.refresh_from_db()
    assert ming.is_active and not Sanction.objects.exists() and not AuditEntry.objects.exists()


def test_support_lifts_a_ban_and_the_player_logs_in_again(as_staff, li, ming):
    ban(as_staff(li), ming)
    url = reverse("admin:accounts_user_lift", args=[ming.pk])
    assert as_staff(li).post(url, {"reason": "申诉成功 appeal upheld"}).status_code == 302
    player = Client()
    assert player.login(username="ming", password=PASSWORD)
    assert [e.action for e in AuditEntry.objects.order_by("id")] == [AuditAction.BAN, AuditAction.LIFT]


def test_lifting_when_nothing_is_in_force_is_refused(as_staff, li, ming):
    url = reverse("admin:accounts_user_lift", args=[ming.pk])
    response = as_staff(li).post(url, {"reason": "oops"})
    assert "没有被暂停或封禁" in response.content.decode()
    assert not AuditEntry.objects.exists()


def test_the_bulk_action_asks_for_a_reason_then_bans_each(as_staff, li, ming, fang):
    client = as_staff(li)
    selected = {"action": "sanction_selected", "_selected_action": [ming.pk, fang.pk]}
    ask = client.post("/admin/accounts/user/", selected)
    assert 'id="sanction-form"' in ask.content.decode()
    done = client.post("/admin/accounts/user/", {**selected, "apply": "1", "kind": "ban", "reason": "刷分 collusion"})
    assert done.status_code == 302
    assert Sanction.objects.filter(reason="刷分 collusion").count() == 2


def test_finance_may_not_ban(as_staff, cai, ming):
    assert ban(as_staff(cai), ming).status_code == 403
    selected = {"action": "sanction_selected", "_selected_action": [ming.pk], "apply": "1", "kind": "ban"}
    as_staff(cai).post("/admin/accounts/user/", {**selected, "reason": "x"})
    ming.refresh_from_db()
    assert ming.is_active and not Sanction.objects.exists()


def test_support_may_not_edit_a_user(as_staff, li, ming):
    response = as_staff(li).post(f"/admin/accounts/user/{ming.pk}/change/", {"username": "renamed"})
    assert response.status_code == 403
    ming.refresh_from_db()
    assert ming.username == "ming"


def test_support_may_not_sanction_staff(as_staff, li, cai):
    response = ban(as_staff(li), cai)
    assert "超级管理员" in response.content.decode()
    cai.refresh_from_db()
    assert cai.is_active


def test_the_active_flag_is_changed_only_by_sanctions(as_staff, boss, ming):
    page = as_staff(boss).get(reverse("admin:accounts_user_change", args=[ming.pk])).content.decode()
    assert 'name="username"' in page  # the admin may edit the user...
    assert 'name="is_active"' not in page  # ...but not switch the account on or off around the audit log
