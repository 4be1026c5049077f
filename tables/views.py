"""Lobby, room, table, hand history and replay pages. Thin: the services do the work."""

from __future__ import annotations

import math
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.throttle import GuessThrottle, TooManyGuesses, client_ip
from engine import variants
from engine.sheet import posted_paid
from tables import chat
from tables.errors import BadInviteCode, EscapeUnconfirmed, TableError, refusal_text, refusal_texts
from tables.friends_views import my_sessions
from tables.models import HANJIN_OPTION, VARIANT_CHOICES, Hand, HandReview, HandStatus, Room, Table, TableStatus
from tables.services import brackets, friend_rules, seating, settlement
from tables.services.lobby import VARIANT_ABOUT, VARIANT_NAMES, room_rows
from tables.services.replay import replay_steps
from tables.services.review import ask_for_review, replay_document, review_for
from tables.sheet_text import shown_names


@login_required
def lobby(request: HttpRequest) -> HttpResponse:
    """Rooms by variant and bracket; the player's own bracket is the one they may enter."""
    balance = brackets.balance_of(request.user)  # type: ignore[arg-type]
    own_base = brackets.base_for_balance(balance)
    rooms = room_rows(list(Room.objects.all()))
    by_variant = [
        {"id": vid, "name": VARIANT_NAMES.get(vid, name), "about": VARIANT_ABOUT.get(vid, ""),
         "rooms": [r for r in rooms if r["room"].variant == vid]}
        for vid, name in VARIANT_CHOICES
    ]  # fmt: skip
    current = seating.seated_table(request.user)  # type: ignore[arg-type]
    context = {"variants": by_variant, "balance": balance, "own_base": own_base, "current": current}
    return render(request, "tables/lobby.html", context)


@login_required
def room(request: HttpRequest, room_id: int) -> HttpResponse:
    """A room: its public tables (to watch), quick seat, a private table, join by code."""
    the_room = get_object_or_404(Room, pk=room_id)
    tables = Table.objects.filter(room=the_room, private=False).exclude(status=TableStatus.CLOSED)
    balance = brackets.balance_of(request.user)  # type: ignore[arg-type]
    context = {
        "room": the_room,
        "tables": tables.prefetch_related("seats__user"),
        "may_sit": brackets.base_for_balance(balance) == the_room.base,
        "balance": balance,
    }
    return render(request, "tables/room.html", context)


def _refused(request: HttpRequest, exc: TableError, back: str, **kwargs: Any) -> HttpResponse:
    messages.error(request, refusal_text(exc))
    return redirect(back, **kwargs)


@login_required
@require_POST
def quick_seat(request: HttpRequest, room_id: int) -> HttpResponse:
    the_room = get_object_or_404(Room, pk=room_id)
    try:
        table = seating.quick_seat(request.user, the_room)  # type: ignore[arg-type]
    except TableError as exc:
        return _refused(request, exc, "tables:room", room_id=room_id)
    return redirect("tables:table", table_id=table.pk)


@login_required
@require_POST
def create_private(request: HttpRequest, room_id: int) -> HttpResponse:
    the_room = get_object_or_404(Room, pk=room_id)
    options = {HANJIN_OPTION: request.POST.get("hanjin") == "on"}
    try:
        table = seating.create_private(request.user, the_room, options)  # type: ignore[arg-type]
    except TableError as exc:
        return _refused(request, exc, "tables:room", room_id=room_id)
    return redirect("tables:table", table_id=table.pk)


@login_required
@require_POST
def join_private(request: HttpRequest) -> HttpResponse:
    """Join by invite code; wrong codes are counted per player and address (INVITE_CODE_* settings)."""
    guesses = GuessThrottle("INVITE_CODE", int(request.user.pk or 0), client_ip(request))
    try:
        with guesses.guessing(wrong=BadInviteCode):
            table = seating.join_by_code(request.user, request.POST.get("code", ""))  # type: ignore[arg-type]
    except TooManyGuesses as exc:
        return _too_many_guesses(request, exc.wait)
    except TableError as exc:
        return _refused(request, exc, "tables:lobby")
    return redirect("tables:table", table_id=table.pk)


def _too_many_guesses(request: HttpRequest, wait: int) -> HttpResponse:
    message = _("邀请码错误次数过多，请 %(minutes)d 分钟后再试。") % {"minutes": math.ceil(wait / 60)}
    response = render(request, "error.html", {"title": _("暂时不能加入"), "message": message}, status=429)
    response["Retry-After"] = str(wait)
    return response


