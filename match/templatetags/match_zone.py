"""`{% match_zone_card %}` (the lobby's match-zone section, with the arena running or next),
`{% match_record_card user %}` (the player's page, with their arena podium finishes) and
`{% match_sheet_script table %}` (the table page: "+N 龙珠" on the sheet of a match room)."""

from __future__ import annotations

from typing import Any

from django import template
from django.db.models import Sum

from accounts.models import User
from match import arena_end, passes, seasons
from match.arena_views import arena_of_the_moment
from match.models import MatchRoom, PearlEntry
from tables.models import Table
from tables.services import brackets

register = template.Library()


@register.inclusion_tag("match/lobby_card.html", takes_context=True)
def match_zone_card(context: dict[str, Any]) -> dict[str, Any]:
    user = context["request"].user
    season = seasons.current_season()
    own_base = brackets.base_for_balance(brackets.balance_of(user))
    return {
        "season": season,
        "pass": passes.pass_of(user, season),
        "rooms": MatchRoom.objects.select_related("room").order_by("room__variant", "room__base"),
        "own_base": own_base,
        "prizes": seasons.unseen_prizes(user),
        "arena": arena_of_the_moment(own_base),
    }


@register.inclusion_tag("match/record_card.html")
def match_record_card(user: User) -> dict[str, Any]:
    season = seasons.current_season()
    rows = seasons.live_standings(season) if season else []
    total = PearlEntry.objects.filter(user=user).aggregate(total=Sum("pearls"))["total"] or 0
    return {
        "season": season,
        "pass": passes.pass_of(user, season),
        "row": seasons.row_of(rows, user.pk),
        "total": total,
        "podium": arena_end.podium_of(user.pk),
    }


@register.inclusion_tag("match/sheet_script.html")
def match_sheet_script(table: Table) -> dict[str, Any]:
    return {"match_room": MatchRoom.objects.filter(room_id=table.room_id).exists()}
