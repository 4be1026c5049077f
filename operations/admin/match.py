"""The match zone (比赛专区) in the admin: seasons, passes (grant/revoke with a reason), match rooms, and the
read-only 龙珠 log and frozen standings. Saving goes through operations.match, which audits each change."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from match import arena
from match.models import (
    Arena,
    ArenaEntry,
    ArenaPlace,
    ArenaScore,
    ArenaStatus,
    MatchPass,
    MatchRoom,
    PearlEntry,
    Season,
    Standing,
)
from operations import match as services
from operations.services import OperationRefused

REASON = forms.CharField(label=_("修改原因"), widget=forms.Textarea(attrs={"rows": 2}), max_length=500,
                         help_text=_("记入操作记录"))  # fmt: skip


class SeasonForm(forms.ModelForm):
    reason = REASON

    class Meta:
        model = Season
        fields = services.SEASON_FIELDS

    def clean_prizes(self) -> list[int]:
        prizes = self.cleaned_data.get("prizes") or []
        if not isinstance(prizes, list) or any(isinstance(p, bool) or not isinstance(p, int) or p < 0 for p in prizes):
            raise ValidationError(gettext("奖金表须是非负整数的列表，例如 [5000, 2000, 1000]"))
        return prizes

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, end = data.get("starts_at"), data.get("ends_at")
        if start and end and end <= start:
            raise ValidationError(gettext("结束时间必须晚于开始时间"))
        if start and start <= timezone.now() and "starts_at" in self.changed_data:
            raise ValidationError(gettext("只能安排未来的赛季"))
        others = Season.objects.exclude(pk=self.instance.pk)
        if start and end and others.filter(starts_at__lt=end, ends_at__gt=start).exists():
            raise ValidationError(gettext("与另一个赛季的时间重叠"))
        return data


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    form = SeasonForm
    list_display = ("name", "starts_at", "ends_at", "pass_price", "prizes", "frozen_at")
    ordering = ("-starts_at",)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        """A season that started is history: only future ones are edited."""
        return super().has_change_permission(request, obj) and (obj is None or obj.is_future())

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        """Prices and prizes by finance (`match.set_season_prices`) only."""
        if request.user.has_perm(services.PRICE_PERMISSION):
            return ("frozen_at",)
        return (*services.PRICE_FIELDS, "frozen_at")

    def get_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        editable = obj is None or (obj.is_future() and self.has_change_permission(request, obj))
        return (*services.SEASON_FIELDS, *(("reason",) if editable else ("frozen_at",)))

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Season, form: Any, change: bool) -> None:
        changes = {f: form.cleaned_data[f] for f in services.SEASON_FIELDS if f in form.cleaned_data}
        if change:
            obj.refresh_from_db()  # the service compares against the stored row
        try:
            saved = services.save_season(obj, changes, form.cleaned_data["reason"], by=request.user)  # type: ignore[arg-type]
        except OperationRefused as refusal:
            messages.error(request, str(refusal))
            return
        obj.pk = saved.pk


class GrantPassForm(forms.ModelForm):
    reason = REASON

    class Meta:
        model = MatchPass
        fields = ("user", "season")


class RevokePassForm(forms.ModelForm):
    revoke = forms.BooleanField(label=_("收回通行证"), required=False)
    restore = forms.BooleanField(label=_("恢复通行证"), required=False)
    reason = REASON

    class Meta:
        model = MatchPass
        fields = ()


@admin.register(MatchPass)
class MatchPassAdmin(admin.ModelAdmin):
    list_display = ("user", "season", "source", "price", "created_at", "revoked_at")
    list_filter = ("season", "source")
    search_fields = ("user__username", "user__display_name")
    autocomplete_fields = ("user",)
    readonly = ("user", "season", "source", "price", "transaction", "granted_by", "reason", "created_at",
                "revoked_at", "revoked_by", "revoke_reason")  # fmt: skip

    def get_form(self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any) -> Any:
        kwargs["form"] = RevokePassForm if obj is not None else GrantPassForm
        return super().get_form(request, obj, change, **kwargs)

    def get_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        if obj is None:
            return ("user", "season", "reason")
        action = ("restore",) if obj.revoked_at else ("revoke",)
        return (*self.readonly, *((*action, "reason") if self.has_change_permission(request, obj) else ()))

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return self.readonly if obj is not None else ()

    def has_add_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("match.grant_pass")

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return request.user.has_perm("match.grant_pass")

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: MatchPass, form: Any, change: bool) -> None:
        by, reason = request.user, form.cleaned_data["reason"]
        try:
            if not change:
                held = services.grant_pass(obj.user, obj.season, reason, by=by)  # type: ignore[arg-type]
                obj.pk = held.pk
            elif form.cleaned_data.get("revoke"):
                services.revoke_pass(obj, reason, by=by)  # type: ignore[arg-type]
            elif form.cleaned_data.get("restore"):
                services.grant_pass(obj.user, obj.season, reason, by=by)  # type: ignore[arg-type]
        except OperationRefused as refusal:
            messages.error(request, str(refusal))


class MatchRoomForm(forms.ModelForm):
    reason = REASON

    class Meta:
        model = MatchRoom
        fields = ("room", "multiplier")


@admin.register(MatchRoom)
class MatchRoomAdmin(admin.ModelAdmin):
    """Which rooms are match rooms: guangdong at every bracket by default; operators may add other games'."""

    form = MatchRoomForm
    list_display = ("room", "multiplier")

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return ("room",) if obj is not None else ()

    def save_model(self, request: HttpRequest, obj: MatchRoom, form: Any, change: bool) -> None:
        saved = services.set_match_room(obj.room, obj.multiplier, form.cleaned_data["reason"], by=request.user)  # type: ignore[arg-type]
        if saved is not None:
            obj.pk = saved.pk

    def delete_model(self, request: HttpRequest, obj: MatchRoom) -> None:
        services.set_match_room(obj.room, None, gettext("移出比赛专区"), by=request.user)  # type: ignore[arg-type]


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(PearlEntry)
class PearlEntryAdmin(ReadOnlyAdmin):
    """The 龙珠 log: append-only, read-only."""

    list_display = ("created_at", "season", "user", "hand", "seat", "won", "fan", "multiplier", "pearls")
    list_filter = ("season", "won")
    search_fields = ("user__username", "user__display_name")


