"""The arenas' pages: an event's page (countdown, standings live, join/withdraw, the podium at the end) and the
buttons that join and withdraw. Thin: match.arena acts, match.arena_live says what the standings are."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from accounts.models import User
from match import arena, arena_end, arena_live
from match.models import Arena, ArenaStatus


def _user(request: HttpRequest) -> User:
    assert isinstance(request.user, User)  # login_required
    return request.user


@login_required
def page(request: HttpRequest, arena_id: int) -> HttpResponse:
    """An arena's page: its times, fee and prizes, the player's own entry, the standings (live while it runs)."""
    the_arena = get_object_or_404(Arena.objects.select_related("room"), pk=arena_id)
    entry = arena.entry_of(_user(request), the_arena)
    pool = arena_end.pool_of(the_arena)
    context = {
        "arena": the_arena,
        "entry": entry,
        "frame": arena_live.full_frame(the_arena.pk),
        "pool": pool,
        "prizes": [arena_end.prize_for(the_arena, rank, pool) for rank in (1, 2, 3)],
        "live": the_arena.status in (ArenaStatus.SCHEDULED, ArenaStatus.RUNNING, ArenaStatus.FINISHING),
        "can_join": the_arena.is_open(),
    }
    return render(request, "match/arena.html", context)


@login_required
@require_POST
def join(request: HttpRequest, arena_id: int) -> HttpResponse:
    the_arena = get_object_or_404(Arena, pk=arena_id)
    try:
        arena.join(_user(request), the_arena, address=request.META.get("REMOTE_ADDR", ""))
    except arena.ArenaRefused as refusal:
        messages.error(request, str(refusal))
    return redirect("match:arena", arena_id=arena_id)


@login_required
@require_POST
def withdraw(request: HttpRequest, arena_id: int) -> HttpResponse:
    the_arena = get_object_or_404(Arena, pk=arena_id)
    try:
        arena.withdraw(_user(request), the_arena)
    except arena.ArenaRefused as refusal:
        messages.error(request, str(refusal))
    return redirect("match:arena", arena_id=arena_id)


@login_required
def standings(request: HttpRequest, arena_id: int) -> JsonResponse:
    """The standings snapshot as the page's socket sends it on connecting (for scripts and reconnects)."""
    get_object_or_404(Arena, pk=arena_id)
    return JsonResponse(arena_live.full_frame(arena_id))
