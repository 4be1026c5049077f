"""The match zone (比赛专区): its rooms, seasons, passes (通行证), 龙珠 and frozen standings.

RULINGS "比赛专区": coins are won and lost in match rooms as anywhere else; a pass belongs to one
player for one season; a pass holder who wins a hand in a match room earns 龙珠 (never coins,
never sold or transferred). Invariants the models keep:
- a room is in the match zone iff it has a `MatchRoom` row (its 龙珠 multiplier, at least 1);
- at most one `MatchPass` per (player, season): two clicks or two devices buy one pass;
- `PearlEntry` rows are append-only, one per (hand, seat), written in the hand's settlement
  transaction (match.pearls), so a re-run of the settlement neither doubles nor loses one;
- a season's `Standing` rows are written once, when it ends (match.seasons.end_season).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from config.append_only import AppendOnlyModel

DEFAULT_PASS_PRICE = 500  # RULINGS: "the price is set per season by operators; default 500"


class MatchRoom(models.Model):
    """A room marked 比赛专区, with its 龙珠 multiplier (default 1). It plays like any other room."""

    room = models.OneToOneField(
        "tables.Room", on_delete=models.CASCADE, related_name="match_zone", verbose_name=_("房间")
    )
    multiplier = models.PositiveSmallIntegerField(
        _("龙珠倍数"), default=1, validators=[MinValueValidator(1)], help_text=_("胜者所得龙珠 = 番数 × 倍数")
    )

    class Meta:
        verbose_name = _("比赛专区房间")
        verbose_name_plural = _("比赛专区房间")
        ordering = ("room__variant", "room__base")
        constraints: ClassVar[list[Any]] = [
            models.CheckConstraint(condition=Q(multiplier__gte=1), name="match_room_multiplier_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.room} ×{self.multiplier}"


def monthly_name(month: str) -> str:
    """The stored name of the monthly season of `month` ("2026-12" → "2026年12月赛季")."""
    year, number = (int(part) for part in month.split("-"))
    return f"{year}年{number}月赛季"


class Season(models.Model):
    """A season of the match zone: [starts_at, ends_at), its pass price and its prize table."""

    name = models.CharField(_("名称"), max_length=64)
    starts_at = models.DateTimeField(_("开始时间"), db_index=True)
    ends_at = models.DateTimeField(_("结束时间"), db_index=True)
    month = models.CharField(
        _("月份"), max_length=7, unique=True, null=True, blank=True, editable=False,
        help_text=_("按月自动创建的赛季，例如 2026-12"),
    )  # fmt: skip
    pass_price = models.PositiveIntegerField(_("通行证价格"), default=DEFAULT_PASS_PRICE, help_text=_("游戏币"))
    prizes = models.JSONField(
        _("奖金表"), default=list, blank=True, help_text=_("各名次的游戏币奖金，第一名在前，例如 [5000, 2000, 1000]")
    )
    frozen_at = models.DateTimeField(_("榜单冻结时间"), null=True, blank=True, editable=False)
    created_at = models.DateTimeField(_("创建时间"), auto_now_add=True)

    class Meta:
        verbose_name = _("赛季")
        verbose_name_plural = _("赛季")
        ordering = ("-starts_at",)
        constraints: ClassVar[list[Any]] = [
            models.CheckConstraint(condition=Q(ends_at__gt=F("starts_at")), name="match_season_ends_after_start"),
        ]
        permissions = (
            ("set_season_prices", "Can set a season's pass price and prizes (finance)"),
            ("grant_pass", "Can grant and revoke match passes"),
        )

    def __str__(self) -> str:
        return self.name

    @property
    def title(self) -> str:
        """The name to show, in the reader's language: a monthly season still under the name it was made
        with (stored in Chinese) is named from its month; an operator's own name is shown as written."""
        if self.month and self.name == monthly_name(self.month):
            year, month = (int(part) for part in self.month.split("-"))
            # Translators: a monthly season's name, e.g. "2026-12 season"
            return gettext("%(year)d年%(month)d月赛季") % {"year": year, "month": month}
        return self.name

    def is_future(self, now: datetime | None = None) -> bool:
        return self.starts_at > (now or timezone.now())

    def has_ended(self, now: datetime | None = None) -> bool:
        return self.ends_at <= (now or timezone.now())

    def prize_for(self, rank: int) -> int:
        """The coins the prize table gives `rank` (1 = first), 0 beyond it."""
        table = [int(p) for p in self.prizes or []]
        return table[rank - 1] if 1 <= rank <= len(table) else 0


class PassSource(models.TextChoices):
    BOUGHT = "bought", _("购买")
    GRANTED = "granted", _("运营赠送")


