"""The dashboard's figures, computed from the database (every process sees the same numbers)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.db.models import Count, Sum
from django.db.models.functions import TruncDate, TruncHour
from django.utils import timezone

from ledger.models import Posting, TransactionKind
from tables.models import VARIANT_CHOICES, Escape, Hand, Seat, Table, TableStatus

Series = list[tuple[str, int]]


@dataclass(frozen=True, slots=True)
class Dashboard:
    players_online: int
    players_seated: int
    tables_by_variant: Series  # tables with a hand running, per variant
    open_tables_by_variant: Series  # tables not closed, per variant
    hands_per_hour: Series  # last 24 hours, oldest first
    coins_by_kind: dict[str, Series]  # per transaction kind: coins moved per day, last `days` days
    escapes_per_day: Series


def dashboard(now: datetime | None = None, days: int = 14) -> Dashboard:
    now = now or timezone.now()
    return Dashboard(
        players_online=players_online(),
        players_seated=Seat.objects.filter(user__isnull=False).exclude(table__status=TableStatus.CLOSED).count(),
        tables_by_variant=tables_by_variant([TableStatus.PLAYING]),
        open_tables_by_variant=tables_by_variant([TableStatus.WAITING, TableStatus.PLAYING, TableStatus.BETWEEN]),
        hands_per_hour=hands_per_hour(now),
        coins_by_kind=coins_by_kind(now, days),
        escapes_per_day=escapes_per_day(now, days),
    )


def players_online() -> int:
    """Players with a socket open at a table right now (the tables count their connections)."""
    seats = Seat.objects.filter(user__isnull=False, connections__gt=0).exclude(table__status=TableStatus.CLOSED)
    return seats.values("user_id").distinct().count()


def tables_by_variant(statuses: list[str]) -> Series:
    counts = dict(
        Table.objects.filter(status__in=statuses)
        .values_list("room__variant")
        .annotate(n=Count("id"))
        .values_list("room__variant", "n")
    )
    return [(variant, int(counts.get(variant, 0))) for variant, _name in VARIANT_CHOICES]


def _hours(now: datetime, count: int) -> list[datetime]:
    top = timezone.localtime(now).replace(minute=0, second=0, microsecond=0)
    return [top - timedelta(hours=h) for h in range(count - 1, -1, -1)]


def hands_per_hour(now: datetime, hours: int = 24) -> Series:
    """Hands dealt in each of the last `hours` hours (local time), oldest first."""
    slots = _hours(now, hours)
    rows = (
        Hand.objects.filter(started_at__gte=slots[0])
        .annotate(hour=TruncHour("started_at", tzinfo=timezone.get_current_timezone()))
        .values("hour")
        .annotate(n=Count("id"))
    )
    counts = {row["hour"]: row["n"] for row in rows}
    return [(slot.strftime("%H:00"), int(counts.get(slot, 0))) for slot in slots]


def _days(now: datetime, count: int) -> list[date]:
    today = timezone.localdate(now)
    return [today - timedelta(days=d) for d in range(count - 1, -1, -1)]


HOUSE_GRANT = "house_grant"  # a grant with no operator: the house topping up its bots (tables.bots)


def coins_by_kind(now: datetime, days: int) -> dict[str, Series]:
    """Coins moved per day for each kind of movement (the credit side of each transaction's postings).

    Grants made by nobody (the house's bot floats) are counted apart, as `house_grant`.
    """
    slots = _days(now, days)
    tz = timezone.get_current_timezone()
    rows = (
        Posting.objects.filter(amount__gt=0, transaction__created_at__date__gte=slots[0])
        .annotate(day=TruncDate("transaction__created_at", tzinfo=tz))
        .values("day", "transaction__kind", "transaction__created_by")
        .annotate(total=Sum("amount"))
    )
    totals: dict[str, dict[date, int]] = defaultdict(lambda: defaultdict(int))
    for row in rows:
        kind = row["transaction__kind"]
        if kind == TransactionKind.GRANT and row["transaction__created_by"] is None:
            kind = HOUSE_GRANT
        totals[kind][row["day"]] += int(row["total"])
    kinds = [*TransactionKind.values, HOUSE_GRANT]
    return {kind: [(d.strftime("%m-%d"), totals[kind].get(d, 0)) for d in slots] for kind in kinds}


def escapes_per_day(now: datetime, days: int) -> Series:
    slots = _days(now, days)
    rows = (
        Escape.objects.filter(created_at__date__gte=slots[0])
        .annotate(day=TruncDate("created_at", tzinfo=timezone.get_current_timezone()))
        .values("day")
        .annotate(n=Count("id"))
    )
    counts = {row["day"]: row["n"] for row in rows}
    return [(d.strftime("%m-%d"), int(counts.get(d, 0))) for d in slots]
