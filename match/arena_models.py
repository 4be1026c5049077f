"""Arena tournaments (竞技场) in the match zone: an event with a start and an end that players join together.

Lichess's arenas are the model: join at any time while it runs, get seated as soon as a table's worth of
players is free, score by results, watch the standings move, leave whenever you like. Invariants:
- one `ArenaEntry` per (arena, player); its fee is posted once (ledger key `arena:<id>:fee:<user>`) and
  refunded once if the arena is cancelled (`arena:<id>:refund:<user>`);
- an `ArenaTable` is one table playing one hand of the arena; its players go back to the pool when it settles;
- `ArenaScore` rows are append-only, one per (hand, seat), written in the hand's settlement transaction;
- `ArenaPlace` rows (the frozen standings, with each place's prize) are written once, when the arena ends,
  and each prize is a ledger grant with its own key (`arena:<id>:prize:<rank>`): paid exactly once.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, ClassVar

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from config.append_only import AppendOnlyModel

DEFAULT_POOL_SPLIT = [50, 30, 20]  # percent of the fees' pool to the first, second and third place


class ArenaStatus(models.TextChoices):
    SCHEDULED = "scheduled", _("未开始")
    RUNNING = "running", _("进行中")
    FINISHING = "finishing", _("最后几局")  # time is up: the running hands finish, nobody is seated again
    FINISHED = "finished", _("已结束")
    CANCELLED = "cancelled", _("已取消")


OPEN_STATUSES = (ArenaStatus.SCHEDULED, ArenaStatus.RUNNING)  # a player may join


class Arena(models.Model):
    """An arena event in one match room: its time, its entry fee and prize table, its state."""

    name = models.CharField(_("名称"), max_length=64)
    room = models.ForeignKey("tables.Room", on_delete=models.PROTECT, related_name="arenas", verbose_name=_("房间"))
    starts_at = models.DateTimeField(_("开始时间"), db_index=True)
    minutes = models.PositiveSmallIntegerField(
        _("时长（分钟）"), default=60, validators=[MinValueValidator(1), MaxValueValidator(24 * 60)]
    )
    entry_fee = models.PositiveIntegerField(_("报名费"), default=0, help_text=_("游戏币，进入奖池；0 为免费"))
    prizes = models.JSONField(
        _("保底奖金"), default=list, blank=True, help_text=_("平台为各名次出的游戏币，第一名在前，如 [3000, 1000, 500]")
    )
    pool_split = models.JSONField(
        _("奖池分配"), default=list, blank=True, help_text=_("报名费奖池分给各名次的百分比，例如 [50, 30, 20]")
    )
    min_hands = models.PositiveSmallIntegerField(_("最少局数"), default=3, help_text=_("打满这么多局才进入排名"))
    bot_wait_seconds = models.PositiveSmallIntegerField(
        _("机器人补位等待（秒）"), default=30, help_text=_("等了这么久仍凑不满一桌，就与机器人同桌（机器人不计分）")
    )
    status = models.CharField(
        _("状态"), max_length=10, choices=ArenaStatus.choices, default=ArenaStatus.SCHEDULED, db_index=True
    )
    schedule_key = models.CharField(
        _("日程键"), max_length=64, unique=True, null=True, blank=True, editable=False,
        help_text=_("按日程自动创建的竞技场，例如 daily:guangdong:10:2026-12-07"),
    )  # fmt: skip
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        verbose_name=_("创建人"),
    )  # fmt: skip
    created_at = models.DateTimeField(_("创建时间"), auto_now_add=True)
    finished_at = models.DateTimeField(_("结束时间"), null=True, blank=True, editable=False)
    cancelled_at = models.DateTimeField(_("取消时间"), null=True, blank=True, editable=False)
    cancel_reason = models.TextField(_("取消原因"), blank=True, editable=False)

    class Meta:
        verbose_name = _("竞技场")
        verbose_name_plural = _("竞技场")
        ordering = ("-starts_at", "-id")
        permissions = (("cancel_arena", "Can cancel an arena (its fees are refunded)"),)

    def __str__(self) -> str:
        return self.name

    @property
    def ends_at(self) -> datetime:
        return self.starts_at + timedelta(minutes=self.minutes)

    def is_open(self) -> bool:
        """Whether players may join (scheduled or running, before its end)."""
        return self.status in OPEN_STATUSES and self.ends_at > timezone.now()

    def house_prize(self, rank: int) -> int:
        table = [int(p) for p in self.prizes or []]
        return table[rank - 1] if 1 <= rank <= len(table) else 0

    def pool_share(self, rank: int) -> int:
        """The percent of the fees' pool `rank` takes (the default split when none is set and there is a fee)."""
        split = [int(p) for p in (self.pool_split or (DEFAULT_POOL_SPLIT if self.entry_fee else []))]
        return split[rank - 1] if 1 <= rank <= len(split) else 0


# The standings' order, the one place it is said (pairing, live standings, the frozen places): points, then
# fewer hands, then who reached the points first, then who joined first.
STANDING_ORDER = ("-points", "hands", "reached_at", "joined_at", "id")


class EntryState(models.TextChoices):
    WAITING = "waiting", _("等待配桌")
    PLAYING = "playing", _("对局中")
    PAUSED = "paused", _("暂停")  # left a table (an escape) or the arena's room no longer admits them
    WITHDRAWN = "withdrawn", _("已退出")


