"""Seating: rooms by bracket, quick seat, private tables, leaving, connections, bots.

A player may sit only in the room of their own bracket (RULINGS). Every
function here runs in one transaction with the table row locked; events and
tasks go out after commit.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from ledger import services as ledger
from tables.errors import (
    AccountDisabled,
    AlreadySeated,
    BadInviteCode,
    HandRunning,
    NotSeated,
    TableClosed,
    TableFull,
    WrongBracket,
)
from tables.models import KNOWN_OPTIONS, Escape, HandStatus, Room, Seat, Table, TableStatus, new_invite_code
from tables.services import actions, jobs
from tables.services.events import EventRecorder, same_for_all


def balance_of(user: User | int) -> int:
    """The player's coin balance."""
    return int(ledger.balance_of(user))


def base_for_balance(balance: int) -> int | None:
    """The base of the bracket holding `balance`, or None below the lowest bracket (cannot sit)."""
    bracket = ledger.bracket_for_balance(balance)
    return int(bracket.base) if bracket else None


def matching_room(user: User | int, variant: str) -> int | None:
    """The id of the room of `variant` for the user's current bracket (None below the lowest bracket)."""
    base = base_for_balance(balance_of(user))
    return Room.objects.filter(variant=variant, base=base).values_list("id", flat=True).first() if base else None


def check_bracket(user: User, room: Room) -> None:
    """Raise WrongBracket unless the user's balance falls in the room's bracket (AccountDisabled if banned)."""
    if not user.is_active:
        raise AccountDisabled()
    balance = balance_of(user)
    base = base_for_balance(balance)
    if base != room.base:
        if base is None:
            raise WrongBracket(
                message=_("你的余额 %(balance)s 低于最低档，不能在底 %(base)s 的房间入座"),
                balance=balance,
                base=room.base,
            )
        raise WrongBracket(
            message=_("你的余额 %(balance)s 属于底 %(fits)s 的房间，不是底 %(base)s"),
            balance=balance,
            fits=base,
            base=room.base,
        )


def seat_list(seats: list[Seat]) -> list[dict[str, Any]]:
    """The public description of the seats."""
    return [
        {
            "seat": s.index,
            "name": s.shown_name,
            "bot": s.is_bot,
            "empty": s.empty,
            "auto": s.auto,
            "connected": s.connections > 0 or s.is_bot,
            "leaving": s.leaving,
        }
        for s in seats
    ]


def announce_seats(table: Table, events: EventRecorder) -> None:
    seats = actions.seats_of(table)
    events.add("seats", same_for_all(table.room.n_seats, {"type": "seats", "seats": seat_list(seats)}))


def create_table(room: Room, *, private: bool = False, by: User | None = None, options: Any = None) -> Table:
    """A new table with its empty seats; private tables get an invite code."""
    opts = {k: v for k, v in dict(options or {}).items() if k in KNOWN_OPTIONS}
    table = Table.objects.create(
        room=room, private=private, invite_code=new_invite_code() if private else None, options=opts, created_by=by
    )
    Seat.objects.bulk_create([Seat(table=table, index=i) for i in range(room.n_seats)])
    return table


def seated_table(user: User, room: Room | None = None) -> Table | None:
    """The open table where the user sits (in `room`, if given)."""
    seats = Seat.objects.filter(user=user, leaving=False).exclude(table__status=TableStatus.CLOSED)
    if room is not None:
        seats = seats.filter(table__room=room)
    seat = seats.select_related("table").first()
    return seat.table if seat else None


def quick_seat(user: User, room: Room, now: datetime | None = None) -> Table:
    """Seat the user at a public table of the room with a free seat (a new one if none)."""
    check_bracket(user, room)
    existing = seated_table(user)
    if existing is not None and existing.room_id == room.pk:
        return existing
    _not_seated_elsewhere(user)
    open_ids = (
        Table.objects.filter(room=room, private=False, status__in=[TableStatus.WAITING, TableStatus.BETWEEN])
        .filter(seats__user__isnull=True, seats__is_bot=False)
        .values_list("id", flat=True)
        .distinct()
    )
    for table_id in open_ids:
        try:
            return sit(user, table_id, now)
        except (TableFull, TableClosed, IntegrityError):
            continue
    table = create_table(room, by=user)
    return sit(user, table.pk, now)


