"""Arenas (竞技场): joining and leaving, an operator's cancel, the default schedule, and the beat's tick.

A player joins from the lobby, the match zone or the event page, before or while it runs: the room's
bracket must admit them (as its tables would), and the entry fee, if any, is posted once through the ledger
(`arena:<id>:fee:<user>`). While it runs a joined player is seated as soon as a table's worth are free
(match.arena_pairing), plays one hand, and is back in the pool at once (match.arena_scoring). Withdrawing
stops the pairing (a hand under way is finished; leaving it is an escape), and so does an escape (paused);
joining again resumes, free. A cancelled arena refunds every fee once (`arena:<id>:refund:<user>`).

The tick (match.tasks.arena_tick, on the beat) makes the default schedule's arenas, starts those due, stops
the pairing when time is up, pairs each running arena's pool (bots for whoever has waited too long) and
freezes the ended ones (match.arena_end). Every step is idempotent.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import ClientSighting, User
from ledger import services as ledger
from ledger.models import Account
from match import arena_end, arena_live, arena_pairing, jobs
from match.models import Arena, ArenaEntry, ArenaStatus, EntryState, MatchRoom
from tables.errors import TableError
from tables.models import Room, TableStatus
from tables.services import brackets, seating


class ArenaRefused(Exception):
    """A join or withdrawal that did not happen; nothing moved. `code` is stable (the API shows it)."""

    code = "arena_refused"


class ArenaClosed(ArenaRefused):
    code = "arena_closed"


class NotAdmitted(ArenaRefused):
    code = "wrong_bracket"


class SeatedElsewhere(ArenaRefused):
    code = "already_seated"


class TooPoor(ArenaRefused):
    code = "insufficient_funds"


class NotJoined(ArenaRefused):
    code = "not_joined"


def fee_key(arena_id: int, user_id: int) -> str:
    return f"arena:{arena_id}:fee:{user_id}"


def refund_key(arena_id: int, user_id: int) -> str:
    return f"arena:{arena_id}:refund:{user_id}"


def address_digest(address: str) -> str:
    """The keyed digest an entry keeps of its client address (风控 keeps digests only, never the address: the
    same as accounts.ClientSighting's); empty for an unknown address, which matches nobody."""
    if not address or address == "-":
        return ""
    return ClientSighting.digest_of(ClientSighting.ADDRESS, address)


def entry_of(user: User, arena: Arena) -> ArenaEntry | None:
    if not user.is_authenticated:
        return None
    return ArenaEntry.objects.filter(arena=arena, user=user).first()


# --- a player ---------------------------------------------------------------------------


def join(user: User, arena: Arena, address: str = "", now: datetime | None = None) -> ArenaEntry:
    """Join the arena (or resume after withdrawing or a pause), paying its fee once; raises an `ArenaRefused`
    saying why not. While it runs, the player waits in the pool and is seated as soon as a table is free."""
    now = now or timezone.now()
    _check_can_join(user, arena, now)
    try:
        with transaction.atomic():
            # One join of this player at a time: the fee below sees every entry committed before it.
            Account.objects.select_for_update().get(pk=ledger.account_for(user).pk)
            entry = ArenaEntry.objects.select_for_update().filter(arena=arena, user=user).first()
            entry = _resume(entry, arena, now) if entry else _enter(user, arena, address_digest(address), now)
    except IntegrityError:  # a concurrent join got there first (one entry per player and arena)
        entry = ArenaEntry.objects.get(arena=arena, user=user)
    _after_change(arena)
    return entry


def _check_can_join(user: User, arena: Arena, now: datetime) -> None:
    if arena.status not in (ArenaStatus.SCHEDULED, ArenaStatus.RUNNING) or arena.ends_at <= now:
        raise ArenaClosed(_("这场竞技场已经结束，不能再报名。"))
    try:
        brackets.check_bracket(user, arena.room)
    except TableError as refusal:
        raise NotAdmitted(str(refusal)) from refusal
    elsewhere = seating.seated_table(user)
    if elsewhere is not None and not hasattr(elsewhere, "arena_table"):
        raise SeatedElsewhere(_("你正坐在牌桌 #%(table)s 上：请先离开再报名。") % {"table": elsewhere.pk})


def _enter(user: User, arena: Arena, address: str, now: datetime) -> ArenaEntry:
    txn = None
    if arena.entry_fee > 0:
        try:
            key = fee_key(arena.pk, user.pk)
            txn = ledger.pay_arena_fee(user, arena.entry_fee, reference=f"arena:{arena.pk}", key=key)
        except ledger.InsufficientFunds as refusal:
            message = _("报名费 %(fee)d 游戏币，你的余额只有 %(balance)d。")
            raise TooPoor(message % {"fee": arena.entry_fee, "balance": ledger.balance_of(user)}) from refusal
    running = arena.status == ArenaStatus.RUNNING
    return ArenaEntry.objects.create(
        arena=arena, user=user, address=address, fee_transaction=txn, joined_at=now,
        state=EntryState.WAITING, waiting_since=now if running else None,
    )  # fmt: skip


def _resume(entry: ArenaEntry, arena: Arena, now: datetime) -> ArenaEntry:
    """Back in the pool after withdrawing or a pause (no second fee); a player at a table stays there."""
    if entry.state in (EntryState.WITHDRAWN, EntryState.PAUSED):
        entry.state = EntryState.WAITING
        entry.waiting_since = now if arena.status == ArenaStatus.RUNNING else None
        entry.save(update_fields=["state", "waiting_since"])
    return entry


def withdraw(user: User, arena: Arena) -> ArenaEntry:
    """Leave the arena's pairing: no more tables (a hand under way is played out; leaving it is an escape).
    The points stay on the standings; joining again resumes. Raises NotJoined for a player never in it."""
    with transaction.atomic():
        entry = ArenaEntry.objects.select_for_update().filter(arena=arena, user=user).first()
        if entry is None:
            raise NotJoined(_("你没有报名这场竞技场。"))
        entry.state, entry.waiting_since = EntryState.WITHDRAWN, None
        entry.save(update_fields=["state", "waiting_since"])
    _after_change(arena)
    return entry


def _after_change(arena: Arena) -> None:
    arena_live.announce_after_commit(arena.pk)
    if arena.status == ArenaStatus.RUNNING:
        jobs.pair_after_commit(arena.pk)


# --- operators -----------------------------------------------------------------------------


def cancel(arena: Arena, reason: str, now: datetime | None = None) -> int:
    """Cancel an arena that has not finished: nobody is seated again, no prize is paid, and every fee is
    refunded once (hands under way are played out and settle as the room's). The caller (operations.match)
    audits it in the same transaction. Returns how many fees were refunded; 0 for an arena already over."""
    now = now or timezone.now()
    with transaction.atomic():
        locked = Arena.objects.select_for_update().get(pk=arena.pk)
        if locked.status in (ArenaStatus.FINISHED, ArenaStatus.CANCELLED):
            return 0
        locked.status, locked.cancelled_at, locked.cancel_reason = ArenaStatus.CANCELLED, now, reason
        locked.save(update_fields=["status", "cancelled_at", "cancel_reason"])
        refunded = sum(_refund(locked, entry) for entry in locked.entries.select_for_update())
        locked.entries.update(state=EntryState.WITHDRAWN, waiting_since=None)
    arena.refresh_from_db()
    _after_change(arena)
    return refunded


def _refund(arena: Arena, entry: ArenaEntry) -> int:
    if entry.fee_transaction_id is None or entry.refund_transaction_id is not None:
        return 0
    key = refund_key(arena.pk, entry.user_id)
    reference = f"arena:{arena.pk}"
    entry.refund_transaction = ledger.refund_arena_fee(entry.user_id, arena.entry_fee, reference=reference, key=key)
    entry.save(update_fields=["refund_transaction"])
    return 1


def flagged_pairs(arena: Arena) -> list[tuple[str, list[str]]]:
    """The client addresses (their digests) from which more than one account joined the arena, with the
    accounts (风控: they are never seated together; operators look at them)."""
    shared = (
        arena.entries.exclude(address="").values("address").annotate(n=Count("id")).filter(n__gt=1).order_by("address")
    )
    return [
        (row["address"], [e.user.username for e in arena.entries.filter(address=row["address"]).select_related("user")])
        for row in shared
    ]


# --- the default schedule ---------------------------------------------------------------


def make_daily_arenas(now: datetime | None = None) -> list[Arena]:
    """Today's and tomorrow's scheduled arenas (settings.ARENA_DAILY: a guangdong arena at 20:00 site time in
    each of the game's match rooms by default), each made once (its schedule key is unique)."""
    now = now or timezone.now()
    plan = settings.ARENA_DAILY
    if not plan:
        return []
    today = timezone.localtime(now).date()
    made = []
    for room in MatchRoom.objects.filter(room__variant=plan["variant"]).select_related("room"):
        for day in (today, today + timedelta(days=1)):
            made += _daily(room.room, day, plan)
    return made


def _daily(room: Room, day: date, plan: dict[str, Any]) -> list[Arena]:
    hour, minute = (int(x) for x in str(plan["at"]).split(":"))
    starts = timezone.make_aware(datetime.combine(day, time(hour, minute)))
    key = f"daily:{plan['variant']}:{room.base}:{day}"
    if Arena.objects.filter(schedule_key=key).exists():
        return []
    prizes = [int(p) * room.base for p in plan.get("prize_bases", [])]
    name = f"{starts:%m月%d日} {plan['title']}"
    try:
        with transaction.atomic():
            made = Arena.objects.create(
                schedule_key=key, name=name, room=room, starts_at=starts, minutes=int(plan["minutes"]), prizes=prizes
            )
            return [made]
    except IntegrityError:  # another beat made it meanwhile
        return []


# --- the beat's tick -----------------------------------------------------------------------


def tick(now: datetime | None = None) -> dict[str, int]:
    """Everything due at the arenas at `now`; how many of each thing it did."""
    now = now or timezone.now()
    daily_due = cache.add("arena:daily-made", 1, timeout=60)  # the schedule is looked at once a minute
    done = {"made": len(make_daily_arenas(now)) if daily_due else 0, "started": 0, "timed_out": 0, "paired": 0}
    done["finished"] = 0
    for arena in Arena.objects.filter(status=ArenaStatus.SCHEDULED, starts_at__lte=now):
        done["started"] += start(arena.pk, now)
    for arena in Arena.objects.filter(status=ArenaStatus.RUNNING):
        if arena.ends_at <= now:
            done["timed_out"] += time_up(arena.pk, now)
            continue
        _repair(arena, now)
        done["paired"] += arena_pairing.pair(arena.pk, now)
    for arena in Arena.objects.filter(status=ArenaStatus.FINISHING):
        _repair(arena, now)
        if arena_end.finish(arena.pk, now):
            done["finished"] += 1
            arena_live.announce_after_commit(arena.pk)
    return done


def start(arena_id: int, now: datetime) -> bool:
    """A scheduled arena's start: the players who joined before it begin waiting now."""
    return _advance(arena_id, ArenaStatus.SCHEDULED, ArenaStatus.RUNNING, lambda a: a.starts_at <= now, now)


def time_up(arena_id: int, now: datetime) -> bool:
    """Time is up: nobody is seated again; the hands under way finish, then the arena ends (arena_end)."""
    return _advance(arena_id, ArenaStatus.RUNNING, ArenaStatus.FINISHING, lambda a: a.ends_at <= now, None)


def _advance(
    arena_id: int, before: str, after: str, due: Callable[[Arena], bool], waiting_since: datetime | None
) -> bool:
    """Move the locked arena from `before` to `after` if it is `due`; its waiting players wait from
    `waiting_since` (None: they no longer wait for a table). False if it was not in `before` or not due."""
    with transaction.atomic():
        arena = Arena.objects.select_for_update().get(pk=arena_id)
        if arena.status != before or not due(arena):
            return False
        arena.status = after
        arena.save(update_fields=["status"])
        arena.entries.filter(state=EntryState.WAITING).update(waiting_since=waiting_since)
    arena_live.announce_after_commit(arena_id)
    return True


def _repair(arena: Arena, now: datetime) -> int:
    """Players whose arena table was closed without a settlement (an operator voided its hand) wait again."""
    stranded = arena.entries.filter(state=EntryState.PLAYING).exclude(table__status__in=ACTIVE_TABLE)
    waiting = now if arena.status == ArenaStatus.RUNNING else None
    return stranded.update(state=EntryState.WAITING, table=None, waiting_since=waiting)


ACTIVE_TABLE = (TableStatus.WAITING, TableStatus.PLAYING, TableStatus.BETWEEN)
