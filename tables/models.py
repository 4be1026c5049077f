"""Rooms, tables, seats, hands and the append-only logs that make a table's truth.

The database holds the authoritative state of every table so that any daphne
or Celery process can serve any table: a `Table` row carries a version number
(one per event), each `Hand` its seed, commitment and serialised engine state,
`ActionLog` every applied action (so any hand can be replayed) and `TableEvent`
every event with what each seat may see of it (so a reconnecting client can be
sent exactly what it missed).
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from config.append_only import AppendOnlyError as AppendOnlyError
from config.append_only import AppendOnlyModel
from config.json_text import dumps as json_dumps
from engine import bot_levels, variants
from engine.hand_script import SCRIPTED_OPTIONS
from tables.view_delta import seat_view

VARIANT_CHOICES = [
    ("pinghe", _("平和麻将")),
    ("nanping", _("南平麻将")),
    ("erren", _("二人麻将")),
    ("guangdong", _("广东鸡平胡")),
]
VARIANT_IDS = frozenset(v for v, _name in VARIANT_CHOICES)  # the games the site offers (each an engine game)


def seats_of(variant: str) -> int:
    """How many seats the game's table has: the engine's rules say (`Variant.n_seats`)."""
    return variants.get(variant).n_seats


# Table options a private table's creator may set; values are handed to the
# engine's `new_hand(options=...)` untouched (see Table.effective_options).
# 喊金: the dealer names the gold before the deal (pinghe); the engine's option name (engine.hand.new_hand).
HANJIN_OPTION = "named_gold"
KNOWN_OPTIONS = {HANJIN_OPTION}
KNOWN_OPTIONS |= {"swap_probability", "pick_probability"}  # erren 游戏中换牌 / 搓牌 (docs/rules/erren.md)


# The bots' levels (engine.bot_levels) as operators read them.
BOT_LEVEL_LABELS = {"easy": pgettext_lazy("bot level", "简单"), "normal": pgettext_lazy("bot level", "普通")}
BOT_LEVEL_CHOICES = [(name, BOT_LEVEL_LABELS.get(name, name)) for name in bot_levels.LEVELS]


def new_invite_code() -> str:
    """An 8-character code that is hard to guess and easy to type."""
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    return "".join(secrets.choice(alphabet) for _ in range(8))


class Room(models.Model):
    """One variant at one stake bracket, with the timers and options of its tables."""

    variant = models.CharField(_("玩法"), max_length=16, choices=VARIANT_CHOICES)
    base = models.PositiveIntegerField(_("底"), help_text=_("所在档位的底注（游戏币）"))
    name = models.CharField(_("名称"), max_length=64, blank=True)
    turn_seconds = models.PositiveIntegerField(_("出牌时限（秒）"), default=20, help_text=_("出牌或宣告的时间"))
    claim_seconds = models.PositiveIntegerField(
        _("吃碰时限（秒）"), default=8, help_text=_("吃、碰、杠、胡别人打出的牌的时间")
    )
    grace_seconds = models.PositiveIntegerField(
        _("断线宽限（秒）"), default=60, help_text=_("断线后算作逃跑之前的宽限时间")
    )
    bot_wait_seconds = models.PositiveIntegerField(
        _("机器人补位等待（秒）"), default=15, help_text=_("机器人补空位之前的等待时间")
    )
    between_hands_seconds = models.PositiveIntegerField(
        _("准备时限（秒）"),
        default=15,
        help_text=_("一局结算后等玩家准备的时间：人人准备即开局，到时未准备的玩家离座（不扣游戏币）"),
    )
    options = models.JSONField(_("选项"), default=dict, blank=True, help_text=_('例如 {"named_gold": true}（喊金）'))
    bot_level = models.CharField(
        _("机器人水平"),
        max_length=16,
        choices=BOT_LEVEL_CHOICES,
        default=bot_levels.DEFAULT,
        help_text=_("补位机器人的水平（托管总是“普通”）"),
    )
    bot_think_min_ms = models.PositiveIntegerField(
        _("机器人思考时间下限（毫秒）"), default=800, help_text=_("有真人在座时，机器人出牌前至少等待的时间")
    )
    bot_think_max_ms = models.PositiveIntegerField(
        _("机器人思考时间上限（毫秒）"), default=2000, help_text=_("有真人在座时，机器人出牌前最多等待的时间")
    )

    class Meta:
        verbose_name = _("房间")
        verbose_name_plural = _("房间")
        ordering = ["variant", "base"]
        constraints = [
            models.UniqueConstraint(fields=["variant", "base"], name="one_room_per_variant_bracket"),
            models.CheckConstraint(
                condition=Q(bot_think_min_ms__lte=models.F("bot_think_max_ms")), name="bot_think_min_not_above_max"
            ),
        ]

    def __str__(self) -> str:
        return self.name or f"{self.get_variant_display()} · {gettext('底')} {self.base}"

    @property
    def n_seats(self) -> int:
        return seats_of(self.variant)


class TableStatus(models.TextChoices):
    WAITING = "waiting", _("等待玩家")
    PLAYING = "playing", _("牌局进行中")
    BETWEEN = "between", _("局间")
    CLOSED = "closed", _("已关闭")


class Table(models.Model):
    """A table in a room. `version` counts its events; it only ever grows."""

    room = models.ForeignKey(Room, on_delete=models.PROTECT, related_name="tables", verbose_name=_("房间"))
    private = models.BooleanField(_("私人牌桌"), default=False)
    invite_code = models.CharField(_("邀请码"), max_length=8, unique=True, null=True, blank=True)
    options = models.JSONField(_("选项"), default=dict, blank=True, help_text=_("覆盖房间的选项"))
    status = models.CharField(_("状态"), max_length=8, choices=TableStatus.choices, default=TableStatus.WAITING)
    version = models.PositiveIntegerField(_("版本"), default=0)
    dealer = models.PositiveSmallIntegerField(_("庄家"), default=0)
    streak = models.PositiveIntegerField(_("连庄"), default=1, help_text=_("第一次坐庄为 1"))
    hands_played = models.PositiveIntegerField(_("已打局数"), default=0)
    bots_at = models.DateTimeField(_("机器人补位时间"), null=True, blank=True, help_text=_("机器人补空位的时间"))
    next_hand_at = models.DateTimeField(_("下一局开始时间"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("创建人")
    )
    created_at = models.DateTimeField(_("创建时间"), auto_now_add=True)

    class Meta:
        verbose_name = _("牌桌")
        verbose_name_plural = _("牌桌")
        ordering = ["id"]

    def __str__(self) -> str:
        return gettext("牌桌 %(id)s（%(room)s）") % {"id": self.pk, "room": self.room}

    @property
    def effective_options(self) -> dict[str, Any]:
        """The options the next deal gets: the room's, then the table's.

        A scripted wall or dice (engine.hand_script) would replace the committed seed's
        shuffle, so they are dropped unless settings.TABLES_ALLOW_SCRIPTED_DEALS (tests only).
        """
        options = {**self.room.options, **self.options}
        if settings.TABLES_ALLOW_SCRIPTED_DEALS:
            return options
        return {k: v for k, v in options.items() if k not in SCRIPTED_OPTIONS}

    def current_hand(self) -> Hand | None:
        return self.hands.filter(status=HandStatus.PLAYING).first()


class Seat(models.Model):
    """A chair at a table: empty, a player, or a bot. `auto` = 托管 (the bot plays it)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("牌桌"))
    index = models.PositiveSmallIntegerField(_("座位号"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, verbose_name=_("玩家")
    )
    is_bot = models.BooleanField(_("机器人"), default=False)
    auto = models.BooleanField(_("托管"), default=False, help_text=_("由机器人代打，直到玩家自己操作"))
    connections = models.PositiveIntegerField(_("连接数"), default=0)
    last_seen = models.DateTimeField(_("最后在线"), null=True, blank=True, help_text=_("玩家连接最后一次有响应的时间"))
    disconnected_at = models.DateTimeField(_("断线时间"), null=True, blank=True)
    leaving = models.BooleanField(_("离座中"), default=False, help_text=_("已逃跑或离开：本局结束后让出座位"))
    ready = models.BooleanField(_("已准备"), default=False)

    class Meta:
        verbose_name = _("座位")
        verbose_name_plural = _("座位")
        ordering = ["table", "index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="one_seat_per_index"),
            models.UniqueConstraint(
                fields=["table", "user"], condition=Q(user__isnull=False), name="one_seat_per_user_per_table"
            ),
            models.CheckConstraint(condition=~(Q(is_bot=True) & Q(user__isnull=False)), name="bot_seat_has_no_user"),
        ]

    def __str__(self) -> str:
        return gettext("牌桌 %(table)s 的座位 %(index)s") % {"table": self.table_id, "index": self.index}

    @property
    def empty(self) -> bool:
        return self.user_id is None and not self.is_bot

    @property
    def bot_plays(self) -> bool:
        """Whether the bot decides for this seat right now (a bot, 托管, or a leaver)."""
        return self.is_bot or self.auto or self.leaving

    @property
    def shown_name(self) -> str:
        if self.is_bot:
            return gettext("机器人 %(n)d") % {"n": self.index + 1}
        return self.user.shown_name if self.user else ""  # type: ignore[union-attr]


class HandStatus(models.TextChoices):
    PLAYING = "playing", _("进行中")
    FINISHED = "finished", _("已结束")


class QuickJSONField(models.JSONField):  # type: ignore[type-arg]
    """A JSONField written with orjson on PostgreSQL (a hand's state and its events are written on every
    table action; the standard library's encoder was most of the time psycopg spent on them).

    It migrates as Django's own JSONField (`deconstruct`): the column is the same `jsonb`, and a new
    field class would make a migration that rebuilds the table on SQLite for nothing."""

    def get_db_prep_value(self, value: Any, connection: Any, prepared: bool = False) -> Any:
        adapted = super().get_db_prep_value(value, connection, prepared)
        if self.encoder is None and connection.vendor == "postgresql":
            from psycopg.types.json import Jsonb  # only on PostgreSQL: SQLite installs need no psycopg

            if isinstance(adapted, Jsonb):
                return Jsonb(adapted.obj, dumps=json_dumps)
        return adapted

    def deconstruct(self) -> Any:
        name, _path, args, kwargs = super().deconstruct()
        return name, "django.db.models.JSONField", args, kwargs


class Hand(models.Model):
    """One hand: the seed (secret until the end), its commitment, the engine state."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="hands", verbose_name=_("牌桌"))
    number = models.PositiveIntegerField(_("局号"))
    variant = models.CharField(_("玩法"), max_length=16, choices=VARIANT_CHOICES)
    base = models.PositiveIntegerField(_("底"))
    options = models.JSONField(_("选项"), default=dict, blank=True)
    seed = models.CharField(_("种子"), max_length=128)
    commitment = models.CharField(_("种子承诺"), max_length=64, help_text=_("种子的 sha256，发牌前公布"))
    dealer = models.PositiveSmallIntegerField(_("庄家"))
    streak = models.PositiveIntegerField(_("连庄"))
    players = models.JSONField(_("玩家"), default=list, help_text=_("每个座位发牌时的用户编号（含平台机器人）"))
    bots = models.JSONField(_("机器人座位"), default=list, help_text=_("从发牌起由平台机器人打的座位"))
    state = QuickJSONField(_("牌局状态"), help_text=_("引擎的 HandState.to_json()"))
    state_version = models.PositiveIntegerField(_("状态版本"), default=0, help_text=_("引擎状态的版本"))
    deadline = models.DateTimeField(_("行动截止"), null=True, blank=True, help_text=_("待行动座位的超时时间"))
    bot_due = models.DateTimeField(
        _("机器人行动时间"), null=True, blank=True, help_text=_("有真人在座时，机器人想好之后出牌的时间")
    )
    # The room's timers at the deal: an operator's change reaches the next hand, never a running one.
    turn_seconds = models.PositiveIntegerField(_("出牌时限（秒）"), default=20, help_text=_("发牌时房间的出牌时限"))
    claim_seconds = models.PositiveIntegerField(_("吃碰时限（秒）"), default=8, help_text=_("发牌时房间的吃碰时限"))
    grace_seconds = models.PositiveIntegerField(_("断线宽限（秒）"), default=60, help_text=_("发牌时房间的断线宽限"))
    status = models.CharField(_("状态"), max_length=8, choices=HandStatus.choices, default=HandStatus.PLAYING)
    sheet = models.JSONField(_("结算单"), null=True, blank=True, help_text=_("引擎的 SettlementSheet.to_json()"))
    settled = models.BooleanField(_("已结算"), default=False, help_text=_("已记入账本"))
    started_at = models.DateTimeField(_("开始时间"), auto_now_add=True)
    finished_at = models.DateTimeField(_("结束时间"), null=True, blank=True)

    class Meta:
        verbose_name = _("牌局")
        verbose_name_plural = _("牌局")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="hand_number_per_table"),
            models.UniqueConstraint(fields=["table"], condition=Q(status="playing"), name="one_running_hand_per_table"),
        ]
        indexes = [
            models.Index(fields=["status", "deadline"]),
            models.Index(fields=["status", "settled"]),
            models.Index(fields=["status", "bot_due"]),
        ]

    def __str__(self) -> str:
        return gettext("牌桌 %(table)s 第 %(number)s 局") % {"table": self.table_id, "number": self.number}

    def seat_of(self, user_id: int) -> int | None:
        return self.players.index(user_id) if user_id in self.players else None


class ActionSource(models.TextChoices):
    PLAYER = "player", _("玩家")
    BOT = "bot", _("机器人")
    TIMER = "timer", _("超时（托管）")


class ValuesJSONField(QuickJSONField):
    """A JSONField that PostgreSQL bulk inserts take row by row, as VALUES (%s, ...), not as UNNEST of arrays.

    Django 5.2 inserts several rows as UNNEST(array, ...) to spare the planner; psycopg then quotes every
    JSON document into an array literal in Python, which cost a table action more than twice the
    insert of its events (1.6 ms vs 0.7 ms CPU for three rows). A field with `get_placeholder` opts out.
    """

    def get_placeholder(self, value: Any, compiler: Any, connection: Any) -> str:
        return "%s"

    def deconstruct(self) -> Any:
        return models.JSONField.deconstruct(self)  # migrates as itself (migration 0013), not as JSONField


class ActionLog(AppendOnlyModel):
    """Append-only: every applied action of every hand, in order (any hand can be replayed from it)."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="actions", verbose_name=_("牌桌"))
    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="actions", verbose_name=_("牌局"))
    seat = models.PositiveSmallIntegerField(_("座位"))
    client_id = models.CharField(_("客户端编号"), max_length=64, null=True, blank=True)
    source = models.CharField(_("来源"), max_length=8, choices=ActionSource.choices)
    action = ValuesJSONField(_("动作"))
    state_version = models.PositiveIntegerField(_("状态版本"), help_text=_("动作所作用的引擎状态版本"))
    table_version = models.PositiveIntegerField(_("牌桌版本"), help_text=_("动作产生的事件之后的牌桌版本"))
    created_at = models.DateTimeField(_("时间"), auto_now_add=True)

    class Meta:
        verbose_name = _("动作记录")
        verbose_name_plural = _("动作记录")
        ordering = ["hand", "state_version"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "seat", "client_id"],
                condition=Q(client_id__isnull=False),
                name="client_action_id_once_per_seat",
            ),
            models.UniqueConstraint(fields=["hand", "state_version"], name="one_action_per_hand_version"),
        ]