def create_private(user: User, room: Room, options: Any = None, now: datetime | None = None) -> Table:
    """A private table (invite code) with its creator seated."""
    check_bracket(user, room)
    _not_seated_elsewhere(user)
    table = create_table(room, private=True, by=user, options=options)
    return sit(user, table.pk, now)


def join_by_code(user: User, code: str, now: datetime | None = None) -> Table:
    """Sit at the private table with this invite code."""
    table = Table.objects.filter(invite_code=code.strip().upper()).exclude(status=TableStatus.CLOSED).first()
    if table is None:
        raise BadInviteCode()
    check_bracket(user, table.room)
    if Seat.objects.filter(table=table, user=user).exists():
        return table
    _not_seated_elsewhere(user)
    return sit(user, table.pk, now)


def sit(user: User, table_id: int, now: datetime | None = None) -> Table:
    """Take the first free seat; the room's bot wait starts with the first player; a full table deals."""
    now = now or timezone.now()
    with transaction.atomic():
        table = actions.lock_table(table_id)
        if table.status == TableStatus.CLOSED:
            raise TableClosed()
        if table.status == TableStatus.PLAYING:
            raise HandRunning("a hand is running; wait for it to end or pick another table")
        seat = table.seats.filter(user__isnull=True, is_bot=False).order_by("index").first()
        if seat is None:
            raise TableFull()
        seat.user, seat.auto, seat.leaving, seat.disconnected_at = user, False, False, now
        seat.save()
        if table.bots_at is None:
            table.bots_at = now + timedelta(seconds=table.room.bot_wait_seconds)
            table.save(update_fields=["bots_at"])
        events = EventRecorder(table)
        announce_seats(table, events)
        _deal_if_full(table, now, events)
        events.finish()
        return table


def leave(user: User, table_id: int, now: datetime | None = None) -> Escape | None:
    """Stand up. During a running hand this is an escape (逃跑): the bot plays on, the penalty follows."""
    now = now or timezone.now()
    with transaction.atomic():
        table = actions.lock_table(table_id)
        seat = table.seats.filter(user=user).first()
        if seat is None:
            raise NotSeated()
        events = EventRecorder(table)
        escape = None
        if table.status == TableStatus.PLAYING:
            escape = _escape(table, seat, "left", now, events)
        else:
            free_seat(seat)
            announce_seats(table, events)
            close_if_no_players(table)
        events.finish()
        return escape


def connected(table_id: int, user_id: int) -> int | None:
    """A socket of this user opened: returns their seat index (None = spectator) and ends 托管 from a disconnect."""
    with transaction.atomic():
        table = actions.lock_table(table_id)
        seat = table.seats.filter(user_id=user_id).first()
        if seat is None:
            return None
        seat.connections += 1
        seat.disconnected_at, seat.last_seen = None, timezone.now()
        events = EventRecorder(table)
        if seat.auto and not seat.leaving:
            seat.auto = False
            view = {"type": "auto", "seat": seat.index, "auto": False}
            events.add("auto", same_for_all(table.room.n_seats, view), table.current_hand())
        seat.save(update_fields=["connections", "disconnected_at", "auto", "last_seen"])
        announce_seats(table, events)
        events.finish()
        return seat.index


def seen(table_id: int, user_id: int, now: datetime | None = None) -> None:
    """A heartbeat from one of the player's sockets (no lock: only `last_seen` changes)."""
    Seat.objects.filter(table_id=table_id, user_id=user_id).update(last_seen=now or timezone.now())


def presence_lost(seat_id: int, now: datetime | None = None) -> bool:
    """Sockets counted as open but silent past TABLES_PRESENCE_TIMEOUT_SECONDS died with their process
    (a daphne that crashed never ran their disconnect): treat the player as disconnected since last seen."""
    now = now or timezone.now()
    silent = timedelta(seconds=settings.TABLES_PRESENCE_TIMEOUT_SECONDS)
    with transaction.atomic():
        table_id = Seat.objects.values_list("table_id", flat=True).get(pk=seat_id)
        table = actions.lock_table(table_id)
        seat = Seat.objects.get(pk=seat_id)
        if seat.user_id is None or seat.connections == 0 or seat.last_seen is None or seat.last_seen + silent > now:
            return False
        seat.connections = 0
        events = EventRecorder(table)
        _all_sockets_gone(table, seat, seat.last_seen, events)
        actions.run_bots_now(table, now, events)
        events.finish()
        return True


