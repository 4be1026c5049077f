"""Rooms, tables, seats, hands and the append-only logs that make a table's truth.

The database holds the authoritative state of every table so that any daphne
or Celery process can serve any table: a `Table` row carries a version number
(one per event), each `Hand` its seed, commitment and serialised engine state,
`ActionLog` every applied action (so any hand can be replayed) and `TableEvent`
every event already filtered per seat (so a reconnecting client can be sent
exactly what it missed).
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q

from engine.hand_script import SCRIPTED_OPTIONS

VARIANT_CHOICES = [
    ("pinghe", "平和麻将 Pinghe"),
    ("nanping", "南平麻将 Nanping"),
    ("erren", "二人麻将 Erren"),
    ("guangdong", "广东鸡平胡 Guangdong"),
]
SEATS_PER_VARIANT = {"pinghe": 4, "nanping": 4, "erren": 2, "guangdong": 4}

# Table options a private table's creator may set; values are handed to the
# engine's `new_hand(options=...)` untouched (see Table.effective_options).
# 喊金: the dealer names the gold before the deal (pinghe); the engine's option name (engine.hand.new_hand).
HANJIN_OPTION = "named_gold"
KNOWN_OPTIONS = {HANJIN_OPTION}
KNOWN_OPTIONS |= {"swap_probability", "pick_probability"}  # erren 游戏中换牌 / 搓牌 (docs/rules/erren.md)


def new_invite_code() -> str:
    """An 8-character code that is hard to guess and easy to type."""
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    return "".join(secrets.choice(alphabet) for _ in range(8))


class Room(models.Model):
    """One variant at one stake bracket, with the timers and options of its tables."""

    variant = models.CharField(max_length=16, choices=VARIANT_CHOICES)
    base = models.PositiveIntegerField(help_text="底: the bracket's base stake in coins")
    name = models.CharField(max_length=64, blank=True)
    turn_seconds = models.PositiveIntegerField(default=20, help_text="time to discard or declare")
    claim_seconds = models.PositiveIntegerField(default=8, help_text="time to claim a discard")
    grace_seconds = models.PositiveIntegerField(default=60, help_text="reconnect grace before an escape")
    bot_wait_seconds = models.PositiveIntegerField(default=15, help_text="wait before bots fill empty seats")
    between_hands_seconds = models.PositiveIntegerField(default=8, help_text="pause after a settled hand")
    options = models.JSONField(default=dict, blank=True, help_text='e.g. {"named_gold": true} (喊金)')

    class Meta:
        ordering = ["variant", "base"]
        constraints = [models.UniqueConstraint(fields=["variant", "base"], name="one_room_per_variant_bracket")]

    def __str__(self) -> str:
        return self.name or f"{self.get_variant_display()} · 底 {self.base}"

    @property
    def n_seats(self) -> int:
        return SEATS_PER_VARIANT[self.variant]


class TableStatus(models.TextChoices):
    WAITING = "waiting", "waiting for players"
    PLAYING = "playing", "hand running"
    BETWEEN = "between", "between hands"
    CLOSED = "closed", "closed"


class Table(models.Model):
    """A table in a room. `version` counts its events; it only ever grows."""

    room = models.ForeignKey(Room, on_delete=models.PROTECT, related_name="tables")
    private = models.BooleanField(default=False)
    invite_code = models.CharField(max_length=8, unique=True, null=True, blank=True)
    options = models.JSONField(default=dict, blank=True, help_text="overrides the room's options")
    status = models.CharField(max_length=8, choices=TableStatus.choices, default=TableStatus.WAITING)
    version = models.PositiveIntegerField(default=0)
    dealer = models.PositiveSmallIntegerField(default=0)
    streak = models.PositiveIntegerField(default=1, help_text="连庄: 1 for a first dealership")
    hands_played = models.PositiveIntegerField(default=0)
    bots_at = models.DateTimeField(null=True, blank=True, help_text="when bots fill the empty seats")
    next_hand_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"table {self.pk} ({self.room})"

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

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT)
    is_bot = models.BooleanField(default=False)
    auto = models.BooleanField(default=False, help_text="托管: the bot plays this seat until the player acts")
    connections = models.PositiveIntegerField(default=0)
    last_seen = models.DateTimeField(null=True, blank=True, help_text="last sign of life of the player's sockets")
    disconnected_at = models.DateTimeField(null=True, blank=True)
    leaving = models.BooleanField(default=False, help_text="escaped or left: freed when the hand ends")
    ready = models.BooleanField(default=False)

    class Meta:
        ordering = ["table", "index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="one_seat_per_index"),
            models.UniqueConstraint(
                fields=["table", "user"], condition=Q(user__isnull=False), name="one_seat_per_user_per_table"
            ),
            models.CheckConstraint(condition=~(Q(is_bot=True) & Q(user__isnull=False)), name="bot_seat_has_no_user"),
        ]

    def __str__(self) -> str:
        return f"seat {self.index} of table {self.table_id}"

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
            return f"机器人 Bot {self.index + 1}"
        return self.user.shown_name if self.user else ""  # type: ignore[union-attr]


class HandStatus(models.TextChoices):
    PLAYING = "playing", "playing"
    FINISHED = "finished", "finished"


class Hand(models.Model):
    """One hand: the seed (secret until the end), its commitment, the engine state."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="hands")
    number = models.PositiveIntegerField()
    variant = models.CharField(max_length=16, choices=VARIANT_CHOICES)
    base = models.PositiveIntegerField()
    options = models.JSONField(default=dict, blank=True)
    seed = models.CharField(max_length=128)
    commitment = models.CharField(max_length=64, help_text="sha256 of the seed, shown before the deal")
    dealer = models.PositiveSmallIntegerField()
    streak = models.PositiveIntegerField()
    players = models.JSONField(default=list, help_text="per seat: the user id at the deal (house bot users too)")
    bots = models.JSONField(default=list, help_text="the seats a house bot played from the deal")
    state = models.JSONField(help_text="the engine's HandState.to_json()")
    state_version = models.PositiveIntegerField(default=0, help_text="the engine state's version")
    deadline = models.DateTimeField(null=True, blank=True, help_text="when the seats to act time out")
    # The room's timers at the deal: an operator's change reaches the next hand, never a running one.
    turn_seconds = models.PositiveIntegerField(default=20, help_text="the room's turn timer at the deal")
    claim_seconds = models.PositiveIntegerField(default=8, help_text="the room's claim timer at the deal")
    grace_seconds = models.PositiveIntegerField(default=60, help_text="the room's reconnect grace at the deal")
    status = models.CharField(max_length=8, choices=HandStatus.choices, default=HandStatus.PLAYING)
    sheet = models.JSONField(null=True, blank=True, help_text="the engine's SettlementSheet.to_json()")
    settled = models.BooleanField(default=False, help_text="posted to the ledger")
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="hand_number_per_table"),
            models.UniqueConstraint(fields=["table"], condition=Q(status="playing"), name="one_running_hand_per_table"),
        ]
        indexes = [
            models.Index(fields=["status", "deadline"]),
            models.Index(fields=["status", "settled"]),
        ]

    def __str__(self) -> str:
        return f"hand {self.number} of table {self.table_id}"

    def seat_of(self, user_id: int) -> int | None:
        return self.players.index(user_id) if user_id in self.players else None


