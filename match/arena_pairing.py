"""Seating an arena's free players (配桌): as soon as a table's worth are waiting they sit down together.

The rule (`pick_tables`, pure, tested as a table of cases):
- players are taken in standings order, so a table seats players close in the standings;
- two accounts from the same client address never sit at one table (风控; operators see the pairs flagged);
- a group that would be the very same full table as one of its players' last one is not made while
  another waiting player could take a seat in it;
- whoever has waited past the arena's bot wait sits down with the compatible players still waiting and
  bots in the empty seats (bots score nothing).
`pair` runs it with the arena row locked (one pairing of an arena at a time), seats each group at a new table
of the arena's room (tables.services.seating.seat_together, dealt at once) and tells each player where.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from accounts.services import notify_user
from match.arena_models import STANDING_ORDER
from match.models import Arena, ArenaEntry, ArenaStatus, ArenaTable, EntryState
from tables.errors import TableError
from tables.models import Seat, TableStatus
from tables.services import seating

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Waiter:
    """A player waiting in an arena's pool: who, from where, since when, and the full table they last sat at."""

    user_id: int
    address: str = ""
    since: datetime | None = None
    last_company: frozenset[int] = frozenset()


def pick_tables(
    waiting: Sequence[Waiter], n_seats: int, now: datetime, bot_wait: timedelta
) -> list[tuple[Waiter, ...]]:
    """The tables to seat now from `waiting` (in standings order): full tables first, then, for whoever has
    waited past `bot_wait`, a table of the compatible players left, whose empty seats bots take."""
    pool = list(waiting)
    tables = []
    while group := _full_group(pool, n_seats):
        tables.append(group)
        pool = [w for w in pool if w not in group]
    while overdue := [w for w in pool if w.since is not None and now - w.since >= bot_wait]:
        group = _group_from(overdue[0], pool, n_seats)
        tables.append(group)
        pool = [w for w in pool if w not in group]
    return tables


def _full_group(pool: list[Waiter], n_seats: int) -> tuple[Waiter, ...] | None:
    """The first full table that can be made, led by the highest-placed player who can lead one."""
    for lead in pool:
        group = _group_from(lead, pool, n_seats)
        if len(group) == n_seats:
            return group
    return None


def _group_from(lead: Waiter, pool: list[Waiter], n_seats: int) -> tuple[Waiter, ...]:
    """`lead` and the next players in standings order who may join them, up to a table's worth."""
    group = [lead]
    rest = [w for w in pool if w is not lead]
    for index, candidate in enumerate(rest):
        if len(group) == n_seats:
            break
        if not _compatible(candidate, group):
            continue
        if len(group) == n_seats - 1 and _repeats(group, candidate) and _other_could_sit(group, rest[index + 1 :]):
            continue
        group.append(candidate)
    return tuple(group)


def _compatible(candidate: Waiter, group: list[Waiter]) -> bool:
    """Never two accounts of one client address at a table (an unknown address matches nobody)."""
    return not candidate.address or all(member.address != candidate.address for member in group)


def _repeats(group: list[Waiter], candidate: Waiter) -> bool:
    """Whether these players would sit at exactly the full table one of them sat at last."""
    ids = frozenset(w.user_id for w in group) | {candidate.user_id}
    return any(member.last_company == ids for member in (*group, candidate))


def _other_could_sit(group: list[Waiter], later: list[Waiter]) -> bool:
    return any(_compatible(w, group) and not _repeats(group, w) for w in later)


# --- with the database ----------------------------------------------------------------------


def pair(arena_id: int, now: datetime | None = None) -> int:
    """Seat the arena's waiting players who can be seated now; how many tables were made. Only while the
    arena runs; the arena row is locked so two pairings never seat one player twice."""
    now = now or timezone.now()
    with transaction.atomic():
        arena = Arena.objects.select_for_update().select_related("room").get(pk=arena_id)
        if arena.status != ArenaStatus.RUNNING or arena.ends_at <= now:
            return 0
        entries = list(arena.entries.select_for_update().filter(state=EntryState.WAITING).order_by(*STANDING_ORDER))
        entries = _set_aside_the_busy(entries)
        waiters = [_waiter(e) for e in entries]
        wait = timedelta(seconds=arena.bot_wait_seconds)
        by_user = {e.user_id: e for e in entries}
        made = 0
        for group in pick_tables(waiters, arena.room.n_seats, now, wait):
            made += _seat(arena, [by_user[w.user_id] for w in group], now)
        return made


def _waiter(entry: ArenaEntry) -> Waiter:
    return Waiter(entry.user_id, entry.address, entry.waiting_since, frozenset(entry.last_company or ()))


def _set_aside_the_busy(entries: list[ArenaEntry]) -> list[ArenaEntry]:
    """Players who sat down at another table meanwhile are paused (they resume from the arena's page)."""
    users = [e.user_id for e in entries]
    open_seats = Seat.objects.filter(user_id__in=users, leaving=False).exclude(table__status=TableStatus.CLOSED)
    busy = set(open_seats.values_list("user_id", flat=True))
    for entry in entries:
        if entry.user_id in busy:
            entry.state, entry.waiting_since = EntryState.PAUSED, None
            entry.save(update_fields=["state", "waiting_since"])
    return [e for e in entries if e.user_id not in busy]


def _seat(arena: Arena, group: list[ArenaEntry], now: datetime) -> int:
    """One table for `group` (bots in the seats left); 0 if it could not be made (nothing changes then)."""
    users = [e.user_id for e in group]
    try:
        with transaction.atomic():
            table = seating.seat_together(arena.room, users, now)
            ArenaTable.objects.create(arena=arena, table=table, players=_with_bots(users, arena.room.n_seats))
            ArenaEntry.objects.filter(pk__in=[e.pk for e in group]).update(
                state=EntryState.PLAYING, table=table, waiting_since=None
            )
    except TableError:
        log.warning("arena %s: could not seat %s together", arena.pk, users, exc_info=True)
        return 0
    url = reverse("tables:table", args=[table.pk])
    for user_id in users:  # after commit: the page goes to its table (static/match/arena.js)
        notify_user(user_id, {"type": "arena_seated", "arena": arena.pk, "table": table.pk, "url": url})
    return 1


def _with_bots(users: list[int], n_seats: int) -> list[int | None]:
    return [*users, *([None] * (n_seats - len(users)))]
