"""A player's record (战绩) and the weekly leaderboard (周排行榜), read from finished hands.

A finished hand stores its players (user id per seat), the seats house bots played,
its sheet (what each seat owed and, once the ledger has posted it, what the ledger moved:
`engine.sheet.with_posted_transfers`) and the engine's result (winner, discarder,
how it was won), so both are plain reads: nothing is kept twice. A win on another's
discard (点炮胡, 抢杠胡) names the discarder, who dealt in (放炮); a win without one
is self-drawn (自摸, 游金, 抢金, 天胡 …).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext

from engine.sheet import WinType, posted_paid
from ledger.models import Account, Posting
from tables.models import VARIANT_CHOICES, Escape, Hand, HandStatus
from tables.sheet_text import for_points

SCAN_HANDS = 5000  # the most recent hands searched for one player (players are a JSON list per hand)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One finished hand from one seat's side."""

    hand: Hand
    seat: int
    paid: int  # coins the ledger moved for the seat: won (+) or lost (-); 0 before it posts the hand, or for points
    won: bool
    self_drawn: bool
    dealt_in: bool  # this seat's discard was won on

    @property
    def dealer(self) -> bool:
        return self.hand.dealer == self.seat


def outcome(hand: Hand, seat: int) -> Outcome:
    result = (hand.state or {}).get("result") or {}
    winner, discarder, kind = result.get("winner"), result.get("discarder"), result.get("win_type")
    won = winner == seat and kind != WinType.QIANG_ANGANG_WRONG
    return Outcome(hand, seat, _paid(hand.sheet, seat), won, won and discarder is None, discarder == seat != winner)


def _paid(sheet: dict[str, Any] | None, seat: int) -> int:
    """The coins the ledger moved for the seat; none for a hand played for points (a friends' room's 积分)."""
    return 0 if for_points(sheet) else posted_paid(sheet, seat) or 0


def finished_hands_of(user_id: int, hands: Any = None) -> Iterator[tuple[Hand, int]]:
    """The user's finished hands, newest first, with their seat (a house bot's seats are not theirs)."""
    hands = Hand.objects.filter(status=HandStatus.FINISHED) if hands is None else hands
    hands = hands.select_related("table__room").order_by("-finished_at")
    if connection.vendor == "postgresql":  # JSON containment there; SQLite scans the recent hands below
        hands = hands.filter(players__contains=[user_id])
    for hand in hands[:SCAN_HANDS]:
        seat = hand.seat_of(user_id)
        if seat is not None and seat not in (hand.bots or []):
            yield hand, seat


# --- the player's record ---------------------------------------------------------------


@dataclass(slots=True)
class VariantRecord:
    """Counts for one variant; the shares are fractions (0..1) of hands played, or of wins."""

    variant: str
    hands: int = 0
    wins: int = 0
    self_drawn: int = 0
    dealt_in: int = 0
    coins: int = 0

    def add(self, o: Outcome) -> None:
        self.hands += 1
        self.wins += o.won
        self.self_drawn += o.self_drawn
        self.dealt_in += o.dealt_in
        self.coins += o.paid

    @property
    def win_rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0

    @property
    def self_drawn_share(self) -> float:
        """自摸: of the wins, those without a discarder."""
        return self.self_drawn / self.wins if self.wins else 0.0

    @property
    def on_discard_share(self) -> float:
        """点炮胡: of the wins, those on another seat's discard."""
        return (self.wins - self.self_drawn) / self.wins if self.wins else 0.0

    @property
    def deal_in_share(self) -> float:
        """放炮: of the hands played, those lost on this player's own discard."""
        return self.dealt_in / self.hands if self.hands else 0.0


@dataclass(slots=True)
class PlayerRecord:
    variants: list[VariantRecord]
    biggest: Outcome | None = None  # the win that paid the most coins
    best_streak: int = 0  # 连庄: the most hands dealt in a row (1 = dealt once, never kept the deal)
    escapes: int = 0
    balance: list[tuple[str, int]] = field(default_factory=list)  # the closing balance per day

    @property
    def total(self) -> VariantRecord:
        total = VariantRecord("all")
        for v in self.variants:
            for name in ("hands", "wins", "self_drawn", "dealt_in", "coins"):
                setattr(total, name, getattr(total, name) + getattr(v, name))
        return total


