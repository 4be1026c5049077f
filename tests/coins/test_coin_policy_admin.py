"""Operators (finance) set the welcome grant and relief in the admin; each change is audited and applies at once."""

from __future__ import annotations

import pytest

from coins.models import CoinPolicy
from operations.models import AuditEntry
from tests.coins.conftest import logged_in

pytestmark = pytest.mark.django_db

URL = "/admin/coins/coinpolicy/1/change/"


def form(**changes):
    data = {"welcome_enabled": "on", "welcome_amount": 2000, "relief_enabled": "on", "relief_amount": 1000}
    data |= {"relief_per_day": 3, "relief_public_hands": 1, "risk_window_days": 7, "risk_min_hands": 5}
    data |= {"reason": "春节活动 new-year event"}
    return {k: v for k, v in (data | changes).items() if v is not None}


def test_the_migration_seeds_the_defaults():
    policy = CoinPolicy.current()
    assert policy.as_dict() == {
        "welcome_enabled": True,
        "welcome_amount": 2000,
        "relief_enabled": True,
        "relief_amount": 1000,
        "relief_per_day": 3,
        "relief_public_hands": 1,
        "risk_window_days": 7,
        "risk_min_hands": 5,
    }


def test_finance_changes_the_policy_with_a_reason_and_the_audit_log_says_what_changed(cai):
    client = logged_in(cai)
    assert client.get("/admin/coins/coinpolicy/")["Location"] == URL  # one policy: the list opens it
    response = client.post(URL, form(welcome_amount=3000, relief_enabled=None, relief_public_hands=3))
    assert response.status_code == 302
    policy = CoinPolicy.current()
    assert (policy.welcome_amount, policy.relief_enabled, policy.updated_by) == (3000, False, cai)
    entry = AuditEntry.objects.get(action="coin_policy")
    assert entry.actor == cai and entry.reason == "春节活动 new-year event"
    assert entry.detail["changes"] == {
        "welcome_amount": {"from": 2000, "to": 3000},
        "relief_enabled": {"from": True, "to": False},
        "relief_public_hands": {"from": 1, "to": 3},
    }


def test_a_change_needs_a_reason_and_positive_amounts(cai):
    client = logged_in(cai)
    assert client.post(URL, form(reason="")).status_code == 200
    assert client.post(URL, form(relief_amount=0)).status_code == 200
    assert CoinPolicy.current().relief_amount == 1000
    assert not AuditEntry.objects.exists()


def test_support_reads_the_policy_but_cannot_change_it(li):
    client = logged_in(li)
    assert client.get(URL).status_code == 200
    assert client.post(URL, form(welcome_amount=9)).status_code == 403
    assert CoinPolicy.current().welcome_amount == 2000
