"""Operators' view of rooms, live tables and hand histories.

Thin: rooms are saved, tables closed and audit entries written by
`operations.services`; what a page shows is built by `operations.live`.
Nothing here edits a table, a hand or its logs directly.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Max, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from operations import services
from operations.admin.base import ReadOnlyAdmin
from operations.forms import BOT_FIELDS, ROOM_BOUNDS, ReasonForm, RoomForm
from operations.live import friend_summary, hand_detail, seat_summary, table_detail
from tables.models import Hand, Room, Table, TableStatus
from tables.services.closing import VOIDED_EVENT

CLOSE_PERMISSION = "operations.close_table"


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    """Room timers, bots (level, think time) and options (喊金). The base follows the bracket table (edited there)."""

    list_display = ("id", "variant", "base", "name", "turn_seconds", "claim_seconds", "grace_seconds", "options")
    list_filter = ("variant", "base")
    readonly_fields = ("variant", "base")
    form = RoomForm

    def get_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        """Editors get the 喊金 box and a reason to give; readers see the stored options."""
        editable = self.has_change_permission(request, obj)
        fields = ("variant", "base", "name", *ROOM_BOUNDS, *BOT_FIELDS)
        return (*fields, *(("hanjin", "reason") if editable else ("options",)))

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # a room exists per variant and bracket: the bracket table makes them

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Room, form: Any, change: bool) -> None:

        changes = {**{f: form.cleaned_data[f] for f in services.ROOM_FIELDS}, "options": form.options()}
        services.change_room(obj, changes, form.cleaned_data["reason"], by=request.user)  # type: ignore[arg-type]


class LiveFilter(admin.SimpleListFilter):
    title = _("运行中")
    parameter_name = "live"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [("yes", _("未关闭的牌桌")), ("no", _("已关闭"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Table]) -> QuerySet[Table]:
        if self.value() == "yes":
            return queryset.exclude(status=TableStatus.CLOSED)
        if self.value() == "no":
            return queryset.filter(status=TableStatus.CLOSED)
        return queryset


class FriendsFilter(admin.SimpleListFilter):
    """好友房: the friends' rooms, by what they are played for, or the other tables."""

    title = _("好友房")
    parameter_name = "friends"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [("points", _("好友房（积分）")), ("coins", _("好友房（游戏币）")), ("no", _("不是好友房"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Table]) -> QuerySet[Table]:
        if self.value() in ("points", "coins"):
            return queryset.filter(friend_room__stakes=self.value())
        if self.value() == "no":
            return queryset.filter(friend_room__isnull=True)
        return queryset


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    """Live tables: who sits (human or bot), hand number, dealer and 连庄, last action, and for a friends' room
    (好友房) what it is played for, its host and length; open one to close it."""

    list_display = (
        "id", "variant", "room", "status", "seating", "friends", "hands_played", "dealer", "streak", "last_action",
    )  # fmt: skip
    exclude = ("invite_code",)
    list_filter = (LiveFilter, FriendsFilter, "status", "room__variant", "private")
    search_fields = ("id", "invite_code")
    change_form_template = "operations/table_change_form.html"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Table]:
        queryset = super().get_queryset(request).select_related("room", "friend_room__host")
        queryset = queryset.prefetch_related("seats__user")
        return queryset.annotate(last_action_at=Max("actions__created_at"))

    @admin.display(description=_("好友房"))
    def friends(self, obj: Table) -> str:
        friend = getattr(obj, "friend_room", None)  # None for other tables (select_related finds no row)
        return friend_summary(friend, obj.hands_played) or "—"

    @admin.display(description=_("玩法"), ordering="room__variant")
    def variant(self, obj: Table) -> str:
        return obj.room.get_variant_display()

    @admin.display(description=_("座位（真人/机器人）"))
    def seating(self, obj: Table) -> str:

        return seat_summary(list(obj.seats.all()))

    @admin.display(description=_("最后操作"), ordering="last_action_at")
    def last_action(self, obj: Table) -> Any:
        return getattr(obj, "last_action_at", None)

    def has_close_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm(CLOSE_PERMISSION)

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:

        table = self.get_object(request, object_id)
        extra = dict(extra_context or {})
        if table is not None:
            extra["live"] = table_detail(table)
            extra["may_close"] = self.has_close_permission(request) and table.status != TableStatus.CLOSED
        return super().change_view(request, object_id, form_url, extra)

    def get_urls(self) -> list[URLPattern]:
        close = path("<int:table_id>/close/", self.admin_site.admin_view(self.close_view), name="tables_table_close")
        return [close, *super().get_urls()]

    def close_view(self, request: HttpRequest, table_id: int) -> HttpResponse:
        """Ask why, then close: a running hand is voided and the players are told the reason."""

        if not self.has_close_permission(request):
            raise PermissionDenied
        table = get_object_or_404(Table, pk=table_id)
        form = ReasonForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                done = services.close_table(table.pk, form.cleaned_data["reason"], by=request.user)  # type: ignore[arg-type]
            except services.OperationRefused as error:
                form.add_error(None, str(error))
            else:
                closed = gettext("%(table)s 已关闭") % {"table": table}
                if done.voided:
                    closed += gettext("；牌局 #%(hand)s 已作废") % {"hand": done.voided.pk}
                self.message_user(request, closed, messages.SUCCESS)
                return HttpResponseRedirect(reverse("admin:tables_table_change", args=[table.pk]))
        context = {**self.admin_site.each_context(request), "form": form, "table": table, "opts": self.model._meta}
        context["title"] = gettext("关闭 %(table)s") % {"table": table}
        return TemplateResponse(request, "operations/table_close_form.html", context)


class VoidedFilter(admin.SimpleListFilter):
    title = _("作废")
    parameter_name = "voided"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [("yes", _("被管理员作废"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Hand]) -> QuerySet[Hand]:

        if self.value() == "yes":
            return queryset.filter(events__kind=VOIDED_EVENT).distinct()
        return queryset


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    """Hand histories: the sheet, the ledger transactions it produced, the replay and the seed check."""

    list_display = ("id", "table", "number", "variant", "base", "dealer", "streak", "status", "settled", "finished_at")
    list_filter = ("variant", "status", "settled", VoidedFilter, "finished_at")
    search_fields = ("id", "table__id", "commitment")
    date_hierarchy = "started_at"
    exclude = ("state", "seed")  # the seed is shown with its check once the hand is over, never while it runs
    change_form_template = "operations/hand_change_form.html"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Hand]:
        return super().get_queryset(request).select_related("table__room")

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:

        hand = self.get_object(request, object_id)
        extra = dict(extra_context or {})
        if hand is not None:
            extra["record"] = hand_detail(hand)
        return super().change_view(request, object_id, form_url, extra)
