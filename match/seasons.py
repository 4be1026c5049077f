"""Seasons: one per calendar month by default (site time zone), their live and frozen standings, their end.

Standings rank a season's pass holders by 龙珠 (RULINGS: ties go to fewer hands played, then to
whoever reached their total first). At the end the standings are frozen (`Standing` rows, written
once) and the prize table is paid, each place its own ledger movement with its own key, so running
the end twice pays once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models import Count, Max, Q, Sum
from django.utils import timezone

from accounts.models import User
from ledger import services as ledger
from ledger.models import Posting, Transaction, TransactionKind
from match.models import MatchPass, PassSource, PearlEntry, PrizeNotice, Season, Standing, monthly_name

STANDINGS_CACHE_SECONDS = 1  # the live standings are recomputed at most once a second per season


# --- which season -----------------------------------------------------------------------


def current_season(now: datetime | None = None) -> Season | None:
    now = now or timezone.now()
    return Season.objects.filter(starts_at__lte=now, ends_at__gt=now).order_by("starts_at").first()


def month_start(day: date) -> datetime:
    """Midnight of the first of `day`'s month in the site's time zone."""
    return timezone.make_aware(datetime(day.year, day.month, 1), timezone.get_current_timezone())


def next_month(day: date) -> date:
    return date(day.year + day.month // 12, day.month % 12 + 1, 1)


def monthly_season(day: date) -> Season:
    """The season of `day`'s calendar month, made on first call (keyed by the month: idempotent)."""
    start, end = month_start(day), month_start(next_month(day))
    name = monthly_name(_month_key(day))
    season, _ = Season.objects.get_or_create(
        month=_month_key(day), defaults={"name": name, "starts_at": start, "ends_at": end}
    )
    return season


def make_monthly_seasons(now: datetime | None = None) -> list[Season]:
    """This month's season and the next (so operators can edit it before it starts), made once each.

    A month an operator's own season already covers gets none of its own."""
    today = timezone.localdate(now or timezone.now())
    made = []
    for day in (today, next_month(today)):
        start, end = month_start(day), month_start(next_month(day))
        overlapping = Season.objects.filter(starts_at__lt=end, ends_at__gt=start).exclude(month=_month_key(day))
        if not overlapping.exists():
            made.append(monthly_season(day))
    return made


def _month_key(day: date) -> str:
    return f"{day.year:04d}-{day.month:02d}"


# --- standings ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Row:
    rank: int
    user_id: int
    name: str
    pearls: int
    hands: int
    wins: int
    prize: int = 0


def _standings_key(season_id: int) -> str:
    return f"match:standings:{season_id}"


def live_standings(season: Season) -> list[Row]:
    """The season's pass holders ranked now (cached for a second: the page and the API read it often)."""
    rows = cache.get(_standings_key(season.pk))
    if rows is None:
        rows = compute_standings(season)
        cache.set(_standings_key(season.pk), rows, STANDINGS_CACHE_SECONDS)
    return list(rows)


def forget_standings(season_id: int) -> None:
    """Drop the cached standings (a pass or 龙珠 changed them): now, and again once the writing transaction
    commits (in case a reader cached the old ones meanwhile), then push the new ones to open pages."""
    cache.delete(_standings_key(season_id))
    transaction.on_commit(lambda: _changed(season_id))


def _changed(season_id: int) -> None:
    from match.live import announce  # live builds on this module

    cache.delete(_standings_key(season_id))
    announce(season_id)


def compute_standings(season: Season) -> list[Row]:
    holders = MatchPass.objects.filter(season=season, revoked_at__isnull=True).values_list("user_id", flat=True)
    totals: dict[int, dict[str, Any]] = {
        row["user"]: dict(row)
        for row in PearlEntry.objects.filter(season=season, user_id__in=list(holders))
        .values("user")
        .annotate(total=Sum("pearls"), played=Count("id"), winning=Count("id", filter=Q(won=True)),
                  reached=Max("id", filter=Q(pearls__gt=0)))
    }  # fmt: skip
    names = {u.pk: u.shown_name for u in User.objects.filter(pk__in=list(holders))}
    facts: list[tuple[int, dict[str, Any]]] = [(uid, totals.get(uid, {})) for uid in holders]
    facts.sort(key=lambda f: (-(f[1].get("total") or 0), f[1].get("played") or 0, f[1].get("reached") or 0, f[0]))
    return [
        Row(rank, uid, names.get(uid, str(uid)), int(t.get("total") or 0), int(t.get("played") or 0),
            int(t.get("winning") or 0))
        for rank, (uid, t) in enumerate(facts, start=1)
    ]  # fmt: skip