class TableEvent(models.Model):
    """One versioned event, stored once for every audience: `public` (what spectators see) and, for each
    seat told something else, `seats[str(seat)]`: a delta over the public view (tables.view_delta), or
    None when that seat is not told about the event. A public view of None: spectators are not told.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events", verbose_name=_("牌桌"))
    version = models.PositiveIntegerField(_("版本"))
    hand = models.ForeignKey(
        Hand, null=True, blank=True, on_delete=models.CASCADE, related_name="events", verbose_name=_("牌局")
    )
    kind = models.CharField(_("类型"), max_length=32)
    public = ValuesJSONField(_("公开视图"), null=True, blank=True)
    seats = ValuesJSONField(_("各座位差异"), default=dict, blank=True)
    created_at = models.DateTimeField(_("时间"), auto_now_add=True)

    class Meta:
        verbose_name = _("牌桌事件")
        verbose_name_plural = _("牌桌事件")
        ordering = ["table", "version"]
        constraints = [models.UniqueConstraint(fields=["table", "version"], name="event_version_per_table")]

    def view_for(self, seat: int | None) -> dict[str, Any] | None:
        """What `seat` (None: a spectator) is told of this event, or None."""
        view = seat_view(self.public, self.seats, seat)
        return view if view is None else dict(view)


class Escape(models.Model):
    """逃跑: a seat that left a running hand; the penalty is applied exactly once."""

    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="escapes", verbose_name=_("牌局"))
    seat = models.PositiveSmallIntegerField(_("座位"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, verbose_name=_("玩家"))
    reason = models.CharField(_("原因"), max_length=16, choices=[("left", _("主动离开")), ("timeout", _("断线超时"))])
    penalized = models.BooleanField(_("已罚"), default=False)
    created_at = models.DateTimeField(_("时间"), auto_now_add=True)

    class Meta:
        verbose_name = _("逃跑记录")
        verbose_name_plural = _("逃跑记录")
        constraints = [models.UniqueConstraint(fields=["hand", "seat"], name="one_escape_per_hand_seat")]


class HandReview(models.Model):
    """牌谱分析: one seat's review of a finished hand (engine.review JSON), computed once after
    settlement by a task (tables.tasks.review_hand), so opening it is instant. Shown only to the
    seat's player and to operators."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="reviews")
    seat = models.PositiveSmallIntegerField()
    data = models.JSONField(help_text="engine.review.HandReview.to_json(): the decisions and the summary")
    efficiency = models.PositiveSmallIntegerField(null=True, blank=True, help_text="percent, for lists")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hand", "seat"]
        constraints = [models.UniqueConstraint(fields=["hand", "seat"], name="one_review_per_hand_seat")]

    def __str__(self) -> str:
        return f"review of seat {self.seat}, {self.hand}"


from tables.friend_models import FriendRoom as FriendRoom  # noqa: E402  (好友房: its own module, same app)
from tables.friend_models import Rematch as Rematch  # noqa: E402  (再来一场)