def disconnected(table_id: int, user_id: int, now: datetime | None = None) -> None:
    """A socket closed; with none left the bot plays the seat (托管) and the grace period starts."""
    now = now or timezone.now()
    with transaction.atomic():
        table = actions.lock_table(table_id)
        seat = table.seats.filter(user_id=user_id).first()
        if seat is None:
            return
        seat.connections = max(0, seat.connections - 1)
        events = EventRecorder(table)
        if seat.connections == 0:
            _all_sockets_gone(table, seat, now, events)
        else:
            seat.save(update_fields=["connections"])
        actions.run_bots_now(table, now, events)
        events.finish()


def set_ready(table_id: int, user_id: int, now: datetime | None = None) -> None:
    """Ready for the next hand; when every player at a settled table is ready, deal at once."""
    now = now or timezone.now()
    with transaction.atomic():
        table = actions.lock_table(table_id)
        seat = table.seats.filter(user_id=user_id).first()
        if seat is None:
            raise NotSeated()
        seat.ready = True
        seat.save(update_fields=["ready"])
        events = EventRecorder(table)
        events.add("ready", same_for_all(table.room.n_seats, {"type": "ready", "seat": seat.index}))
        humans = table.seats.filter(user__isnull=False)
        if table.status == TableStatus.BETWEEN and table.next_hand_at and not humans.filter(ready=False).exists():
            _deal_if_full(table, now, events)
        events.finish()


# --- used by the sweeper --------------------------------------------------------


def fill_with_bots(table_id: int, now: datetime | None = None) -> bool:
    """After the room's bot wait, bots take the empty seats of a table with a player, and the hand is dealt."""
    now = now or timezone.now()
    with transaction.atomic():
        table = actions.lock_table(table_id)
        if table.status not in (TableStatus.WAITING, TableStatus.BETWEEN) or not table.bots_at or table.bots_at > now:
            return False
        if table.status == TableStatus.BETWEEN and (table.next_hand_at is None or table.next_hand_at > now):
            return False
        if not table.seats.filter(user__isnull=False).exists():
            return False
        table.seats.filter(user__isnull=True, is_bot=False).update(is_bot=True)
        events = EventRecorder(table)
        announce_seats(table, events)
        dealt = _deal_if_full(table, now, events)
        events.finish()
        return dealt


def next_hand(table_id: int, now: datetime | None = None) -> bool:
    """Deal the next hand of a settled table whose pause is over (bots wait for empty seats first)."""
    now = now or timezone.now()
    with transaction.atomic():
        table = actions.lock_table(table_id)
        if table.status != TableStatus.BETWEEN or table.next_hand_at is None or table.next_hand_at > now:
            return False
        events = EventRecorder(table)
        dealt = _deal_if_full(table, now, events)
        events.finish()
        return dealt


def grace_expired(seat_id: int, now: datetime | None = None) -> Escape | None:
    """A disconnected player did not return within the room's grace period: an escape."""
    now = now or timezone.now()
    with transaction.atomic():
        table_id = Seat.objects.values_list("table_id", flat=True).get(pk=seat_id)
        table = actions.lock_table(table_id)
        seat = Seat.objects.select_related("user").get(pk=seat_id)
        if table.status != TableStatus.PLAYING or seat.user is None or seat.connections > 0 or seat.leaving:
            return None
        hand = table.current_hand()
        if hand is None or seat.disconnected_at is None:
            return None
        if seat.disconnected_at + timedelta(seconds=hand.grace_seconds) > now:
            return None  # the grace of the hand's deal: an operator's change applies from the next hand
        events = EventRecorder(table)
        escape = _escape(table, seat, "timeout", now, events)
        events.finish()
        return escape


