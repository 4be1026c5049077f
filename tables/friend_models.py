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


class RematchStatus(models.TextChoices):
    PENDING = "pending", _("等待大家接受")
    STARTED = "started", _("已开始")
    DECLINED = "declined", _("有人不来了")
    LEFT = "left", _("有人离开了")
    EXPIRED = "expired", _("已过期")


# A rematch that still holds its session: asked and not yet answered by all, or started.
LIVE_REMATCH = (RematchStatus.PENDING, RematchStatus.STARTED)


class Rematch(models.Model):
    """再来一场: a finished session's players asked to play another with the same settings.

    The players are the people at the session's last hand; each must accept. When the last one does, the
    new session starts (`started`); one who declines, or leaves (sits at another table), ends it, and so
    does its expiry (as a waiting room's). A session has at most one live rematch (pending or started)."""

    session = models.ForeignKey(
        FriendRoom, on_delete=models.CASCADE, related_name="rematches", verbose_name=_("上一场")
    )
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("提议人")
    )
    players = models.JSONField(_("玩家"), default=list, help_text=_("上一场最后一局的真人玩家（按座位）"))
    accepted = models.JSONField(_("已接受"), default=list, blank=True)
    status = models.CharField(
        _("状态"), max_length=8, choices=RematchStatus.choices, default=RematchStatus.PENDING, db_index=True
    )
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        verbose_name=_("谁取消的"), help_text=_("拒绝或离开的玩家"),
    )  # fmt: skip
    expires_at = models.DateTimeField(_("过期时间"), help_text=_("到时仍有人没接受，再来一场取消"))
    started = models.OneToOneField(
        FriendRoom, null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch_of",
        verbose_name=_("新的一场"),
    )  # fmt: skip
    created_at = models.DateTimeField(_("创建时间"), auto_now_add=True)
    updated_at = models.DateTimeField(_("更新时间"), auto_now=True)

    class Meta:
        verbose_name = _("再来一场")
        verbose_name_plural = _("再来一场")
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["session"], condition=models.Q(status__in=LIVE_REMATCH), name="one_live_rematch_per_session"
            ),
        ]

    def __str__(self) -> str:
        return str(_("再来一场 #%(id)s")) % {"id": self.pk}

    @property
    def waiting_for(self) -> list[int]:
        """The players who have not accepted yet (seat order)."""
        return [p for p in self.players if p not in self.accepted]
