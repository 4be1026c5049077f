"""Seating: quick seat in the room of the player's bracket, private tables by invite code, leaving.

A player may sit only in the room of their own bracket (RULINGS, `brackets`), at one table at a
time; leaving a running hand is an escape (逃跑). Every function here runs in one transaction
with the table row locked; events and tasks go out after commit. The rest of a seat's life is in
`presence` (sockets, heartbeat, 托管, grace) and `between_hands` (ready, bots, the next deal).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from tables.errors import (
    AccountDisabled,
    AlreadySeated,
    BadInviteCode,
    EscapeUnconfirmed,
    HandRunning,
    NotSeated,
    TableClosed,
    TableFull,
)
from tables.models import KNOWN_OPTIONS, Escape, Room, Seat, Table, TableStatus, new_invite_code
from tables.services import actions, between_hands, brackets, friend_rules, seats
from tables.services.events import EventRecorder


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
    brackets.check_bracket(user, room)
    existing = seated_table(user)
    if existing is not None and existing.room_id == room.pk:
        return existing
    not_seated_elsewhere(user)
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
    brackets.check_bracket(user, room)
    not_seated_elsewhere(user)
    table = create_table(room, private=True, by=user, options=options)
    return sit(user, table.pk, now)


def join_by_code(user: User, code: str, now: datetime | None = None) -> Table:
    """Sit at the private table with this invite code: the one way in by code (the lobby's form and a
    friends' room's join link both come here)."""
    table = Table.objects.filter(invite_code=code.strip().upper()).first()
    if table is None:
        raise BadInviteCode()
    friend_rules.check_admits(user, table)  # closed or over: InviteExpired; a coin room: the bracket
    if Seat.objects.filter(table=table, user=user).exists():
        return table
    not_seated_elsewhere(user)
    return sit(user, table.pk, now)


def sit(user: User, table_id: int, now: datetime | None = None) -> Table:
    """Take the first free seat; the room's bot wait starts with the first player; a full table deals.
    A frozen (suspended or banned) account is refused (`account_disabled`), as are those who may not sit
    together at a coin friends' room (`friend_rules.check_company`). The player's row is locked first (as a
    sanction and a starting 再来一场 lock it, before any table), and under it they are checked again to sit
    at no other table: one table at a time, however they race."""
    now = now or timezone.now()
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True).first()
        table = actions.lock_table(table_id)
        if not User.objects.filter(pk=user.pk, is_active=True).exists():  # frozen since `user` was read
            raise AccountDisabled()
        elsewhere = Seat.objects.filter(user=user, leaving=False).exclude(table_id=table_id)
        other = elsewhere.exclude(table__status=TableStatus.CLOSED).values_list("table_id", flat=True).first()
        if other is not None:
            raise AlreadySeated(message=_("你已经坐在牌桌 #%(table)s 上：请先离开"), table=other)
        if table.status == TableStatus.CLOSED:
            raise TableClosed()
        if table.status == TableStatus.PLAYING:
            raise HandRunning("a hand is running; wait for it to end or pick another table")
        friend_rules.check_company(user, table)
        seat = table.seats.filter(user__isnull=True, is_bot=False).order_by("index").first()
        if seat is None:
            raise TableFull()
        friend_rules.leave_rematches(user.pk)  # sitting here is leaving any pending 再来一场
        # Sitting down is being ready (准备): the deal waits for nobody's click but the others'.
        seat.user, seat.auto, seat.leaving, seat.disconnected_at, seat.ready = user, False, False, now, True
        seat.save()
        events = EventRecorder(table)
        if table.bots_at is None and friend_rules.bots_come_by_themselves(table):
            table.bots_at = now + timedelta(seconds=table.room.bot_wait_seconds)
            table.save(update_fields=["bots_at"])
            between_hands.announce_timers(table, events)
        seats.announce_seats(table, events)
        between_hands.deal_if_full(table, now, events)
        events.finish()
        return table


def seat_together(room: Room, user_ids: Sequence[int], now: datetime | None = None) -> Table:
    """A new table of `room` with these players in its first seats and bots in the rest, dealt at once: an
    arena's table (match.arena_pairing), which nobody else can join (private, with no invite code). Every
    player's row is locked first, in id order (as `sit` locks one); a frozen account refuses
    (AccountDisabled), as does a player seated at another open table (AlreadySeated): nothing changes."""
    now = now or timezone.now()
    if not 1 <= len(user_ids) <= room.n_seats or len(set(user_ids)) != len(user_ids):
        raise ValueError(f"{len(user_ids)} players for a {room.n_seats}-seat table")
    with transaction.atomic():
        locked = User.objects.select_for_update().filter(pk__in=user_ids, is_active=True).order_by("pk")
        if len(list(locked.values_list("pk", flat=True))) != len(user_ids):
            raise AccountDisabled()
        busy = Seat.objects.filter(user_id__in=user_ids, leaving=False).exclude(table__status=TableStatus.CLOSED)
        other = busy.values_list("table_id", flat=True).first()
        if other is not None:
            raise AlreadySeated(message=_("你已经坐在牌桌 #%(table)s 上：请先离开"), table=other)
        table = Table.objects.create(room=room, private=True, invite_code=None)
        Seat.objects.bulk_create([_together(table, i, user_ids, now) for i in range(room.n_seats)])
        table = actions.lock_table(table.pk)
        events = EventRecorder(table)
        seats.announce_seats(table, events)
        between_hands.deal_if_full(table, now, events)
        events.finish()
        return table


def _together(table: Table, index: int, user_ids: Sequence[int], now: datetime) -> Seat:
    """Seat `index` of a table seated together: its player (ready: sitting down is being ready), else a bot."""
    if index < len(user_ids):
        return Seat(table=table, index=index, user_id=user_ids[index], ready=True, disconnected_at=now)
    return Seat(table=table, index=index, is_bot=True, ready=True)


def leave(user: User, table_id: int, now: datetime | None = None, *, confirmed: bool = False) -> Escape | None:
    """Stand up: free between hands (RULINGS). During a running hand this is an escape (逃跑), which the
    player must have confirmed knowing its cost (else EscapeUnconfirmed, stating it; nothing changes):
    the bot plays on, the penalty follows."""
    now = now or timezone.now()
    with transaction.atomic():
        table = actions.lock_table(table_id)
        seat = table.seats.filter(user=user).first()
        if seat is None:
            raise NotSeated()
        events = EventRecorder(table)
        escape = None
        if table.status == TableStatus.PLAYING:
            _check_confirmed(table, seat, confirmed)
            escape = seats.record_escape(table, seat, "left", now, events, hand_off=True)
        else:
            seats.free_seat(seat)
            seats.announce_seats(table, events)
            seats.close_if_no_players(table)
        events.finish()
        return escape


def _check_confirmed(table: Table, seat: Seat, confirmed: bool) -> None:
    hand = table.current_hand()
    if confirmed or seat.leaving or hand is None or seat.user_id is None:
        return
    cost = seats.escape_cost(hand, seat.index, seat.user_id)
    if friend_rules.for_points(table.pk):  # a friends' room played for 积分: the escape costs points
        raise EscapeUnconfirmed(message=_("牌局进行中：现在离开算作逃跑，将扣除 %(cost)s 积分。请确认"), cost=cost)
    raise EscapeUnconfirmed(message=_("牌局进行中：现在离开算作逃跑，将扣除 %(cost)s 游戏币。请确认"), cost=cost)


def not_seated_elsewhere(user: User) -> None:
    """One table at a time: leaving a running hand is an escape, so a second seat would be one."""
    table = seated_table(user)
    if table is not None:
        raise AlreadySeated(message=_("你已经坐在牌桌 #%(table)s 上：请先离开"), table=table.pk)
