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

POLICY_FIELDS = ("welcome_enabled", "welcome_amount", "relief_enabled", "relief_amount", "relief_per_day")


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
