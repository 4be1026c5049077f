"""好友房 pages: create, the waiting room (invite panel, seats, the host's controls), the join link, the
running totals, the final account (总结算). Thin: `tables.services.friends` does the work."""

from __future__ import annotations

import io
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tables.errors import InviteExpired, TableError, refusal_text
from tables.friend_models import FriendRoom, LengthUnit, Rematch, Stakes
from tables.models import VARIANT_CHOICES, Seat, Table
from tables.services import between_hands, friends
from tables.services.lobby import VARIANT_NAMES


def _form_context(variant: str) -> dict[str, Any]:
    games = [{"id": vid, "name": VARIANT_NAMES.get(vid, name), "lengths": friends.lengths(vid),
              "options": friends.TABLE_OPTIONS[vid]} for vid, name in VARIANT_CHOICES]  # fmt: skip
    return {"games": games, "chosen": variant if variant in friends.TABLE_OPTIONS else "pinghe"}


@login_required
def create(request: HttpRequest) -> HttpResponse:
    """GET: the form (`?variant=` preselects the game); POST: open the room and go to its waiting room."""
    if request.method != "POST":
        return render(request, "tables/friends_new.html", _form_context(request.GET.get("variant", "")))
    try:
        table = friends.create(request.user, _choices(request))  # type: ignore[arg-type]
    except TableError as exc:
        messages.error(request, refusal_text(exc))
        return render(request, "tables/friends_new.html", _form_context(request.POST.get("variant", "")), status=400)
    return redirect("tables:friends_room", table_id=table.pk)


def _choices(request: HttpRequest) -> friends.Choices:
    """The host's choices as posted (each checked by `friends.create`; unreadable ones are refused)."""
    post = request.POST
    variant = post.get("variant", "")
    unit, _sep, n = post.get("length", "").partition(":")
    options = tuple(
        (o.key, _option_value(o, post.get(f"opt_{o.key}", ""))) for o in friends.TABLE_OPTIONS.get(variant, ())
    )
    return friends.Choices(
        variant=variant, length=int(n) if n.isdigit() else 0, unit=unit, stakes=post.get("stakes", ""),
        options=options, bots_allowed=post.get("bots") == "on", spectators_allowed=post.get("spectators") == "on",
    )  # fmt: skip


def _option_value(option: friends.TableOption, posted: str) -> Any:
    for value, _label in option.choices:
        if str(value) == posted:
            return value
    return posted  # not offered: `create` refuses it


def _friend_table(table_id: int) -> tuple[Table, FriendRoom]:
    table = get_object_or_404(Table.objects.select_related("room"), pk=table_id)
    return table, get_object_or_404(FriendRoom.objects.select_related("host"), table=table)


def _seated(table: Table, request: HttpRequest) -> bool:
    return Seat.objects.filter(table=table, user_id=int(request.user.pk or 0)).exists()


@login_required
def waiting_room(request: HttpRequest, table_id: int) -> HttpResponse:
    """The waiting room; once the session runs it is the table, once over its final account."""
    table, friend = _friend_table(table_id)
    if friend.ending == "finished":
        return redirect("tables:friends_account", friend_id=friend.pk)
    if friend.ending or table.status == "closed":
        messages.error(request, refusal_text(InviteExpired()))
        return redirect("tables:lobby")
    if not _seated(table, request):
        return redirect("tables:friends_join", code=table.invite_code)
    if table.hands_played:
        return redirect("tables:table", table_id=table.pk)
    join_url = request.build_absolute_uri(reverse("tables:friends_join", args=[table.invite_code]))
    context = {"table": table, "friend": friend, "join_url": join_url, "is_host": friend.host_id == request.user.pk,
               "state": friends.waiting_room(friend), "options": _options_shown(table, friend),
               "me_ready": Seat.objects.filter(table=table, user_id=int(request.user.pk or 0), ready=True).exists(),
               }  # fmt: skip
    return render(request, "tables/friends_room.html", context)


def _options_shown(table: Table, friend: FriendRoom) -> list[tuple[str, str]]:
    shown = []
    for option in friends.TABLE_OPTIONS[table.room.variant]:
        value = table.options.get(option.key, option.choices[0][0])
        label = next((str(lab) for v, lab in option.choices if v == value), str(value))
        shown.append((str(option.label), label))
    return shown


@login_required
def waiting_state(request: HttpRequest, table_id: int) -> JsonResponse:
    """The waiting room as its page polls it (every 2 s)."""
    table, friend = _friend_table(table_id)
    state = friends.waiting_room(friend)
    state["me_seated"] = _seated(table, request)
    state["table_url"] = reverse("tables:table", args=[table.pk])
    state["account_url"] = reverse("tables:friends_account", args=[friend.pk])
    return JsonResponse(state)


@login_required
def qr(request: HttpRequest, table_id: int) -> HttpResponse:
    """The join link as a QR code, drawn here as SVG (segno), for the room's players to show."""
    table, _friend = _friend_table(table_id)
    if not _seated(table, request):
        return HttpResponse(status=403)
    link = request.build_absolute_uri(reverse("tables:friends_join", args=[table.invite_code]))
    svg = io.BytesIO()
    segno.make(link, error="m").save(svg, kind="svg", scale=6, border=2, dark="#111", light="#fff", xmldecl=False)
    return HttpResponse(svg.getvalue(), content_type="image/svg+xml")


@login_required
def join(request: HttpRequest, code: str) -> HttpResponse:
    """The join link: a page with the code and one button (the join itself is the lobby's join by code, so
    it is throttled and refused as that one is); someone already seated there goes straight in."""
    mine = Seat.objects.filter(user_id=int(request.user.pk or 0), table__invite_code=code.upper()).first()
    if mine is not None:
        return redirect("tables:table", table_id=mine.table_id)
    return render(request, "tables/friends_join.html", {"code": code.upper()})