@login_required
@require_POST
def leave(request: HttpRequest, table_id: int) -> HttpResponse:
    """Stand up. Leaving a running hand needs `confirm=1`: without it the page states the exact penalty
    and asks (RULINGS "Between hands, and leaving"); the penalty is paid before the lobby shows the balance."""
    confirmed = request.POST.get("confirm") == "1"
    try:
        escape = seating.leave(request.user, table_id, confirmed=confirmed)  # type: ignore[arg-type]
    except EscapeUnconfirmed as exc:
        context = {"table_id": table_id, "cost": exc.params["cost"], "points": friend_rules.for_points(table_id)}
        return render(request, "tables/leave_confirm.html", context, status=409)
    except TableError as exc:
        return _refused(request, exc, "tables:table", table_id=table_id)
    if escape is not None:
        paid = settlement.penalize_escape_now(escape.pk)
        if friend_rules.for_points(table_id):
            messages.warning(request, _("你在牌局中离开，按逃跑处理，扣除 %(paid)s 积分。") % {"paid": paid})
        else:
            messages.warning(request, _("你在牌局中离开，按逃跑处理，扣除 %(paid)s 游戏币。") % {"paid": paid})
    return redirect("tables:lobby")


@login_required
def table(request: HttpRequest, table_id: int) -> HttpResponse:
    """The table page; the JS client (static/tables/table.js) plays through the socket.

    Anyone logged in may open a public table (spectating); a private table only by its players.
    """
    the_table = get_object_or_404(Table.objects.select_related("room"), pk=table_id)
    seated = the_table.seats.filter(user_id=int(request.user.pk or 0)).exists()
    friend = friend_rules.room_of(the_table)
    if friend is not None and (friend.ending or (seated and not the_table.hands_played)):
        return redirect("tables:friends_room", table_id=table_id)  # its waiting room, or its final account
    if the_table.private and not seated and not friend_rules.may_watch(the_table):
        messages.error(request, _("这是私人牌桌：请用邀请码加入。"))
        return redirect("tables:lobby")
    context = {"table": the_table, "seated": seated, "refusals": refusal_texts(), "chat": chat.catalogue(),
               "friend": friend}  # fmt: skip
    return render(request, "tables/table.html", context)


@login_required
def history(request: HttpRequest) -> HttpResponse:
    """The player's finished hands, newest first (the JSON `players` list is filtered here, portably)."""
    recent = Hand.objects.filter(status=HandStatus.FINISHED).select_related("table__room").order_by("-finished_at")
    mine = [h for h in recent[:2000] if request.user.pk in h.players][:100]
    reviews = {(r.hand_id, r.seat): r.efficiency for r in HandReview.objects.filter(hand__in=mine)}
    me = int(request.user.pk or 0)
    rows = [(h, reviews.get((h.pk, h.seat_of(me) or 0)), posted_paid(h.sheet, h.seat_of(me) or 0)) for h in mine]
    return render(request, "tables/history.html", {"rows": rows, "sessions": my_sessions(me)})


@login_required
def replay(request: HttpRequest, hand_id: int) -> HttpResponse:
    """Step through a finished hand from a player's seat (or publicly) and check the seed's commitment."""
    hand = get_object_or_404(Hand.objects.filter(~Q(status=HandStatus.PLAYING)), pk=hand_id)
    seat = hand.seat_of(int(request.user.pk or 0))
    if seat is None and not request.user.is_staff:
        messages.error(request, _("只有这局的玩家可以回放。"))
        return redirect("tables:history")
    steps, check = replay_steps(hand, seat)
    names = shown_names(hand)
    access = review_for(hand, int(request.user.pk or 0), request.user.is_staff, _seat_param(request))
    if access.pending:
        ask_for_review(hand.pk)
    rules = variants.get(hand.variant)
    game = {"gold": rules.gold is not None, "flowers": rules.has_flowers, "seat": seat, "bots": hand.bots}
    context = {"hand": hand, "seat": seat, "steps": steps, "check": check, "names": names, "review": access}
    context["game"] = game
    return render(request, "tables/replay.html", context)


def _seat_param(request: HttpRequest) -> int | None:
    value = request.GET.get("seat", "")
    return int(value) if value.isdigit() else None


@login_required
def replay_file(request: HttpRequest, hand_id: int) -> HttpResponse:
    """The finished hand as a replay file for `python -m engine review` (its players and operators only)."""
    hand = get_object_or_404(Hand.objects.filter(~Q(status=HandStatus.PLAYING)), pk=hand_id)
    if hand.seat_of(int(request.user.pk or 0)) is None and not request.user.is_staff:
        raise PermissionDenied("only the hand's players may download it")
    response = JsonResponse(replay_document(hand), json_dumps_params={"ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="hand-{hand.pk}.json"'
    return response
