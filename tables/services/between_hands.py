"""Between hands: players get ready, bots fill empty seats after the room's wait, the next hand is dealt
after the pause, and after a settlement players whose balance left the bracket move out.

Before each deal, players with no open socket stand up (the heartbeat decides who is present).
Every function runs in one transaction with the table row locked; events and tasks go out after commit.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from tables import rows
from tables.errors import NotSeated
from tables.models import Table, TableStatus
from tables.services import actions, brackets, seats
from tables.services.events import EventRecorder, same_for_all


def set_ready(table_id: int, user_id: int, now: datetime | None = None) -> None:
    """Ready for the next hand; when every player at a settled table is ready, deal at once. During a
    hand it changes nothing (a late second click must not count for the hand after this one)."""
    now = now or timezone.now()
    with transaction.atomic():
        table, table_seats = actions.lock_with_seats(table_id)
        seat = next((s for s in table_seats if s.user_id == user_id), None)
        if seat is None:
            raise NotSeated()
        if table.status == TableStatus.PLAYING:
            return
        seat.ready = True
        events = EventRecorder(table)
        events.add("ready", same_for_all(table.room.n_seats, {"type": "ready", "seat": seat.index}))
        everyone = all(s.ready for s in table_seats if s.user_id is not None)
        if table.status == TableStatus.BETWEEN and table.next_hand_at and everyone:
            rows.update(seat, ["ready"])  # the deal reads the seats again
            deal_if_full(table, now, events)
            events.finish()
            return
        with rows.batched():  # the seat, the event and the table's version: one round trip
            rows.update(seat, ["ready"])
            events.finish()


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
        seats.announce_seats(table, events)
        dealt = deal_if_full(table, now, events)
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
        dealt = deal_if_full(table, now, events)
        events.finish()
        return dealt


def deal_if_full(table: Table, now: datetime, events: EventRecorder) -> bool:
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
        seats.free_seat(seat)
    if absent:
        seats.announce_seats(table, events)
        if not seats.close_if_no_players(table):
            table.bots_at = now + timedelta(seconds=table.room.bot_wait_seconds)
            table.save(update_fields=["bots_at"])
    return bool(absent)


# --- after a settlement --------------------------------------------------------------


def after_settlement(
    table: Table, events: EventRecorder, moved_out: dict[int, str], now: datetime | None = None
) -> None:
    """The hand is posted and marked settled on the locked `table` (its events go to `events`, which
    the caller finishes): move out players whose balance left the bracket, free leavers, schedule the
    next deal."""
    now = now or timezone.now()
    if table.status != TableStatus.BETWEEN:
        return  # closed meanwhile, or (a late duplicate) the next hand already runs
    for seat in table.seats.select_related("user").filter(user__isnull=False):
        if seat.user_id in moved_out:
            events.add("moved_out", same_for_all(table.room.n_seats, _moved_out(table, seat, moved_out)))
            seats.free_seat(seat)
        elif seat.leaving:
            seats.free_seat(seat)
    seats.announce_seats(table, events)
    if not seats.close_if_no_players(table):
        _schedule_next_deal(table, now)


def _moved_out(table: Any, seat: Any, moved_out: dict[int, str]) -> dict[str, Any]:
    return {
        "type": "moved_out",
        "seat": seat.index,
        "user": seat.user_id,
        "reason": moved_out[seat.user_id],
        "offer_room": brackets.matching_room(seat.user_id, table.room.variant),  # RULINGS: offer the room
    }


def _schedule_next_deal(table: Any, now: datetime) -> None:
    table.next_hand_at = now + timedelta(seconds=table.room.between_hands_seconds)
    if table.seats.filter(user__isnull=True, is_bot=False).exists():
        table.bots_at = now + timedelta(seconds=table.room.bot_wait_seconds)
    table.save(update_fields=["next_hand_at", "bots_at"])