@admin.register(Standing)
class StandingAdmin(ReadOnlyAdmin):
    list_display = ("season", "rank", "user", "pearls", "hands", "wins", "prize")
    list_filter = ("season",)


class ArenaForm(forms.ModelForm):
    reason = REASON
    cancel = forms.BooleanField(label=_("取消竞技场（退还全部报名费）"), required=False)

    class Meta:
        model = Arena
        fields = services.ARENA_FIELDS

    def clean_prizes(self) -> list[int]:
        return _whole_numbers(
            self.cleaned_data.get("prizes"), gettext("奖金须是非负整数的列表，例如 [3000, 1000, 500]")
        )

    def clean_pool_split(self) -> list[int]:
        split = _whole_numbers(
            self.cleaned_data.get("pool_split"), gettext("奖池分配须是百分比的列表，例如 [50, 30, 20]")
        )
        if sum(split) > 100:
            raise ValidationError(gettext("奖池分配合计不能超过 100%"))
        return split

    def clean_starts_at(self) -> Any:
        start = self.cleaned_data.get("starts_at")
        if start and start <= timezone.now() and "starts_at" in self.changed_data:
            raise ValidationError(gettext("只能安排未来的竞技场"))
        return start


def _whole_numbers(value: Any, message: str) -> list[int]:
    value = value or []
    if not isinstance(value, list) or any(isinstance(p, bool) or not isinstance(p, int) or p < 0 for p in value):
        raise ValidationError(message)
    return value


class ArenaEntryInline(admin.TabularInline):
    model = ArenaEntry
    extra = 0
    can_delete = False
    fields = ("user", "state", "points", "hands", "wins", "streak", "address", "fee_transaction", "refund_transaction")
    readonly_fields = fields
    ordering = ("-points", "hands", "reached_at")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # an entry changes only through the player's own join and withdraw


@admin.register(Arena)
class ArenaAdmin(admin.ModelAdmin):
    """Arenas: scheduled by operators (audited) or by the daily schedule; cancelled with a reason (fees refunded).
    The entries, with the client addresses that more than one account joined from (flagged pairs)."""

    form = ArenaForm
    list_display = ("name", "room", "starts_at", "minutes", "status", "entry_fee", "players", "flagged")
    list_filter = ("status", "room__variant")
    inlines = (ArenaEntryInline,)

    @admin.display(description=_("报名人数"))
    def players(self, obj: Arena) -> int:
        return obj.entries.count()

    @admin.display(description=_("同一地址的账号"))
    def flagged(self, obj: Arena) -> str:
        pairs = arena.flagged_pairs(obj)
        return "; ".join(f"{digest[:8]}…: {', '.join(names)}" for digest, names in pairs) or "-"

    def get_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        if obj is None or obj.status == ArenaStatus.SCHEDULED:
            return (*services.ARENA_FIELDS, *(("cancel",) if obj else ()), "reason")
        over = obj.status in (ArenaStatus.FINISHED, ArenaStatus.CANCELLED)
        return (*services.ARENA_FIELDS, "status", "flagged", *(() if over else ("cancel", "reason")))

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        if obj is not None and obj.status != ArenaStatus.SCHEDULED:
            return (*services.ARENA_FIELDS, "status", "flagged")
        if not request.user.has_perm(services.PRICE_PERMISSION):
            return services.ARENA_MONEY_FIELDS
        return ()

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Arena, form: Any, change: bool) -> None:
        by, reason = request.user, form.cleaned_data.get("reason", "")
        try:
            if form.cleaned_data.get("cancel"):
                obj.refresh_from_db()
                refunded = services.cancel_arena(obj, reason, by=by)  # type: ignore[arg-type]
                messages.success(request, gettext("已取消，退还 %(n)d 笔报名费。") % {"n": refunded})
                return
            changes = {f: form.cleaned_data[f] for f in services.ARENA_FIELDS if f in form.cleaned_data}
            if change:
                obj.refresh_from_db()
            saved = services.save_arena(obj, changes, reason, by=by)  # type: ignore[arg-type]
        except OperationRefused as refusal:
            messages.error(request, str(refusal))
            return
        obj.pk = saved.pk


@admin.register(ArenaScore)
class ArenaScoreAdmin(ReadOnlyAdmin):
    """The arenas' points log: append-only, read-only."""

    list_display = ("created_at", "arena", "user", "hand", "seat", "won", "fan", "doubled", "points", "escaped")
    list_filter = ("arena", "won", "doubled")
    search_fields = ("user__username", "user__display_name")


@admin.register(ArenaPlace)
class ArenaPlaceAdmin(ReadOnlyAdmin):
    list_display = ("arena", "rank", "user", "points", "hands", "wins", "prize", "transaction")
    list_filter = ("arena",)