def standings(season: Season) -> list[Row]:
    """Frozen rows for an ended season, live ones otherwise."""
    if season.frozen_at is not None:
        frozen = season.standings.select_related("user")
        return [Row(s.rank, s.user_id, s.user.shown_name, s.pearls, s.hands, s.wins, s.prize) for s in frozen]
    return live_standings(season)


def row_of(rows: list[Row], user_id: int) -> Row | None:
    return next((r for r in rows if r.user_id == user_id), None)


@dataclass(frozen=True, slots=True)
class Summary:
    """A season at a glance, for the operators' dashboard."""

    season: Season
    passes_sold: int
    passes_granted: int
    pearls: int
    prize_coins: int


def summary(season: Season) -> Summary:
    passes = MatchPass.objects.filter(season=season)
    pearls = PearlEntry.objects.filter(season=season).aggregate(total=Sum("pearls"))["total"] or 0
    prizes = Transaction.objects.filter(kind=TransactionKind.MATCH_PRIZE, reference=f"season:{season.pk}")
    paid = Posting.objects.filter(transaction__in=prizes, amount__gt=0).aggregate(total=Sum("amount"))["total"] or 0
    return Summary(
        season,
        passes.filter(source=PassSource.BOUGHT).count(),
        passes.filter(source=PassSource.GRANTED).count(),
        int(pearls),
        int(paid),
    )


def dashboard_seasons(now: datetime | None = None) -> list[Summary]:
    """The running season and the last ended one (whose prizes were paid at its end)."""
    now = now or timezone.now()
    running = current_season(now)
    ended = Season.objects.filter(ends_at__lte=now).order_by("-ends_at").first()
    return [summary(s) for s in (running, ended) if s is not None]


# --- the end of a season -------------------------------------------------------------------


def end_season(season_id: int, now: datetime | None = None) -> bool:
    """Freeze an ended season's standings (once) and pay its prizes (each once); False if not ended yet."""
    now = now or timezone.now()
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season_id)
        if not season.has_ended(now):
            return False
        if season.frozen_at is None:
            _freeze(season, now)
    for standing in season.standings.filter(prize__gt=0):
        pay_prize(standing)
    return True


def _freeze(season: Season, now: datetime) -> None:
    rows = compute_standings(season)
    Standing.objects.bulk_create(
        Standing(season=season, rank=r.rank, user_id=r.user_id, pearls=r.pearls, hands=r.hands, wins=r.wins,
                 prize=season.prize_for(r.rank))
        for r in rows
    )  # fmt: skip
    season.frozen_at = now
    season.save(update_fields=["frozen_at"])
    forget_standings(season.pk)


def prize_key(standing: Standing) -> str:
    return f"match:season:{standing.season_id}:prize:{standing.rank}"


def pay_prize(standing: Standing) -> None:
    """One place's prize, a ledger movement of its own key (a re-run replays it), and the winner's notice."""
    with transaction.atomic():
        ledger.pay_match_prize(
            standing.user_id, standing.prize, reference=f"season:{standing.season_id}", key=prize_key(standing),
            reason=f"比赛专区 {standing.season.name} 第 {standing.rank} 名奖金",
        )  # fmt: skip
        PrizeNotice.objects.get_or_create(standing=standing, defaults={"user_id": standing.user_id})


def end_due_seasons(now: datetime | None = None) -> int:
    """End every season past its end not frozen or not fully paid yet (the beat task); how many."""
    now = now or timezone.now()
    unpaid = Q(standings__prize__gt=0, standings__notice__isnull=True)  # frozen, but a payment was cut short
    due = Season.objects.filter(Q(frozen_at__isnull=True) | unpaid, ends_at__lte=now).values_list("id", flat=True)
    return sum(end_season(season_id, now) for season_id in set(due))


def unseen_prizes(user: User) -> list[Standing]:
    """Prizes the player has not been told of yet; telling marks them seen."""
    notices = list(PrizeNotice.objects.filter(user=user, seen_at__isnull=True).select_related("standing__season"))
    if notices:
        PrizeNotice.objects.filter(pk__in=[n.pk for n in notices]).update(seen_at=timezone.now())
    return [n.standing for n in notices]