class MatchPass(models.Model):
    """A player's pass (通行证) for one season: bought with coins or granted by an operator."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="match_passes", verbose_name=_("玩家")
    )
    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="passes", verbose_name=_("赛季"))
    source = models.CharField(_("来源"), max_length=8, choices=PassSource.choices)
    price = models.PositiveIntegerField(_("支付游戏币"), default=0)
    transaction = models.OneToOneField(
        "ledger.Transaction", null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        verbose_name=_("交易"),
    )  # fmt: skip
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        verbose_name=_("赠送人"),
    )  # fmt: skip
    reason = models.TextField(_("原因"), blank=True)
    created_at = models.DateTimeField(_("时间"), default=timezone.now)
    revoked_at = models.DateTimeField(_("收回时间"), null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        verbose_name=_("收回人"),
    )  # fmt: skip
    revoke_reason = models.TextField(_("收回原因"), blank=True)

    class Meta:
        verbose_name = _("通行证")
        verbose_name_plural = _("通行证")
        ordering = ("-created_at", "-id")
        constraints: ClassVar[list[Any]] = [
            models.UniqueConstraint(fields=("user", "season"), name="match_one_pass_per_player_season"),
        ]

    def __str__(self) -> str:
        return f"{self.season} · {self.user}"

    @property
    def valid(self) -> bool:
        return self.revoked_at is None


class PearlEntry(AppendOnlyModel):
    """One pass holder's part in one settled match-room hand: the 龙珠 it earned (0 for a loss, a draw or
    an escape). Written once per (hand, seat) in the settlement's own transaction; never changed."""

    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="pearls", verbose_name=_("赛季"))
    hand = models.ForeignKey("tables.Hand", on_delete=models.PROTECT, related_name="+", verbose_name=_("牌局"))
    seat = models.PositiveSmallIntegerField(_("座位"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="pearl_entries", verbose_name=_("玩家")
    )
    won = models.BooleanField(_("胜出"), default=False)
    fan = models.PositiveIntegerField(_("番数"), default=0)
    multiplier = models.PositiveSmallIntegerField(_("倍数"), default=1)
    pearls = models.PositiveIntegerField(_("龙珠"), default=0)
    created_at = models.DateTimeField(_("时间"), default=timezone.now, db_index=True)

    class Meta:
        verbose_name = _("龙珠记录")
        verbose_name_plural = _("龙珠记录")
        ordering = ("-id",)
        constraints: ClassVar[list[Any]] = [
            models.UniqueConstraint(fields=("hand", "seat"), name="match_one_pearl_entry_per_hand_seat"),
            models.CheckConstraint(condition=Q(won=True) | Q(pearls=0), name="match_only_winners_earn_pearls"),
        ]
        indexes: ClassVar[list[Any]] = [models.Index(fields=("season", "user"))]

    def __str__(self) -> str:
        return f"{self.user} +{self.pearls} (hand {self.hand_id})"


class Standing(AppendOnlyModel):
    """A row of an ended season's frozen standings, and the prize its place earned."""

    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="standings", verbose_name=_("赛季"))
    rank = models.PositiveIntegerField(_("名次"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("玩家")
    )
    pearls = models.PositiveIntegerField(_("龙珠"))
    hands = models.PositiveIntegerField(_("局数"))
    wins = models.PositiveIntegerField(_("胜局"))
    prize = models.PositiveBigIntegerField(_("奖金"), default=0)

    class Meta:
        verbose_name = _("赛季排名")
        verbose_name_plural = _("赛季排名")
        ordering = ("season", "rank")
        constraints: ClassVar[list[Any]] = [
            models.UniqueConstraint(fields=("season", "rank"), name="match_one_standing_per_rank"),
            models.UniqueConstraint(fields=("season", "user"), name="match_one_standing_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.season} #{self.rank} {self.user}"


class PrizeNotice(models.Model):
    """A prize winner is told once, on their next page load (the lobby or the match zone)."""

    standing = models.OneToOneField(Standing, on_delete=models.CASCADE, related_name="notice")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seen_at = models.DateTimeField(null=True, blank=True)


from match.arena_models import Arena as Arena  # noqa: E402  (竞技场: its own module, same app)
from match.arena_models import ArenaEntry as ArenaEntry  # noqa: E402
from match.arena_models import ArenaPlace as ArenaPlace  # noqa: E402
from match.arena_models import ArenaScore as ArenaScore  # noqa: E402
from match.arena_models import ArenaStatus as ArenaStatus  # noqa: E402
from match.arena_models import ArenaTable as ArenaTable  # noqa: E402
from match.arena_models import EntryState as EntryState  # noqa: E402