class ArenaEntry(models.Model):
    """A player's part in an arena: their fee, where they are (waiting, playing, paused, withdrawn) and
    their running score (kept in step with their `ArenaScore` rows, in the same transactions)."""

    arena = models.ForeignKey(Arena, on_delete=models.PROTECT, related_name="entries", verbose_name=_("竞技场"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="arena_entries", verbose_name=_("玩家")
    )
    address = models.CharField(
        _("客户端地址摘要"),
        max_length=64,
        blank=True,
        db_index=True,
        help_text=_("报名时客户端地址的密钥摘要（不存地址本身）"),
    )
    state = models.CharField(_("状态"), max_length=10, choices=EntryState.choices, default=EntryState.WAITING)
    waiting_since = models.DateTimeField(_("开始等待"), null=True, blank=True)
    table = models.ForeignKey(
        "tables.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("牌桌")
    )
    last_company = models.JSONField(_("上一桌"), default=list, blank=True, help_text=_("上一桌全是真人时的玩家编号"))
    fee_transaction = models.OneToOneField(
        "ledger.Transaction", null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        verbose_name=_("报名费交易"),
    )  # fmt: skip
    refund_transaction = models.OneToOneField(
        "ledger.Transaction", null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        verbose_name=_("退款交易"),
    )  # fmt: skip
    points = models.PositiveIntegerField(_("积分"), default=0)
    hands = models.PositiveIntegerField(_("局数"), default=0)
    wins = models.PositiveIntegerField(_("胜局"), default=0)
    streak = models.PositiveSmallIntegerField(_("连胜"), default=0)
    reached_at = models.PositiveBigIntegerField(_("达到时刻"), default=0, help_text=_("达到当前积分的记录编号"))
    joined_at = models.DateTimeField(_("报名时间"), default=timezone.now)

    class Meta:
        verbose_name = _("竞技场报名")
        verbose_name_plural = _("竞技场报名")
        ordering = ("arena", *STANDING_ORDER)
        constraints: ClassVar[list[Any]] = [
            models.UniqueConstraint(fields=("arena", "user"), name="arena_one_entry_per_player"),
        ]
        indexes: ClassVar[list[Any]] = [models.Index(fields=("arena", "state"))]

    def __str__(self) -> str:
        return f"{self.arena} · {self.user}"


class ArenaTable(models.Model):
    """A table of the arena: it plays one hand, then closes and its players go back to the pool."""

    arena = models.ForeignKey(Arena, on_delete=models.PROTECT, related_name="tables", verbose_name=_("竞技场"))
    table = models.OneToOneField(
        "tables.Table", on_delete=models.PROTECT, related_name="arena_table", verbose_name=_("牌桌")
    )
    players = models.JSONField(_("玩家"), default=list, help_text=_("各座位的玩家编号，机器人为 null"))
    created_at = models.DateTimeField(_("时间"), default=timezone.now)

    class Meta:
        verbose_name = _("竞技场牌桌")
        verbose_name_plural = _("竞技场牌桌")
        ordering = ("-id",)


class ArenaScore(AppendOnlyModel):
    """One player's result in one arena hand: the 龙珠 rule's points (番 of the win, at least 1), doubled on
    a streak (the second and later consecutive wins), 0 otherwise. Written once per (hand, seat)."""

    arena = models.ForeignKey(Arena, on_delete=models.PROTECT, related_name="scores", verbose_name=_("竞技场"))
    hand = models.ForeignKey("tables.Hand", on_delete=models.PROTECT, related_name="+", verbose_name=_("牌局"))
    seat = models.PositiveSmallIntegerField(_("座位"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("玩家")
    )
    won = models.BooleanField(_("胜出"), default=False)
    escaped = models.BooleanField(_("逃跑"), default=False)
    fan = models.PositiveIntegerField(_("番数"), default=0)
    doubled = models.BooleanField(_("连胜翻倍"), default=False)
    points = models.PositiveIntegerField(_("积分"), default=0)
    created_at = models.DateTimeField(_("时间"), default=timezone.now)

    class Meta:
        verbose_name = _("竞技场得分")
        verbose_name_plural = _("竞技场得分")
        ordering = ("id",)
        constraints: ClassVar[list[Any]] = [
            models.UniqueConstraint(fields=("hand", "seat"), name="arena_one_score_per_hand_seat"),
            models.CheckConstraint(condition=Q(won=True) | Q(points=0), name="arena_only_winners_score"),
        ]
        indexes: ClassVar[list[Any]] = [models.Index(fields=("arena", "user"))]

    def __str__(self) -> str:
        return f"{self.user} +{self.points} (hand {self.hand_id})"


class ArenaPlace(AppendOnlyModel):
    """A row of an ended arena's frozen standings, with the prize its place earned (and the grant paying it)."""

    arena = models.ForeignKey(Arena, on_delete=models.PROTECT, related_name="places", verbose_name=_("竞技场"))
    rank = models.PositiveIntegerField(_("名次"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="arena_places", verbose_name=_("玩家")
    )
    points = models.PositiveIntegerField(_("积分"))
    hands = models.PositiveIntegerField(_("局数"))
    wins = models.PositiveIntegerField(_("胜局"))
    prize = models.PositiveBigIntegerField(_("奖金"), default=0)
    transaction = models.OneToOneField(
        "ledger.Transaction", null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        verbose_name=_("奖金交易"),
    )  # fmt: skip

    class Meta:
        verbose_name = _("竞技场名次")
        verbose_name_plural = _("竞技场名次")
        ordering = ("arena", "rank")
        constraints: ClassVar[list[Any]] = [
            models.UniqueConstraint(fields=("arena", "rank"), name="arena_one_place_per_rank"),
            models.UniqueConstraint(fields=("arena", "user"), name="arena_one_place_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.arena} #{self.rank} {self.user}"
