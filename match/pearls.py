"""龙珠: what a settled match-room hand earns each pass holder (RULINGS "比赛专区").

A pass holder who wins earns the 番 of the win as the sheet scores it (爆胡 cap included, a special
hand its own 番), at least 1, times the room's multiplier; with 一炮多响 each winner their own.
Losers, draws and escapes earn nothing and lose nothing: their entry records the hand with 0.
`record_hand` runs inside the settlement's transaction (tables.services.settlement.hand_settled).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils import timezone

from match.models import MatchPass, MatchRoom, PearlEntry, Season
from match.seasons import current_season, forget_standings
from tables.models import Escape, Hand

# pinghe's wrong 抢暗杠 guess names the guesser as `winner`: they pay, they did not win.
NOT_A_WIN = frozenset({"抢暗杠(抢错)"})


def win_fans(sheet: Mapping[str, Any] | None) -> dict[int, int]:
    """Each winning seat and the 番 of its win as the sheet scores it, at least 1 (empty for a draw)."""
    if not sheet or sheet.get("winner") is None or sheet.get("win_type") in NOT_A_WIN:
        return {}
    lines = {row["seat"]: _fan_lines(row) for row in sheet.get("seats", [])}
    winners = {int(sheet["winner"])} | {seat for seat, fan in lines.items() if fan is not None}
    if len(winners) == 1:
        return {int(sheet["winner"]): max(1, int(sheet.get("total_fan") or 0))}
    return {seat: max(1, lines.get(seat) or 0) for seat in sorted(winners)}  # 一炮多响: each their own


def _fan_lines(row: Mapping[str, Any]) -> int | None:
    """The sum of a seat's descriptive 番 lines (a winner's scoring items), None if it has none."""
    values = [int(i["value"]) for i in row.get("items", []) if _is_fan_line(i)]
    return sum(values) if values else None


def _is_fan_line(item: Mapping[str, Any]) -> bool:
    return item.get("unit") == "番" and not item.get("amount") and item.get("counterparty") is None


def record_hand(hand_id: int) -> list[PearlEntry]:
    """Write the hand's entries for the pass holders who played it (once per hand and seat); the new ones.

    Nothing for a room outside the match zone, a hand outside every season, or seats without a pass."""
    hand = Hand.objects.select_related("table").get(pk=hand_id)
    zone = MatchRoom.objects.filter(room_id=hand.table.room_id).first()
    season = current_season(hand.finished_at or timezone.now()) if zone else None
    if zone is None or season is None:
        return []
    holders = _holders(season, hand)
    done = set(PearlEntry.objects.filter(hand=hand).values_list("seat", flat=True))
    escaped = set(Escape.objects.filter(hand=hand).values_list("seat", flat=True))
    fans = win_fans(hand.sheet)
    entries = [
        _entry(season, hand, seat, user_id, None if seat in escaped else fans.get(seat), zone.multiplier)
        for seat, user_id in enumerate(hand.players)
        if user_id in holders and seat not in done and seat not in hand.bots
    ]
    if entries:
        forget_standings(season.pk)
    return PearlEntry.objects.bulk_create(entries)


def _holders(season: Season, hand: Hand) -> set[int]:
    valid = MatchPass.objects.filter(season=season, user_id__in=hand.players, revoked_at__isnull=True)
    return set(valid.values_list("user_id", flat=True))


def _entry(season: Season, hand: Hand, seat: int, user_id: int, fan: int | None, multiplier: int) -> PearlEntry:
    """A winner's entry (`fan` given) earns fan × multiplier; anyone else's records the hand played."""
    won = fan is not None
    return PearlEntry(
        season=season, hand=hand, seat=seat, user_id=user_id, won=won, fan=fan or 0,
        multiplier=multiplier, pearls=(fan or 0) * multiplier,
    )  # fmt: skip


def pearls_of_hand(hand_id: int) -> dict[int, int]:
    """Seat: 龙珠 earned in the hand (only seats that earned some), for the settlement sheet."""
    rows = PearlEntry.objects.filter(hand_id=hand_id, pearls__gt=0).values_list("seat", "pearls")
    return {int(seat): int(pearls) for seat, pearls in rows}