# --- internals ----------------------------------------------------------------


def _not_seated_elsewhere(user: User) -> None:
    """One table at a time: leaving a running hand is an escape, so a second seat would be one."""
    table = seated_table(user)
    if table is not None:
        raise AlreadySeated(message=_("你已经坐在牌桌 #%(table)s 上：请先离开"), table=table.pk)


def _all_sockets_gone(table: Table, seat: Seat, since: datetime, events: EventRecorder) -> None:
    """No socket left: the grace period runs from `since`, and during a hand the bot plays the seat (托管)."""
    seat.disconnected_at = since
    if table.status == TableStatus.PLAYING and not seat.auto:
        seat.auto = True
        view = {"type": "auto", "seat": seat.index, "auto": True}
        events.add("auto", same_for_all(table.room.n_seats, view), table.current_hand())
    seat.save(update_fields=["connections", "disconnected_at", "auto"])
    announce_seats(table, events)


def _deal_if_full(table: Table, now: datetime, events: EventRecorder) -> bool:
    if table.status == TableStatus.BETWEEN and (table.next_hand_at is None):
        return False  # the last hand is not settled yet
    if table.status == TableStatus.BETWEEN and _stand_up_absent(table, now, events):
        return False  # bots take the freed seats after the room's wait
    if table.seats.filter(user__isnull=True, is_bot=False).exists():
        return False
    if not table.seats.filter(user__isnull=False).exists():
        return False
    actions.start_hand(table, now, events)
    return True


def _stand_up_absent(table: Table, now: datetime, events: EventRecorder) -> bool:
    """Before the next deal, players with no open socket stand up: the bot must not play hand after hand
    for someone who is gone. Returns whether anybody stood up."""
    # Absent: no socket counted, or counted but silent past the presence timeout (a phantom: its
    # process died or was killed before the disconnect ran) - the heartbeat decides, not the count.
    silent_since = now - timedelta(seconds=settings.TABLES_PRESENCE_TIMEOUT_SECONDS)
    gone = Q(connections=0) | Q(last_seen__lt=silent_since) | Q(last_seen__isnull=True)
    absent = list(table.seats.filter(gone, user__isnull=False))
    for seat in absent:
        reason = "你已断线，已离座 (you were disconnected between hands: you no longer sit at this table)"
        view = {"type": "moved_out", "seat": seat.index, "user": seat.user_id, "reason": reason}
        events.add("moved_out", same_for_all(table.room.n_seats, view))
        free_seat(seat)
    if absent:
        announce_seats(table, events)
        if not close_if_no_players(table):
            table.bots_at = now + timedelta(seconds=table.room.bot_wait_seconds)
            table.save(update_fields=["bots_at"])
    return bool(absent)


def free_seat(seat: Seat) -> None:
    seat.user, seat.auto, seat.leaving, seat.connections, seat.ready = None, False, False, 0, False
    seat.disconnected_at = None
    seat.save()


def close_if_no_players(table: Table) -> bool:
    if table.seats.filter(user__isnull=False).exists():
        return False
    table.status = TableStatus.CLOSED
    table.save(update_fields=["status"])
    table.seats.update(is_bot=False)
    return True


def _escape(table: Table, seat: Seat, reason: str, now: datetime, events: EventRecorder) -> Escape | None:
    """Record the escape once per hand and seat; the bot plays the seat to the end; the penalty task follows."""
    hand = table.hands.filter(status=HandStatus.PLAYING).first()
    if hand is None or seat.user_id is None:
        return None
    escape, created = Escape.objects.get_or_create(
        hand=hand, seat=seat.index, defaults={"user_id": seat.user_id, "reason": reason}
    )
    seat.leaving, seat.auto = True, True
    seat.save(update_fields=["leaving", "auto"])
    view = {"type": "escaped", "seat": seat.index, "reason": reason}
    events.add("escaped", same_for_all(table.room.n_seats, view), hand)
    announce_seats(table, events)
    actions.run_bots_now(table, now, events)
    if created:
        escape_id = escape.pk
        jobs.queue_after_commit(jobs.PENALIZE_ESCAPE, escape_id)  # else: the reconciler
    return escape
