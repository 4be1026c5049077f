"""The arenas' pages: an event's page (countdown, standings live, join/withdraw, the podium at the end) and the
buttons that join and withdraw, and which arenas the match zone and the lobby point at. Thin: match.arena acts,
match.arena_live says what the standings are."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from accounts.services import reader
from accounts.throttle import client_ip
from match import arena, arena_end, arena_live
from match.models import Arena, ArenaStatus, ArenaTable, EntryState

FLAME_FROM = 2  # a streak of this many wins shows the flame (the doubled hands begin there)


def shown_rows(rows: list[dict[str, Any]], min_hands: int, me: int) -> list[dict[str, Any]]:
    """The standings as the page draws them (static/match/arena.js does the same with each push): the rows
    with the minimum hands ranked 1, 2, …, the others after them unranked, the reader's own row on top too."""
    order = sorted(rows, key=lambda r: (-r["p"], r["h"], r["k"], r["u"]))
    ranked = [r for r in order if r["h"] >= max(1, min_hands)]
    others = [r for r in order if r["h"] < max(1, min_hands)]
    shown = [{**r, "rank": n, "flame": r["s"] >= FLAME_FROM} for n, r in enumerate(ranked, start=1)]
    shown += [{**r, "rank": None, "flame": r["s"] >= FLAME_FROM} for r in others]
    mine = [{**r, "pinned": True} for r in shown if r["u"] == me]
    return mine + shown


@login_required
def page(request: HttpRequest, arena_id: int) -> HttpResponse:
    """An arena's page: its times, fee and prizes, the player's own entry, the standings (live while it runs)."""
    the_arena = get_object_or_404(Arena.objects.select_related("room"), pk=arena_id)
    user = reader(request)
    entry = arena.entry_of(user, the_arena)
    pool = arena_end.pool_of(the_arena)
    frame = arena_live.full_frame(the_arena.pk)
    context = {
        "arena": the_arena,
        "entry": entry,
        "frame": frame,
        "rows": shown_rows(frame["rows"], the_arena.min_hands, user.pk),
        "podium": frame["head"]["podium"] if the_arena.status == ArenaStatus.FINISHED else [],
        "pool": pool,
        "prizes": [arena_end.prize_for(the_arena, rank, pool) for rank in (1, 2, 3)],
        "live": the_arena.status in (ArenaStatus.SCHEDULED, ArenaStatus.RUNNING, ArenaStatus.FINISHING),
        "can_join": the_arena.is_open(),
    }
    return render(request, "match/arena.html", context)


ARENAS_RECENT = timedelta(days=2)  # a finished arena stays listed in the zone this long
ARENAS_LISTED = 12
LIVE_ARENAS = (ArenaStatus.RUNNING, ArenaStatus.FINISHING)


def arenas_to_show(now: datetime | None = None) -> list[Arena]:
    """The zone's arenas: those running (or playing their last hands), then the scheduled ones soonest first,
    then those finished lately, newest first."""
    now = now or timezone.now()
    shown: QuerySet[Arena] = Arena.objects.select_related("room")
    running = list(shown.filter(status__in=LIVE_ARENAS).order_by("starts_at"))
    coming = list(shown.filter(status=ArenaStatus.SCHEDULED).order_by("starts_at")[:ARENAS_LISTED])
    recent = Q(finished_at__gte=now - ARENAS_RECENT)
    done = list(shown.filter(recent, status=ArenaStatus.FINISHED).order_by("-finished_at")[:ARENAS_LISTED])
    return (running + coming + done)[:ARENAS_LISTED]


def arena_of_the_moment(own_base: int | None = None) -> Arena | None:
    """The arena the lobby points at: one running (the earliest started), else the next scheduled; in the
    player's own bracket's room (`own_base`) when there is one there."""
    shown = Arena.objects.select_related("room")
    for where in ({"room__base": own_base} if own_base else None, {}):
        if where is None:
            continue
        running = shown.filter(status=ArenaStatus.RUNNING, **where).order_by("starts_at").first()
        found = running or shown.filter(status=ArenaStatus.SCHEDULED, **where).order_by("starts_at").first()
        if found:
            return found
    return None


@login_required
@require_POST
def join(request: HttpRequest, arena_id: int) -> HttpResponse:
    the_arena = get_object_or_404(Arena, pk=arena_id)
    try:
        arena.join(reader(request), the_arena, address=client_ip(request))
    except arena.ArenaRefused as refusal:
        messages.error(request, str(refusal))
    return redirect("match:arena", arena_id=arena_id)


@login_required
@require_POST
def withdraw(request: HttpRequest, arena_id: int) -> HttpResponse:
    the_arena = get_object_or_404(Arena, pk=arena_id)
    try:
        arena.withdraw(reader(request), the_arena)
    except arena.ArenaRefused as refusal:
        messages.error(request, str(refusal))
    return redirect("match:arena", arena_id=arena_id)


@login_required
def standings(request: HttpRequest, arena_id: int) -> JsonResponse:
    """The standings snapshot as the page's socket sends it on connecting (for scripts and reconnects)."""
    get_object_or_404(Arena, pk=arena_id)
    return JsonResponse(arena_live.full_frame(arena_id))


@login_required
def mine(request: HttpRequest, arena_id: int) -> JsonResponse:
    """The reader's entry: its state and, while they play, their table's page (the event page goes there when
    it sees them seated and missed the `arena_seated` notification, sent before the page's socket opened)."""
    the_arena = get_object_or_404(Arena, pk=arena_id)
    entry = arena.entry_of(reader(request), the_arena)
    playing = entry is not None and entry.state == EntryState.PLAYING and entry.table_id is not None
    url = reverse("tables:table", args=[entry.table_id]) if entry is not None and playing else None
    return JsonResponse({"state": entry.state if entry else None, "url": url})


@login_required
def table_arena(request: HttpRequest, table_id: int) -> JsonResponse:
    """The arena a table belongs to, for its page (static/tables/arena.js): a page that missed the table's
    `arena_next` event (it came inside a state fetched afresh, or before the page opened) still says where
    the arena goes on. `more`: the arena still seats players. `{"arena": null}` for a table outside every arena."""
    found = ArenaTable.objects.select_related("arena").filter(table_id=table_id).first()
    if found is None:
        return JsonResponse({"arena": None})
    the_arena = found.arena
    more = the_arena.status == ArenaStatus.RUNNING and the_arena.ends_at > timezone.now()
    url = reverse("match:arena", args=[the_arena.pk])
    return JsonResponse({"arena": the_arena.pk, "url": url, "more": more, "status": the_arena.status})
