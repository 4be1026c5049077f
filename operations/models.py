"""The operators' records: the audit log of every operator action, and player sanctions.

`AuditEntry` rows are append-only (like the ledger's postings): the admin shows
them read-only and the ORM refuses to change or delete one. `Sanction` is a
suspension (until a time) or a ban (until lifted) of one player, with the reason
shown to them; at most one is in force per player.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from ledger.models import AppendOnlyModel


class AuditAction(models.TextChoices):
    GRANT = "grant", "grant 发放"
    DEBIT = "debit", "debit 扣除"
    REVERSAL = "reversal", "reversal 冲正"
    SUSPEND = "suspend", "suspend 暂停"
    BAN = "ban", "ban 封禁"
    LIFT = "lift", "lift 解除"
    TABLE_CLOSE = "table_close", "table close 关桌"
    BRACKET_CHANGE = "bracket_change", "bracket change 底注调整"
    ROOM_CHANGE = "room_change", "room change 房间设置"
    WELCOME_GRANT = "welcome_grant", "welcome grant 新手礼包"
    RELIEF = "relief", "relief 救济金"
    COIN_POLICY = "coin_policy", "coin policy 游戏币发放设置"


class AuditEntry(AppendOnlyModel):
    """Who did what, to what, when and why. Written only by `operations.audit.record`."""

    at = models.DateTimeField(default=timezone.now, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    action = models.CharField(max_length=16, choices=AuditAction.choices, db_index=True)
    target_type = models.CharField(max_length=16, help_text="user, table, hand, transaction, bracket, room")
    target_id = models.CharField(max_length=64, blank=True)
    target_repr = models.CharField("target", max_length=200, blank=True)
    subject = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="the player the action concerns, if one",
    )
    reason = models.TextField()
    detail = models.JSONField(default=dict, blank=True, help_text="what changed: amounts, before/after, hand voided")

    class Meta:
        ordering = ("-at", "-id")
        verbose_name = "audit entry 操作记录"
        verbose_name_plural = "audit log 操作记录"
        permissions = (
            ("sanction_user", "Can suspend, ban and lift players"),
            ("close_table", "Can close a live table (voiding its running hand)"),
            ("view_dashboard", "Can see the operations dashboard"),
        )

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.actor or 'system'} {self.action} {self.target_repr}"


class SanctionKind(models.TextChoices):
    SUSPEND = "suspend", "suspension 暂停"
    BAN = "ban", "ban 封禁"


class Sanction(models.Model):
    """A player kept out: cannot log in or sit while in force. Lifted by an operator or when `until` passes."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="sanctions")
    kind = models.CharField(max_length=8, choices=SanctionKind.choices)
    reason = models.TextField(help_text="shown to the player")
    until = models.DateTimeField(null=True, blank=True, help_text="a suspension ends then; a ban has none")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    lifted_at = models.DateTimeField(null=True, blank=True)
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    lift_reason = models.TextField(blank=True)

    class Meta:
        ordering = ("-created_at", "-id")
        constraints: ClassVar[list[Any]] = [
            models.UniqueConstraint(
                fields=("user",), condition=Q(lifted_at__isnull=True), name="one_sanction_in_force"
            ),
            models.CheckConstraint(
                condition=Q(kind="ban", until__isnull=True) | Q(kind="suspend", until__isnull=False),
                name="suspension_has_an_end_ban_has_none",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} of {self.user}"

    @property
    def in_force(self) -> bool:
        return self.lifted_at is None

    def notice(self) -> str:
        """What the player is told (log-in page, the socket's closing frame)."""
        if self.kind == SanctionKind.BAN:
            return f"账号已封禁 Your account is banned: {self.reason}"
        until = timezone.localtime(self.until).strftime("%Y-%m-%d %H:%M") if self.until else ""
        return f"账号暂停至 {until} Your account is suspended until {until}: {self.reason}"
