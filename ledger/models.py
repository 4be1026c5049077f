"""The coin ledger: accounts, transactions of balanced postings, stake brackets.

Invariants the models keep (and `manage.py ledger_check` verifies):
- every transaction's postings sum to zero (double entry), so the sum of all
  balances, system accounts included, is always 0;
- postings are append-only: the ORM refuses update/delete (and so does the
  database: a trigger on PostgreSQL, see migration 0002); a mistake is undone by a
  reversal transaction;
- an account's cached `balance` equals the sum of its postings, and a player's
  balance is never negative (a CHECK constraint backs the service checks).
Money moves only through `ledger.services`.
"""

from __future__ import annotations

import itertools
from typing import Any, ClassVar

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q


class AppendOnlyError(RuntimeError):
    """Postings (and transactions) are never changed or deleted; post a reversal instead."""


class AccountKind(models.TextChoices):
    PLAYER = "player", "player 玩家"
    SYSTEM = "system", "system 系统"


class Account(models.Model):
    """A coin account: one per user, plus named system accounts (`code`)."""

    ISSUANCE = "issuance"  # source of operator grants and sink of debits: its balance is -(coins in circulation)

    kind = models.CharField(max_length=8, choices=AccountKind.choices, default=AccountKind.PLAYER)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="coin_account"
    )
    code = models.SlugField(max_length=32, unique=True, null=True, blank=True)
    balance = models.BigIntegerField(default=0, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("id",)
        constraints: ClassVar[list[Any]] = [
            models.CheckConstraint(
                condition=Q(kind=AccountKind.SYSTEM) | Q(balance__gte=0), name="ledger_player_balance_not_negative"
            ),
            models.CheckConstraint(
                condition=(Q(kind=AccountKind.PLAYER, user__isnull=False, code__isnull=True))
                | Q(kind=AccountKind.SYSTEM, user__isnull=True, code__isnull=False),
                name="ledger_account_owner_matches_kind",
            ),
        ]

    def __str__(self) -> str:
        return f"system:{self.code}" if self.code else f"player:{self.user}"


class TransactionKind(models.TextChoices):
    GRANT = "grant", "grant 发放"
    DEBIT = "debit", "debit 扣除"
    HAND_SETTLEMENT = "hand_settlement", "hand settlement 结算"
    ESCAPE_PENALTY = "escape_penalty", "escape penalty 逃跑惩罚"
    REVERSAL = "reversal", "reversal 冲正"
    WELCOME_GRANT = "welcome_grant", "welcome grant 新手礼包"
    RELIEF = "relief", "relief 救济金"


# Coins the platform issues to a player by its own rules (coins.services), not by an operator's hand.
ISSUED_KINDS = (TransactionKind.WELCOME_GRANT, TransactionKind.RELIEF)


class AppendOnlyQuerySet(models.QuerySet[Any]):
    """Bulk update/delete are refused: history is never rewritten."""

    def update(self, **kwargs: Any) -> int:
        raise AppendOnlyError(f"{self.model.__name__} rows are append-only")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError(f"{self.model.__name__} rows are append-only")

    def bulk_update(self, objs: Any, fields: Any, batch_size: int | None = None) -> int:
        raise AppendOnlyError(f"{self.model.__name__} rows are append-only")


class AppendOnlyModel(models.Model):
    """A row that may be inserted once and never saved again or deleted."""

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError(f"{type(self).__name__} {self.pk} is append-only")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError(f"{type(self).__name__} {self.pk} is append-only")


class Transaction(AppendOnlyModel):
    """One money movement: balanced postings, written atomically, at most once per `idempotency_key`."""

    kind = models.CharField(max_length=16, choices=TransactionKind.choices, db_index=True)
    reference = models.CharField(max_length=128, db_index=True, help_text="what caused it, e.g. hand:42")
    idempotency_key = models.CharField(max_length=200, unique=True)
    fingerprint = models.CharField(max_length=64, help_text="sha256 of the request; same key + other body is refused")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    reason = models.TextField(blank=True)
    detail = models.JSONField(default=dict, blank=True, help_text="e.g. owed and paid per transfer")
    reverses = models.OneToOneField("self", null=True, blank=True, on_delete=models.PROTECT, related_name="reversed_by")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ("-id",)
        permissions = [
            ("operate_coins", "Can grant, debit and reverse coins (operator)"),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.kind} {self.reference}"


class Posting(AppendOnlyModel):
    """The net change one transaction makes to one account, and the balance it left."""

    transaction = models.ForeignKey(Transaction, on_delete=models.PROTECT, related_name="postings")
    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="postings")
    amount = models.BigIntegerField()
    balance_after = models.BigIntegerField()

    class Meta:
        ordering = ("-id",)
        constraints: ClassVar[list[Any]] = [
            models.UniqueConstraint(fields=("transaction", "account"), name="ledger_one_posting_per_account"),
            models.CheckConstraint(condition=~Q(amount=0), name="ledger_posting_not_zero"),
        ]

    def __str__(self) -> str:
        return f"{self.account} {self.amount:+d}"


