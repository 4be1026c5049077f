"""Finance grants, debits and reverses coins through the admin; each lands in the audit log. Support may not."""

from __future__ import annotations

import pytest

from ledger import services as ledger
from ledger.models import Transaction, TransactionKind
from operations.models import AuditAction, AuditEntry

pytestmark = pytest.mark.django_db

ADJUST = "/admin/ledger/transaction/adjust/"


def adjust(client, user, direction: str, amount: int, reason: str, key: str = "k1"):
    form = {"user": user.pk, "direction": direction, "amount": amount, "reason": reason, "key": key}
    return client.post(ADJUST, form)


@pytest.mark.parametrize(
    ("direction", "amount", "balance", "action"),
    [("grant", 500, 1500, AuditAction.GRANT), ("debit", 300, 700, AuditAction.DEBIT)],
)
def test_finance_moves_coins_and_the_audit_log_says_who_and_why(
    as_staff, cai, ming, direction, amount, balance, action
):
    assert adjust(as_staff(cai), ming, direction, amount, "活动奖励 event prize").status_code == 302
    assert ledger.balance_of(ming) == balance
    entry = AuditEntry.objects.get(action=action)
    assert (entry.actor, entry.subject, entry.reason) == (cai, ming, "活动奖励 event prize")
    assert entry.detail["amount"] == amount
    assert entry.target_type == "transaction"


def test_a_double_submit_is_one_movement_and_one_entry(as_staff, cai, ming):
    client = as_staff(cai)
    adjust(client, ming, "grant", 500, "补偿 outage")
    adjust(client, ming, "grant", 500, "补偿 outage")
    assert ledger.balance_of(ming) == 1500
    assert AuditEntry.objects.filter(action=AuditAction.GRANT).count() == 1


def test_a_refused_debit_moves_nothing_and_records_nothing(as_staff, cai, ming):
    response = adjust(as_staff(cai), ming, "debit", 5000, "罚款")
    assert "付不起" in response.content.decode()
    assert ledger.balance_of(ming) == 1000
    assert not AuditEntry.objects.exists()


def test_finance_reverses_a_grant(as_staff, cai, ming):
    client = as_staff(cai)
    adjust(client, ming, "grant", 500, "误发 sent by mistake")
    grant = Transaction.objects.get(kind=TransactionKind.GRANT, created_by=cai)
    form = {"action": "reverse_selected", "_selected_action": [grant.pk], "apply": "1", "reason": "撤回 undo"}
    assert client.post("/admin/ledger/transaction/", form).status_code == 302
    assert ledger.balance_of(ming) == 1000
    entry = AuditEntry.objects.get(action=AuditAction.REVERSAL)
    assert (entry.actor, entry.reason, entry.detail["reverses"]) == (cai, "撤回 undo", grant.pk)


def test_the_operator_api_is_audited_too(client, cai, ming):
    client.force_login(cai)
    body = {"user_id": ming.pk, "amount": 200, "reason": "API 补偿"}
    response = client.post("/api/v1/operator/grants/", body, content_type="application/json", HTTP_IDEMPOTENCY_KEY="a1")
    assert response.status_code == 201
    assert AuditEntry.objects.get(action=AuditAction.GRANT).reason == "API 补偿"


@pytest.mark.parametrize("role", ["li", "boss"])
def test_who_else_may_move_coins(request, as_staff, ming, role):
    """Support may not (403, nothing moves); admin may."""
    user = request.getfixturevalue(role)
    response = adjust(as_staff(user), ming, "grant", 100, "试试 try")
    assert response.status_code == (403 if role == "li" else 302)
    assert ledger.balance_of(ming) == (1000 if role == "li" else 1100)


def test_support_may_not_reverse(as_staff, li, cai, ming):
    adjust(as_staff(cai), ming, "grant", 500, "发放")
    grant = Transaction.objects.get(kind=TransactionKind.GRANT, created_by=cai)
    form = {"action": "reverse_selected", "_selected_action": [grant.pk], "apply": "1", "reason": "撤回"}
    as_staff(li).post("/admin/ledger/transaction/", form)
    assert ledger.balance_of(ming) == 1500
    assert not Transaction.objects.filter(kind=TransactionKind.REVERSAL).exists()


def test_house_movements_are_not_operator_actions(ming):
    ledger.grant(ming, 100, by=None, reason="house bot float", key="float-1")
    assert not AuditEntry.objects.exists()