def player_record(user_id: int, days: int = 30, now: datetime | None = None) -> PlayerRecord:
    per_variant = {variant: VariantRecord(variant) for variant, _name in VARIANT_CHOICES}
    record = PlayerRecord(list(per_variant.values()))
    # RULINGS: a hand 托管 finished for an escaped player counts as an escape, not as their win or loss.
    escaped = set(Escape.objects.filter(user_id=user_id).values_list("hand_id", flat=True))
    for hand, seat in finished_hands_of(user_id):
        if hand.pk in escaped:
            continue
        o = outcome(hand, seat)
        per_variant.setdefault(hand.variant, VariantRecord(hand.variant)).add(o)
        if o.won and o.paid > 0 and (record.biggest is None or o.paid > record.biggest.paid):
            record.biggest = o
        if o.dealer:
            record.best_streak = max(record.best_streak, hand.streak)
    record.escapes = len(escaped)
    record.balance = balance_by_day(user_id, days, now)
    return record


def balance_by_day(user_id: int, days: int, now: datetime | None = None) -> list[tuple[str, int]]:
    """The balance at the end of each of the last `days` days (site time zone), oldest first.

    The chart starts from the real balance: the one before the first day, or for a younger account
    the balance its first posting (the welcome grant) left, labelled 开户 — never a made-up 0.
    """
    today = timezone.localdate(now or timezone.now())
    opened = Account.objects.filter(user_id=user_id).values_list("created_at", flat=True).first()
    first = today - timedelta(days=days - 1)
    postings = Posting.objects.filter(account__user_id=user_id)
    series: list[tuple[str, int]] = []
    if opened is not None and timezone.localdate(opened) > first:
        first = min(timezone.localdate(opened), today)
        opening = postings.order_by("id").values_list("balance_after", flat=True).first()
        series.append((gettext("开户"), opening or 0))
    start = timezone.make_aware(datetime.combine(first, time.min), timezone.get_current_timezone())
    before = postings.filter(transaction__created_at__lt=start).order_by("-id").first()
    balance = before.balance_after if before else (series[0][1] if series else 0)
    closing: dict[Any, int] = {}
    for at, after in (
        postings.filter(transaction__created_at__gte=start)
        .order_by("id")
        .values_list("transaction__created_at", "balance_after")
    ):
        closing[timezone.localdate(at)] = after
    for n in range((today - first).days + 1):
        day = first + timedelta(days=n)
        balance = closing.get(day, balance)
        series.append((day.strftime("%m-%d"), balance))
    return series


# --- the weekly leaderboard ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Standing:
    user_id: int
    name: str
    hands: int
    coins: int  # won minus lost this week


def week_start(now: datetime) -> datetime:
    """Monday 00:00 of `now`'s week in the site's time zone."""
    today = timezone.localdate(now)
    monday = today - timedelta(days=today.weekday())
    return timezone.make_aware(datetime.combine(monday, time.min), timezone.get_current_timezone())


def weekly_leaderboard(now: datetime | None = None, top: int = 10) -> dict[str, list[Standing]]:
    """Per variant, this week's players with at least `LEADERBOARD_MIN_HANDS` hands, by coins won.

    Computed from the week's finished hands and cached briefly: the lobby shows it on every visit.
    """
    now = now or timezone.now()
    minimum = int(getattr(settings, "LEADERBOARD_MIN_HANDS", 5))
    key = f"leaderboard:{week_start(now).date().isoformat()}:{top}:{minimum}"
    board = cache.get(key)
    if board is None:
        board = _leaderboard(week_start(now), top, minimum)
        cache.set(key, board, timeout=int(getattr(settings, "LEADERBOARD_CACHE_SECONDS", 60)))
    return dict(board)


def _leaderboard(since: datetime, top: int, minimum: int) -> dict[str, list[Standing]]:
    from accounts.models import User

    totals: dict[str, dict[int, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for hand in _week_hands(since):
        for seat, user_id in enumerate(hand.players):
            if seat not in (hand.bots or []):
                row = totals[hand.variant][int(user_id)]
                row[0] += 1
                row[1] += _paid(hand.sheet, seat)
    names = {u.pk: u.shown_name for u in User.objects.filter(pk__in={u for t in totals.values() for u in t})}
    board: dict[str, list[Standing]] = {}
    for variant, _name in VARIANT_CHOICES:
        rows = [Standing(u, names.get(u, "?"), h, c) for u, (h, c) in totals[variant].items() if h >= minimum]
        board[variant] = sorted(rows, key=lambda s: (-s.coins, -s.hands, s.user_id))[:top]
    return board


def _week_hands(since: datetime) -> Iterable[Hand]:
    """The week's finished hands played for coins (a friends' room played for points is not on the board)."""
    hands = Hand.objects.filter(status=HandStatus.FINISHED, finished_at__gte=since)
    hands = hands.exclude(table__friend_room__stakes="points")
    return hands.only("variant", "players", "bots", "sheet").iterator()