def _host_action(request: HttpRequest, table_id: int, act: Any) -> HttpResponse:
    try:
        act()
    except TableError as exc:
        messages.error(request, refusal_text(exc))
    return redirect("tables:friends_room", table_id=table_id)


@login_required
@require_POST
def ready(request: HttpRequest, table_id: int) -> HttpResponse:
    on = request.POST.get("ready") == "1"
    return _host_action(request, table_id, lambda: friends.set_ready(table_id, int(request.user.pk or 0), on))


@login_required
@require_POST
def remove(request: HttpRequest, table_id: int, user_id: int) -> HttpResponse:
    return _host_action(request, table_id, lambda: friends.remove(table_id, int(request.user.pk or 0), user_id))


@login_required
@require_POST
def close(request: HttpRequest, table_id: int) -> HttpResponse:
    try:
        friends.close(table_id, int(request.user.pk or 0))
    except TableError as exc:
        messages.error(request, refusal_text(exc))
        return redirect("tables:friends_room", table_id=table_id)
    messages.success(request, _("好友房已关闭"))
    return redirect("tables:lobby")


@login_required
@require_POST
def start_bots(request: HttpRequest, table_id: int) -> HttpResponse:
    go = lambda: between_hands.start_with_bots(table_id, int(request.user.pk or 0))  # noqa: E731
    return _host_action(request, table_id, go)


@login_required
def totals(request: HttpRequest, table_id: int) -> JsonResponse:
    """The running totals strip of the table page."""
    _table, friend = _friend_table(table_id)
    data = friends.totals(friend)
    data["account_url"] = reverse("tables:friends_account", args=[friend.pk])
    for row in data["rows"]:
        row["me"] = row["user"] == request.user.pk
    return JsonResponse(data)


@login_required
def account(request: HttpRequest, friend_id: int) -> HttpResponse:
    """总结算: the session's final account, for its players (and operators)."""
    friend = get_object_or_404(FriendRoom.objects.select_related("table__room", "host"), pk=friend_id)
    if request.user.pk not in friend.players and not request.user.is_staff:
        messages.error(request, _("只有这一场的玩家可以查看总结算。"))
        return redirect("tables:history")
    data = friend.account or friends.final_account(friend)
    context = {"friend": friend, "account": data, "points": friend.stakes == Stakes.POINTS,
               "rounds": friend.unit == LengthUnit.ROUNDS,
               "panel": _panel(friend, int(request.user.pk or 0))}  # fmt: skip
    return render(request, "tables/friends_account.html", context)


def _panel(friend: FriendRoom, user_id: int) -> dict[str, Any]:
    """The 再来一场 panel's state for `user_id`, with where its new session is once it started."""
    panel = friends.rematch_panel(friend, user_id)
    panel["go"] = reverse("tables:friends_room", args=[panel["table"]]) if panel["table"] else ""
    return panel


@login_required
def rematch(request: HttpRequest, friend_id: int) -> HttpResponse:
    """The 再来一场 panel alone (HTML), which the final account and the table page poll and redraw."""
    friend = get_object_or_404(FriendRoom.objects.select_related("table__room"), pk=friend_id)
    if request.user.pk not in friend.players and not request.user.is_staff:
        return HttpResponse(status=403)
    return render(
        request, "tables/friends_rematch.html", {"friend": friend, "panel": _panel(friend, int(request.user.pk or 0))}
    )


@login_required
@require_POST
def rematch_propose(request: HttpRequest, friend_id: int) -> HttpResponse:
    """再来一场: ask the session's players to play again (or accept the request already made)."""
    friend = get_object_or_404(FriendRoom, pk=friend_id)
    return _rematch_answered(request, friend.pk, lambda: friends.propose_rematch(friend.pk, int(request.user.pk or 0)))


@login_required
@require_POST
def rematch_answer(request: HttpRequest, rematch_id: int) -> HttpResponse:
    """Accept (`accept=1`) or decline a 再来一场 one was asked to."""
    asked = get_object_or_404(Rematch, pk=rematch_id)
    accept = request.POST.get("accept") == "1"
    act = lambda: friends.answer_rematch(asked.pk, int(request.user.pk or 0), accept)  # noqa: E731
    return _rematch_answered(request, asked.session_id, act)


def _rematch_answered(request: HttpRequest, friend_id: int, act: Any) -> HttpResponse:
    """Do it; a script asking for JSON is told the outcome (or the refusal), a form goes to the new session
    once it started, else back to the final account (a refusal shown there)."""
    wants_json = "application/json" in request.headers.get("Accept", "")
    try:
        done: Rematch = act()
    except TableError as exc:
        if wants_json:
            return JsonResponse({"code": exc.code, "error": refusal_text(exc)}, status=409)
        messages.error(request, refusal_text(exc))
        return redirect("tables:friends_account", friend_id=friend_id)
    go = reverse("tables:friends_room", args=[done.started.table_id]) if done.started else ""
    if wants_json:
        return JsonResponse({"status": done.status, "go": go})
    return redirect(go) if go else redirect("tables:friends_account", friend_id=friend_id)


def my_sessions(user_id: int) -> list[FriendRoom]:
    """The friends' sessions the user played that have an account (finished, or closed by an operator after
    some hands), newest first (for the history page)."""
    done = FriendRoom.objects.filter(account__isnull=False).exclude(ending="").select_related("table__room")
    return [f for f in done.order_by("-finished_at")[:500] if user_id in f.players][:50]