class IdempotentResponse(models.Model):
    """A stored API response, replayed for a retried `Idempotency-Key` (Stripe semantics)."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=200)
    fingerprint = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField()
    body = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar[list[Any]] = [
            models.UniqueConstraint(fields=("owner", "key"), name="ledger_idempotency_key_per_owner"),
        ]

    def __str__(self) -> str:
        return f"{self.owner_id}:{self.key}"


class Bracket(models.Model):
    """A stake bracket 麻将底注: balances in [min_balance, max_balance] play at `base`.

    Operators edit the table in the admin; `validate_bracket_table` keeps it
    increasing, without gaps or overlaps (a balance below the first bracket cannot sit).
    The admin checks one edited row against the stored rest (`check_against_table`)
    or a whole edited table at once.
    """

    min_balance = models.PositiveBigIntegerField(unique=True)
    max_balance = models.PositiveBigIntegerField(null=True, blank=True, help_text="inclusive; empty = no upper bound")
    base = models.PositiveBigIntegerField(help_text="底 in coins")

    class Meta:
        ordering = ("min_balance",)
        constraints: ClassVar[list[Any]] = [
            models.CheckConstraint(
                condition=Q(max_balance__isnull=True) | Q(max_balance__gte=models.F("min_balance")),
                name="ledger_bracket_bounds_ordered",
            ),
            models.CheckConstraint(condition=Q(base__gt=0), name="ledger_bracket_base_positive"),
        ]

    def __str__(self) -> str:
        upper = "∞" if self.max_balance is None else str(self.max_balance)
        return f"[{self.min_balance}, {upper}] → {self.base}"

    def contains(self, balance: int) -> bool:
        return balance >= self.min_balance and (self.max_balance is None or balance <= self.max_balance)

    def check_against_table(self) -> None:
        """Raise `ValidationError` if replacing this row in the stored table breaks it."""
        others = [b for b in Bracket.objects.all() if b.pk != self.pk]
        validate_bracket_table([*others, self])


def validate_bracket_table(brackets: list[Bracket]) -> None:
    """Raise `ValidationError` unless the brackets tile [first min, ∞) with increasing bases."""
    rows = sorted(brackets, key=lambda b: b.min_balance)
    errors: list[str] = []
    for low, high in itertools.pairwise(rows):
        errors.extend(_pair_errors(low, high))
    if rows and rows[-1].max_balance is not None:
        errors.append(f"the last bracket {rows[-1]} must have no upper bound")
    if errors:
        raise ValidationError(errors)


def _pair_errors(low: Bracket, high: Bracket) -> list[str]:
    if low.max_balance is None:
        return [f"{low} has no upper bound but {high} follows it"]
    errors = []
    if low.max_balance >= high.min_balance:
        errors.append(f"{low} overlaps {high}")
    elif low.max_balance + 1 != high.min_balance:
        errors.append(f"gap between {low} and {high}")
    if low.base >= high.base:
        errors.append(f"bases must increase: {low} then {high}")
    return errors
