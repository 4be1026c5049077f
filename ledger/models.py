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
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from config.append_only import AppendOnlyError as AppendOnlyError
from config.append_only import AppendOnlyModel


class AccountKind(models.TextChoices):
    PLAYER = "player", _("玩家")
    SYSTEM = "system", _("系统")


class Account(models.Model):
    """A coin account: one per user, plus named system accounts (`code`)."""

    ISSUANCE = "issuance"  # source of operator grants and sink of debits: its balance is -(coins in circulation)
    HOUSE = "house"  # the platform's own takings and payouts: match passes in, match prizes out

    kind = models.CharField(_("类型"), max_length=8, choices=AccountKind.choices, default=AccountKind.PLAYER)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="coin_account",
        verbose_name=_("用户"),
    )
    code = models.SlugField(_("代码"), max_length=32, unique=True, null=True, blank=True)
    balance = models.BigIntegerField(_("余额"), default=0, editable=False)
    created_at = models.DateTimeField(_("创建时间"), auto_now_add=True)

    class Meta:
        ordering = ("id",)
        verbose_name = _("游戏币账户")
        verbose_name_plural = _("游戏币账户")
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
    GRANT = "grant", _("发放")
    DEBIT = "debit", _("扣除")
    HAND_SETTLEMENT = "hand_settlement", _("牌局结算")
    ESCAPE_PENALTY = "escape_penalty", _("逃跑惩罚")
    REVERSAL = "reversal", _("冲正")
    WELCOME_GRANT = "welcome_grant", _("新手礼包")
    RELIEF = "relief", _("救济金")
    MATCH_PASS = "match_pass", _("比赛通行证")
    MATCH_PRIZE = "match_prize", _("比赛奖金")
    ARENA_FEE = "arena_fee", _("竞技场报名费")
    ARENA_REFUND = "arena_refund", _("竞技场退费")
    ARENA_PRIZE = "arena_prize", _("竞技场奖金")


# Coins the platform issues to a player by its own rules (coins.services), not by an operator's hand.
ISSUED_KINDS = (TransactionKind.WELCOME_GRANT, TransactionKind.RELIEF)


class Transaction(AppendOnlyModel):
    """One money movement: balanced postings, written atomically, at most once per `idempotency_key`."""

    kind = models.CharField(_("类型"), max_length=16, choices=TransactionKind.choices, db_index=True)
    reference = models.CharField(_("来源"), max_length=128, db_index=True, help_text=_("起因，例如 hand:42"))
    idempotency_key = models.CharField(_("幂等键"), max_length=200, unique=True)
    fingerprint = models.CharField(_("请求指纹"), max_length=64, help_text=_("请求的 sha256；同一键配不同内容会被拒绝"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("操作人"),
    )
    reason = models.TextField(_("原因"), blank=True)
    detail = models.JSONField(_("明细"), default=dict, blank=True, help_text=_("例如每笔转账的应付与实付"))
    reverses = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="reversed_by", verbose_name=_("冲正对象")
    )
    created_at = models.DateTimeField(_("时间"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ("-id",)
        verbose_name = _("交易")
        verbose_name_plural = _("交易")
        permissions = [
            ("operate_coins", "Can grant, debit and reverse coins (operator)"),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.get_kind_display()} {self.reference}"


class Posting(AppendOnlyModel):
    """The net change one transaction makes to one account, and the balance it left."""

    transaction = models.ForeignKey(
        Transaction, on_delete=models.PROTECT, related_name="postings", verbose_name=_("交易")
    )
    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="postings", verbose_name=_("账户"))
    amount = models.BigIntegerField(_("数额"))
    balance_after = models.BigIntegerField(_("记账后余额"))

    class Meta:
        ordering = ("-id",)
        verbose_name = _("记账")
        verbose_name_plural = _("记账")
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

    min_balance = models.PositiveBigIntegerField(_("最低余额"), unique=True)
    max_balance = models.PositiveBigIntegerField(
        _("最高余额"), null=True, blank=True, help_text=_("含此值；留空表示没有上限")
    )
    base = models.PositiveBigIntegerField(_("底"), help_text=_("以游戏币计"))

    class Meta:
        ordering = ("min_balance",)
        verbose_name = _("底注档位")
        verbose_name_plural = _("麻将底注")
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
        errors.append(gettext("最后一档 %(last)s 不能有上限") % {"last": rows[-1]})
    if errors:
        raise ValidationError(errors)


def _pair_errors(low: Bracket, high: Bracket) -> list[str]:
    if low.max_balance is None:
        return [gettext("%(low)s 没有上限，但其后还有 %(high)s") % {"low": low, "high": high}]
    errors = []
    if low.max_balance >= high.min_balance:
        errors.append(gettext("%(low)s 与 %(high)s 重叠") % {"low": low, "high": high})
    elif low.max_balance + 1 != high.min_balance:
        errors.append(gettext("%(low)s 与 %(high)s 之间有空档") % {"low": low, "high": high})
    if low.base >= high.base:
        errors.append(gettext("底必须递增：%(low)s 之后是 %(high)s") % {"low": low, "high": high})
    return errors
