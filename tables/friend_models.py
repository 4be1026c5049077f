"""好友房 (friends' rooms): a private table played as a session of a set length among friends.

RULINGS "Friends' rooms": the host chooses the game, the length (hands, or 圈 in the 4-player games),
the game's table options, the stakes (coins at the host's bracket base, or 积分: points only, no
coins move), whether bots may fill seats and whether others may watch. The session is one `Table`
(private, with its invite code); this row holds the settings and, once the last hand is settled, the
final account (总结算) as it was then, so the players' history shows it unchanged.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tables.models import Table


class Stakes(models.TextChoices):
    COINS = "coins", _("游戏币")
    POINTS = "points", _("积分")


class LengthUnit(models.TextChoices):
    HANDS = "hands", _("局")
    ROUNDS = "rounds", _("圈")


class Ending(models.TextChoices):
    NONE = "", _("进行中")
    FINISHED = "finished", _("已打完")
    EXPIRED = "expired", _("未开始，已过期")
    CLOSED = "closed", _("已关闭")


class FriendRoom(models.Model):
    """One session of a friends' room: its settings, its progress (圈 done) and its final account."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="friend_room", verbose_name=_("牌桌"))
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, verbose_name=_("房主"))
    length = models.PositiveSmallIntegerField(_("长度"), help_text=_("局数或圈数"))
    unit = models.CharField(_("单位"), max_length=8, choices=LengthUnit.choices, default=LengthUnit.HANDS)
    stakes = models.CharField(_("输赢"), max_length=8, choices=Stakes.choices, default=Stakes.POINTS)
    bots_allowed = models.BooleanField(_("允许机器人"), default=False)
    spectators_allowed = models.BooleanField(_("允许观战"), default=False)
    expires_at = models.DateTimeField(_("过期时间"), help_text=_("到时仍未开局，房间关闭"))
    rounds_done = models.PositiveSmallIntegerField(_("已打圈数"), default=0)
    ending = models.CharField(_("结束"), max_length=8, choices=Ending.choices, default=Ending.NONE, blank=True)
    finished_at = models.DateTimeField(_("结束时间"), null=True, blank=True)
    players = models.JSONField(_("玩家"), default=list, blank=True, help_text=_("打过这一场的用户编号"))
    account = models.JSONField(_("总结算"), null=True, blank=True)
    created_at = models.DateTimeField(_("创建时间"), auto_now_add=True)

    class Meta:
        verbose_name = _("好友房")
        verbose_name_plural = _("好友房")
        ordering = ["-id"]

    def __str__(self) -> str:
        return str(_("好友房 %(code)s")) % {"code": self.table.invite_code}

    @property
    def points(self) -> bool:
        return self.stakes == Stakes.POINTS
