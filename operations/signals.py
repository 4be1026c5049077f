"""Operator coin movements (grants, debits, reversals) enter the audit log with the movement itself.

They are made through `ledger.services` from the admin and from the operator
API alike; recording them on the `Transaction` insert covers both in one
place, inside the same database transaction. Movements with no operator (the
house's bot floats, test floats) are not operator actions and are not recorded.
Coins the platform issues by its own rules (welcome grants, relief 救济金) are
recorded too, so operators can watch them for abuse: the actor is the player who
claimed relief, or nobody (the platform) for a welcome grant.
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_save
from django.dispatch import receiver

from ledger.models import Account, Transaction, TransactionKind
from operations.audit import record
from operations.models import AuditAction

OPERATOR_KINDS: dict[str, str] = {
    TransactionKind.GRANT: AuditAction.GRANT,
    TransactionKind.DEBIT: AuditAction.DEBIT,
    TransactionKind.REVERSAL: AuditAction.REVERSAL,
}

ISSUED_KINDS: dict[str, str] = {
    TransactionKind.WELCOME_GRANT: AuditAction.WELCOME_GRANT,
    TransactionKind.RELIEF: AuditAction.RELIEF,
}
# A season's prize (match.seasons.pay_prize), paid by the platform from the prize table operators set.
PRIZE_KINDS: dict[str, str] = {TransactionKind.MATCH_PRIZE: AuditAction.MATCH_PRIZE}


@receiver(post_save, sender=Transaction, dispatch_uid="operations_audit_coin_movement")
def audit_coin_movement(sender: Any, instance: Transaction, created: bool, raw: bool = False, **kwargs: Any) -> None:
    if not created or raw:
        return
    if instance.kind in ISSUED_KINDS:
        _record_issued(instance)
        return
    if instance.kind in PRIZE_KINDS:
        _record_prize(instance)
        return
    if instance.created_by_id is None or instance.kind not in OPERATOR_KINDS:
        return
    detail: dict[str, Any] = {"reference": instance.reference, "kind": instance.kind}
    subject = None
    if instance.kind == TransactionKind.REVERSAL:
        detail["reverses"] = instance.reverses_id
    else:
        detail["amount"] = instance.detail.get("amount")
        subject = int(instance.reference.split(":", 1)[1])  # operator moves are referenced "user:<id>"
    record(
        instance.created_by, OPERATOR_KINDS[instance.kind], instance, instance.reason, subject=subject, detail=detail
    )


def _record_issued(txn: Transaction) -> None:
    subject = int(txn.reference.split(":", 1)[1])  # issued coins are referenced "user:<id>" too
    detail = {"reference": txn.reference, "kind": txn.kind, "amount": txn.detail.get("amount")}
    record(txn.created_by, ISSUED_KINDS[txn.kind], txn, txn.reason, subject=subject, detail=detail)


def _record_prize(txn: Transaction) -> None:
    subject = Account.objects.get(pk=txn.detail["account"]).user_id
    detail = {"reference": txn.reference, "kind": txn.kind, "amount": txn.detail.get("amount")}
    record(txn.created_by, PRIZE_KINDS[txn.kind], txn, txn.reason, subject=subject, detail=detail)
