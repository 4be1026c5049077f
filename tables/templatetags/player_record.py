"""`{% player_record user %}` (the profile's 战绩) and `{% weekly_leaderboard %}` (the lobby's 周排行榜)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from tables.charts import line_chart
from tables.records import player_record, weekly_leaderboard
from tables.services.lobby import VARIANT_NAMES

register = template.Library()


@register.inclusion_tag("tables/player_record.html")
def player_record_card(user: Any) -> dict[str, Any]:
    record = player_record(int(user.pk))
    rows = [(VARIANT_NAMES.get(v.variant, v.variant), v) for v in record.variants if v.hands]
    return {"record": record, "rows": rows, "total": record.total, "chart": _balance_chart(record.balance)}


def _balance_chart(series: list[tuple[str, int]]) -> SafeString:
    from django.utils.translation import gettext

    return line_chart(series, gettext("近30天余额"), gettext("游戏币"))


@register.inclusion_tag("tables/leaderboard.html", takes_context=True)
def weekly_leaderboard_card(context: dict[str, Any]) -> dict[str, Any]:
    from django.conf import settings

    board = weekly_leaderboard()
    request = context.get("request")
    me = getattr(getattr(request, "user", None), "pk", None)
    boards = [(variant, VARIANT_NAMES.get(variant, variant), rows) for variant, rows in board.items()]
    return {"boards": boards, "me": me, "minimum": int(getattr(settings, "LEADERBOARD_MIN_HANDS", 5))}


@register.filter
def percent(share: float) -> str:
    """0.4567 -> "46%"."""
    return f"{round(share * 100)}%"
