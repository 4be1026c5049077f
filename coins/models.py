"""The operators' settings for the coins the platform gives players: the welcome grant and relief (救济金).

One row (`CoinPolicy.current()`), created with its defaults by migration 0002,
edited in the admin by the `finance` role (every change is audited) and read
afresh by every sign-up and every claim, so a change applies at once.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

# The defaults the migration writes: the welcome grant seats a new player in the lowest room
# (底 10 admits 160–3000 coins); relief lifts a broke player back into it, three times a day.
DEFAULT_WELCOME_AMOUNT = 2000
DEFAULT_RELIEF_AMOUNT = 1000
DEFAULT_RELIEF_PER_DAY = 3
# Against coin farming (a feeder account losing to a friend at a private table, then claiming relief):
# relief needs this many hands in public rooms since the last claim (or since sign-up); pairs of accounts
# are scored over this many days, counting pairs that sat together at least this many hands.
DEFAULT_RELIEF_PUBLIC_HANDS = 1
DEFAULT_RISK_WINDOW_DAYS = 7
DEFAULT_RISK_MIN_HANDS = 5

POLICY_FIELDS = (
    "welcome_enabled",
    "welcome_amount",
    "relief_enabled",
    "relief_amount",
    "relief_per_day",
    "relief_public_hands",
    "risk_window_days",
    "risk_min_hands",
)


class CoinPolicy(models.Model):
    """How many coins a new account receives, and how much relief a broke player may claim per day."""

    welcome_enabled = models.BooleanField(_("发放新手礼包"), default=True)
    welcome_amount = models.PositiveIntegerField(
        _("新手礼包金额"), default=DEFAULT_WELCOME_AMOUNT, help_text=_("新账号注册时一次性获得的游戏币")
    )
    relief_enabled = models.BooleanField(_("发放救济金"), default=True)
    relief_amount = models.PositiveIntegerField(
        _("救济金金额"), default=DEFAULT_RELIEF_AMOUNT, help_text=_("余额不足入座时每次可领取的游戏币")
    )
    relief_per_day = models.PositiveSmallIntegerField(
        _("每日救济次数"), default=DEFAULT_RELIEF_PER_DAY, help_text=_("按站点时区的自然日计算")
    )
    relief_public_hands = models.PositiveSmallIntegerField(
        _("领救济前需打的公共房间局数"),
        default=DEFAULT_RELIEF_PUBLIC_HANDS,
        help_text=_("自上次领取救济金（或注册）以来在公共房间打完的局数；0 表示不要求"),
    )
    risk_window_days = models.PositiveSmallIntegerField(
        _("风控统计天数"), default=DEFAULT_RISK_WINDOW_DAYS, help_text=_("同桌账号对按最近多少天的牌局评分")
    )
    risk_min_hands = models.PositiveSmallIntegerField(
        _("风控同桌局数下限"), default=DEFAULT_RISK_MIN_HANDS, help_text=_("同桌少于这么多局的账号对不评分")
    )
    updated_at = models.DateTimeField(_("修改时间"), auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        verbose_name = _("游戏币发放设置")
        verbose_name_plural = _("游戏币发放设置")
        constraints: ClassVar[list[Any]] = [
            models.CheckConstraint(condition=Q(pk=1), name="coins_one_policy_row"),
            models.CheckConstraint(condition=Q(welcome_amount__gt=0), name="coins_welcome_amount_positive"),
            models.CheckConstraint(condition=Q(relief_amount__gt=0), name="coins_relief_amount_positive"),
            models.CheckConstraint(condition=Q(relief_per_day__gt=0), name="coins_relief_per_day_positive"),
            models.CheckConstraint(condition=Q(risk_window_days__gt=0), name="coins_risk_window_positive"),
        ]

    def __str__(self) -> str:
        return str(_("游戏币发放设置"))

    @classmethod
    def current(cls) -> CoinPolicy:
        """The settings in force (the migrated defaults if the row was never written, e.g. after a test flush)."""
        policy, _created = cls.objects.get_or_create(pk=1)
        return policy

    def as_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in POLICY_FIELDS}


class RiskPair(models.Model):
    """Two accounts that keep sitting together, scored by the beat task `coins.tasks.score_pairs` (风控).

    Written afresh by each scoring run over the policy's window: how many hands they shared, the
    coins that flowed from one to the other in those hands (settlements and escape penalties), and
    the score that orders the operators' review: hands together x how one-sided the flow is."""

    first = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("账号（前者）")
    )
    second = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("账号（后者）")
    )
    hands_together = models.PositiveIntegerField(_("同桌局数"))
    private_hands = models.PositiveIntegerField(_("私人牌桌局数"))
    to_first = models.PositiveIntegerField(_("流向前者的游戏币"))
    to_second = models.PositiveIntegerField(_("流向后者的游戏币"))
    score = models.FloatField(_("风险分"))
    shared_client = models.BooleanField(_("共用网络地址或设备"), default=False)
    hands = models.JSONField(_("牌局"), default=list, help_text=_("同桌牌局的编号（最近的在前，最多 50 个）"))
    scored_at = models.DateTimeField(_("评分时间"))

    class Meta:
        ordering = ("-score", "-hands_together")
        verbose_name = _("风控账号对")
        verbose_name_plural = _("风控账号对")
        # The 风控 page's action (operations.admin.risk): freezing an account is a ban, but finance, who
        # reads the pairs, does not hold support's general `sanction_user`.
        permissions = (("freeze_account", "Can freeze and unfreeze the accounts of 风控 pairs"),)
        constraints: ClassVar[list[Any]] = [
            models.UniqueConstraint(fields=["first", "second"], name="coins_one_row_per_pair"),
            models.CheckConstraint(condition=Q(first__lt=models.F("second")), name="coins_pair_ordered"),
        ]

    def __str__(self) -> str:
        return f"{self.first_id} ~ {self.second_id}: {self.score:.1f}"

    @property
    def one_sidedness(self) -> float:
        """0 when the coins flowed both ways alike, 1 when all went one way."""
        moved = self.to_first + self.to_second
        return abs(self.to_first - self.to_second) / moved if moved else 0.0