class ActionSource(models.TextChoices):
    PLAYER = "player", "player"
    BOT = "bot", "bot"
    TIMER = "timer", "timeout (托管)"


class AppendOnlyError(RuntimeError):
    """Logged actions and events are history: never changed or deleted."""


class AppendOnlyQuerySet(models.QuerySet["ActionLog"]):
    def update(self, **kwargs: Any) -> int:
        raise AppendOnlyError("the action log is append-only")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError("the action log is append-only")


class ActionLog(models.Model):
    """Append-only: every applied action of every hand, in order (any hand can be replayed from it)."""

    objects = AppendOnlyQuerySet.as_manager()

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="actions")
    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="actions")
    seat = models.PositiveSmallIntegerField()
    client_id = models.CharField(max_length=64, null=True, blank=True)
    source = models.CharField(max_length=8, choices=ActionSource.choices)
    action = models.JSONField()
    state_version = models.PositiveIntegerField(help_text="engine version the action was applied to")
    table_version = models.PositiveIntegerField(help_text="table version after the action's events")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hand", "state_version"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "client_id"], condition=Q(client_id__isnull=False), name="client_action_id_once"
            ),
            models.UniqueConstraint(fields=["hand", "state_version"], name="one_action_per_hand_version"),
        ]

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError(f"action {self.pk} is history: it cannot change")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError(f"action {self.pk} is history: it cannot be deleted")


class TableEvent(models.Model):
    """One versioned event, stored already filtered: `views[str(seat)]` and `views["public"]`.

    A view of None means that seat (or spectators) is not told about the event.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events")
    version = models.PositiveIntegerField()
    hand = models.ForeignKey(Hand, null=True, blank=True, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=32)
    views = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "version"]
        constraints = [models.UniqueConstraint(fields=["table", "version"], name="event_version_per_table")]

    def view_for(self, seat: int | None) -> dict[str, Any] | None:
        key = "public" if seat is None else str(seat)
        view = self.views.get(key)
        return view if view is None else dict(view)


class Escape(models.Model):
    """逃跑: a seat that left a running hand; the penalty is applied exactly once."""

    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="escapes")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    reason = models.CharField(max_length=16, choices=[("left", "left on purpose"), ("timeout", "grace expired")])
    penalized = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
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
