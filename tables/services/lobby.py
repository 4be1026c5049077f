"""What the lobby shows of each room: its bracket, its open tables and who sits at them."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q
from django.utils.translation import gettext_lazy as _

from ledger.models import Bracket
from tables.models import Room, Seat, TableStatus

VARIANT_NAMES = {
    "pinghe": _("平和麻将"),
    "nanping": _("南平麻将"),
    "erren": _("二人麻将"),
    "guangdong": _("广东鸡平胡"),
}
VARIANT_ABOUT = {
    "pinghe": _("福建平和：开金、白板代金、游金、三金倒，四人16张。"),
    "nanping": _("福建南平：金牌百搭、连庄加倍，四人16张。"),
    "erren": _("两人对局：报听、海底捞月、换牌。"),
    "guangdong": _("广东鸡平胡：番数计分、包牌、一炮多响。"),
}


def room_rows(rooms: list[Room]) -> list[dict[str, Any]]:
    """Per room: the room, its bracket (balance range), open tables, seated players and bots."""
    counts: dict[int, dict[str, int]] = {
        row["table__room"]: {k: int(row[k]) for k in ("players", "bots", "tables")}  # type: ignore[literal-required]
        for row in Seat.objects.filter(table__room__in=rooms)
        .exclude(table__status=TableStatus.CLOSED)
        .values("table__room")
        .annotate(
            players=Count("id", filter=Q(user__isnull=False)),
            bots=Count("id", filter=Q(is_bot=True)),
            tables=Count("table", distinct=True),
        )
    }
    brackets = {b.base: b for b in Bracket.objects.all()}
    return [
        {
            "room": room,
            "bracket": brackets.get(room.base),
            **{k: counts.get(room.pk, _zero())[k] for k in ("players", "bots", "tables")},
        }
        for room in rooms
    ]


def _zero() -> dict[str, int]:
    return {"players": 0, "bots": 0, "tables": 0}
