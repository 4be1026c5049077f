"""The match zone's pages: the zone (season, pass, rooms, the player's place), a season's standings, and
the 龙珠 a settled hand earned (read by the table page's sheet). Thin: match.passes and match.seasons act."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.services import reader
from match import passes, seasons
from match.arena_views import arenas_to_show
from match.models import MatchRoom, Season
from match.pearls import pearls_of_hand
from tables.services import brackets


@login_required
def zone(request: HttpRequest) -> HttpResponse:
    """比赛专区: the season and its time left, the pass (one click to buy, the price stated), the rooms."""
    user = reader(request)
    season = seasons.current_season()
    rows = seasons.live_standings(season) if season else []
    context = {
        "season": season,
        "pass": passes.pass_of(user, season),
        "mine": seasons.row_of(rows, user.pk),
        "top": rows[:10],
        "rooms": MatchRoom.objects.select_related("room").order_by("room__variant", "room__base"),
        "own_base": brackets.base_for_balance(brackets.balance_of(user)),
        "prizes": seasons.unseen_prizes(user),
        "past": Season.objects.filter(frozen_at__isnull=False).order_by("-starts_at")[:12],
        "arenas": arenas_to_show(),
    }
    return render(request, "match/zone.html", context)


@login_required
@require_POST
def buy(request: HttpRequest) -> HttpResponse:
    try:
        held = passes.buy_pass(reader(request))
    except passes.PassRefused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, _("已购买%(season)s通行证。") % {"season": held.season.title})
    return redirect("match:zone")


PINNED_BELOW = 10  # a player ranked below this many rows sees their own row pinned above the standings


@login_required
def season(request: HttpRequest, season_id: int) -> HttpResponse:
    """A season's standings: rank, player, 龙珠, hands, wins (frozen once it ended); the player's row pinned."""
    the_season = get_object_or_404(Season, pk=season_id)
    rows = seasons.standings(the_season)
    mine = seasons.row_of(rows, reader(request).pk)
    context = {
        "season": the_season,
        "rows": rows,
        "mine": mine,
        # pinned on top only when the player's own row is not already among the first on screen
        "pin_mine": mine is not None and mine not in rows[:PINNED_BELOW],
        "live": the_season.frozen_at is None and not the_season.has_ended(),
        "now": timezone.now(),
    }
    return render(request, "match/season.html", context)


@login_required
def hand_pearls(request: HttpRequest, hand_id: int) -> JsonResponse:
    """Seat: 龙珠 earned in a settled hand (the sheet shows "+N 龙珠"); public like the sheet itself."""
    return JsonResponse({"hand_id": hand_id, "pearls": {str(k): v for k, v in pearls_of_hand(hand_id).items()}})
