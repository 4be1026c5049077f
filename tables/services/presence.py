"""Presence: a player's open sockets at their table, the heartbeat, the grace period that starts when
the last socket closes (the seat keeps its own timers meanwhile), and the escape when it runs out.

A seat counts its open sockets, but the heartbeat (`last_seen`) decides: a socket whose process
died never ran its disconnect, so the sweeper treats a silent count as gone (`presence_lost`).
Every function runs in one transaction with the table row locked; events go out after commit.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from tables.models import Escape, Seat, Table, TableStatus
from tables.services import actions, friend_rules, seats
from tables.services.events import EventRecorder, same_for_all
from tables.services.snapshot import snapshot_locked


def arrive(table_id: int, user_id: int) -> tuple[bool, int | None, dict[str, Any]]:
    """A socket opened, in one transaction on the locked table: whether the user may watch (anyone
    logged in a public table, only its players a private one), their seat (None: a spectator; a seat
    counts the connection) and the state that seat may see."""
    with transaction.atomic():
        try:
            table = actions.lock_table(table_id)
        except Table.DoesNotExist:
            return False, None, {}
        table_seats = actions.seats_of(table)
        if table.private and all(s.user_id != user_id for s in table_seats) and not friend_rules.may_watch(table):
            return False, None, {}
        seat = connected_locked(table, table_seats, user_id)
        return True, seat, snapshot_locked(table, table_seats, seat)


def connected(table_id: int, user_id: int) -> int | None:
    """A socket of this user opened: returns their seat index (None = spectator) and ends 托管 from a disconnect."""
    with transaction.atomic():
        table = actions.lock_table(table_id)
        return connected_locked(table, actions.seats_of(table), user_id)


def connected_locked(table: Table, table_seats: list[Seat], user_id: int) -> int | None:
    """`connected` inside the caller's transaction: `table` locked, `table_seats` its seats (with their
    users), which are updated in place, so the caller's snapshot shows the connection."""
    seat = next((s for s in table_seats if s.user_id == user_id), None)
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
    seats.announce_seats(table, events, table_seats)
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
    """A socket closed; with none left the grace period starts. Quick on the socket's server: with
    nobody left watching, the worker plays the bots' moves."""
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
        actions.run_bots_now(table, now, events, hand_off=True)
        events.finish()


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
        escape = seats.record_escape(table, seat, "timeout", now, events)
        events.finish()
        return escape


def _all_sockets_gone(table: Table, seat: Seat, since: datetime, events: EventRecorder) -> None:
    """No socket left: the grace period runs from `since`. The seat stays the player's: a network blip
    must not hand the hand to the bot. Its decisions keep their own timers (a turn that runs out turns
    托管 on, as for anyone), and the bots keep their think time for a player who may be back any moment."""
    seat.disconnected_at = since
    seat.save(update_fields=["connections", "disconnected_at"])
    seats.announce_seats(table, events)
