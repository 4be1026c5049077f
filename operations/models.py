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
from django.utils.translation import gettext_lazy as _

from accounts.services import session_ended_text
from config.append_only import AppendOnlyModel


class AuditAction(models.TextChoices):
    GRANT = "grant", _("发放")
    DEBIT = "debit", _("扣除")
    REVERSAL = "reversal", _("冲正")
    SUSPEND = "suspend", _("暂停")
    BAN = "ban", _("封禁")
    LIFT = "lift", _("解除处罚")
    TABLE_CLOSE = "table_close", _("关桌")
    BRACKET_CHANGE = "bracket_change", _("底注调整")
    ROOM_CHANGE = "room_change", _("房间设置")
    WELCOME_GRANT = "welcome_grant", _("新手礼包")
    RELIEF = "relief", _("救济金")
    COIN_POLICY = "coin_policy", _("游戏币发放设置")
    SEASON_CHANGE = "season_change", _("赛季设置")
    PASS_GRANT = "pass_grant", _("赠送通行证")
    PASS_REVOKE = "pass_revoke", _("收回通行证")
    MATCH_ROOM = "match_room", _("比赛专区房间")
    MATCH_PRIZE = "match_prize", _("比赛奖金")
    ARENA_CHANGE = "arena_change", _("竞技场设置")
    ARENA_CANCEL = "arena_cancel", _("取消竞技场")


class AuditEntry(AppendOnlyModel):
    """Who did what, to what, when and why. Written only by `operations.audit.record`."""

    at = models.DateTimeField(_("时间"), default=timezone.now, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("操作人"),
    )
    action = models.CharField(_("操作"), max_length=16, choices=AuditAction.choices, db_index=True)
    target_type = models.CharField(
        _("对象类型"), max_length=16, help_text=_("user、table、hand、transaction、bracket 或 room")
    )
    target_id = models.CharField(_("对象编号"), max_length=64, blank=True)
    target_repr = models.CharField(_("对象"), max_length=200, blank=True)
    subject = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("相关玩家"),
        help_text=_("此操作涉及的玩家（如有）"),
    )
    reason = models.TextField(_("原因"))
    detail = models.JSONField(_("明细"), default=dict, blank=True, help_text=_("变更内容：金额、变更前后、作废的牌局"))

    class Meta:
        ordering = ("-at", "-id")
        verbose_name = _("操作记录")
        verbose_name_plural = _("操作记录")
        permissions = (
            ("sanction_user", "Can suspend, ban and lift players"),
            ("close_table", "Can close a live table (voiding its running hand)"),
            ("view_dashboard", "Can see the operations dashboard"),
        )

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.actor or 'system'} {self.action} {self.target_repr}"


class SanctionKind(models.TextChoices):
    SUSPEND = "suspend", _("暂停")
    BAN = "ban", _("封禁")


class Sanction(models.Model):
    """A player kept out: cannot log in or sit while in force. Lifted by an operator or when `until` passes."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="sanctions", verbose_name=_("用户")
    )
    kind = models.CharField(_("处罚"), max_length=8, choices=SanctionKind.choices)
    reason = models.TextField(_("原因"), help_text=_("会显示给玩家"))
    until = models.DateTimeField(_("截止"), null=True, blank=True, help_text=_("暂停到此时结束；封禁没有截止时间"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+", verbose_name=_("处罚人")
    )
    created_at = models.DateTimeField(_("处罚时间"), default=timezone.now)
    lifted_at = models.DateTimeField(_("解除时间"), null=True, blank=True)
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("解除人"),
    )
    lift_reason = models.TextField(_("解除原因"), blank=True)

    class Meta:
        ordering = ("-created_at", "-id")
        verbose_name = _("处罚")
        verbose_name_plural = _("处罚")
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

    def closing(self) -> tuple[str, dict[str, str]]:
        """The sockets' closing code and its parameters (accounts.services.SESSION_ENDED)."""
        if self.kind == SanctionKind.BAN:
            return "banned", {"reason": self.reason}
        until = timezone.localtime(self.until).strftime("%Y-%m-%d %H:%M") if self.until else ""
        return "suspended", {"until": until, "reason": self.reason}

    def notice(self) -> str:
        """What the player is told (log-in page, the socket's closing frame), in the active language."""
        return session_ended_text(*self.closing())
