"""An arena hand's points, and its table's end (runs in the hand's settlement transaction, match.signals).

Points follow the 龙珠 rule (RULINGS "比赛专区"): a winner scores the 番 of the win as the sheet scores it, at
least 1; everyone else 0, and an escaper 0 whatever the sheet says. As in Lichess's arenas, the second and
later consecutive wins score double (the streak's flame); any hand not won ends the streak. Bots score
nothing. Each (hand, seat) is scored once: the settlement runs once, and the unique row stands behind it.

An arena table plays one hand: when it is settled the table closes, its players are told (`arena_next`),
and each goes back to the arena's pool at once, unless they withdrew or escaped (paused) or time is up.
"""

from __future__ import annotations

from datetime import datetime

from django.urls import reverse
from django.utils import timezone

from match import arena_live, jobs
from match.models import Arena, ArenaEntry, ArenaScore, ArenaStatus, ArenaTable, EntryState
from match.pearls import win_fans
from tables.models import Escape, Hand, Table, TableStatus
from tables.services import seats
from tables.services.events import EventRecorder, same_for_all

STREAK_FROM = 2  # the second consecutive win is the first doubled one


def points_for(fan: int | None, streak_before: int) -> tuple[int, bool, int]:
    """(points, doubled, streak after) for a hand won with `fan` 番 (None: not won) after `streak_before` wins."""
    if fan is None:
        return 0, False, 0
    streak = streak_before + 1
    doubled = streak >= STREAK_FROM
    return max(1, fan) * (2 if doubled else 1), doubled, streak


def record_hand(hand_id: int, table: Table, events: EventRecorder, now: datetime | None = None) -> int:
    """Score an arena hand and close its table, inside the settlement's transaction (`table` locked).
    Returns how many seats were scored (0 for a table outside every arena, or a hand already scored)."""
    arena_table = ArenaTable.objects.select_related("arena").filter(table_id=table.pk).first()
    if arena_table is None:
        return 0
    now = now or timezone.now()
    arena = arena_table.arena
    hand = Hand.objects.get(pk=hand_id)
    scored = _score(arena, hand)
    running = arena.status == ArenaStatus.RUNNING and arena.ends_at > now  # the tick may not have seen time up yet
    _back_to_the_pool(arena, table, hand, now)
    _close(arena, table, events, running)
    arena_live.announce_after_commit(arena.pk)
    (jobs.pair_after_commit if running else jobs.finish_after_commit)(arena.pk)
    return scored


def _people(hand: Hand) -> dict[int, int]:
    """Seat: user id of the seats people played."""
    return {seat: int(uid) for seat, uid in enumerate(hand.players) if seat not in hand.bots and uid is not None}


def _score(arena: Arena, hand: Hand) -> int:
    people = _people(hand)
    mine = ArenaEntry.objects.select_for_update().filter(arena=arena, user_id__in=people.values())
    entries = {e.user_id: e for e in mine}
    done = set(ArenaScore.objects.filter(hand=hand).values_list("seat", flat=True))
    escaped = set(Escape.objects.filter(hand=hand).values_list("seat", flat=True))
    fans = win_fans(hand.sheet)
    count = 0
    for seat, user_id in people.items():
        entry = entries.get(user_id)
        if entry is None or seat in done:
            continue
        _score_seat(arena, hand, seat, entry, None if seat in escaped else fans.get(seat), seat in escaped)
        count += 1
    return count


def _score_seat(arena: Arena, hand: Hand, seat: int, entry: ArenaEntry, fan: int | None, escaped: bool) -> None:
    points, doubled, entry.streak = points_for(fan, entry.streak)
    score = ArenaScore.objects.create(
        arena=arena, hand=hand, seat=seat, user_id=entry.user_id, won=fan is not None, escaped=escaped,
        fan=fan or 0, doubled=doubled, points=points,
    )  # fmt: skip
    entry.points += points
    entry.hands += 1
    entry.wins += fan is not None
    if points:
        entry.reached_at = score.pk
    entry.save(update_fields=["points", "hands", "wins", "streak", "reached_at"])


def _back_to_the_pool(arena: Arena, table: Table, hand: Hand, now: datetime) -> None:
    """Each player of the table waits for the next one at once; an escaper is paused, a withdrawn player stays
    out. `last_company` keeps a table of people only (a table with bots is no repeat to avoid)."""
    escaped = set(Escape.objects.filter(hand=hand).values_list("user_id", flat=True))
    people = sorted(_people(hand).values())
    company = people if len(people) == len(hand.players) else []
    for entry in ArenaEntry.objects.select_for_update().filter(arena=arena, table_id=table.pk):
        entry.table, entry.last_company = None, company
        if entry.state == EntryState.PLAYING:
            paused = entry.user_id in escaped
            entry.state = EntryState.PAUSED if paused else EntryState.WAITING
            entry.waiting_since = None if paused else now
        entry.save(update_fields=["table", "last_company", "state", "waiting_since"])


def _close(arena: Arena, table: Table, events: EventRecorder, running: bool) -> None:
    """The table's one hand is over: it closes, and its page is told where the arena goes on (`more`: whether
    another table will come)."""
    table.seats.update(user=None, is_bot=False, auto=False, leaving=False, connections=0, ready=False)
    table.status, table.next_hand_at, table.bots_at = TableStatus.CLOSED, None, None
    table.save(update_fields=["status", "next_hand_at", "bots_at"])
    seats.announce_seats(table, events)
    view = {"type": "arena_next", "arena": arena.pk, "url": reverse("match:arena", args=[arena.pk]), "more": running}
    events.add("arena_next", same_for_all(table.room.n_seats, view))
