"""Between hands: players ready (准备), bots fill empty seats after the room's wait, the next hand is dealt
when every seated person is ready, and at the room's ready time whoever is not ready stands up.

RULINGS "Between hands, and leaving": after a settlement every seated person readies. The next hand is
dealt when every one of them is ready, or when the room's ready time (`Room.between_hands_seconds`) runs
out: then each person not ready is stood up, with no penalty, and their seat is filled as any empty seat
is (another player, or bots after the room's wait). Bots are ready at once; a person under 托管 at the end
of a hand is not ready until they ready themselves. Sitting down is being ready. Before each deal, people
with no open socket stand up too (the heartbeat decides who is present).

Every function runs in one transaction with the table row locked, so a ready and the sweeper's deadline
cannot both win: whichever takes the lock second sees what the first did. Events and tasks go out after
commit.
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
from tables.models import Seat, Table, TableStatus
from tables.services import actions, brackets, friend_rules, seats
from tables.services.events import EventRecorder, same_for_all

# Why a person was stood up between hands: a code, which the page words in its own language.
NOT_READY = "not_ready"  # 未准备
DISCONNECTED = "disconnected"  # 断线


def set_ready(table_id: int, user_id: int, now: datetime | None = None, after_hand: int | None = None) -> None:
    """准备 for the next hand; when it completes the table (every person ready, no empty seat) the hand is
    dealt at once. It ends the player's 托管. During a hand, or for a hand other than the last one finished
    (`after_hand`, the number the client saw end: a late click), it changes nothing."""
    now = now or timezone.now()
    with transaction.atomic():
        table, table_seats = actions.lock_with_seats(table_id)
        seat = next((s for s in table_seats if s.user_id == user_id), None)
        if seat is None:
            raise NotSeated()
        if table.status == TableStatus.PLAYING or (after_hand is not None and after_hand != table.hands_played):
            return
        events = EventRecorder(table)
        was_auto, seat.ready, seat.auto = seat.auto, True, False
        events.add("ready", same_for_all(table.room.n_seats, {"type": "ready", "seat": seat.index}))
        if was_auto:
            seats.announce_seats(table, events, table_seats)
        if _would_deal(table, table_seats):
            rows.update(seat, ["ready", "auto"])  # the deal reads the seats again
            deal_if_full(table, now, events)
            events.finish()
            return
        with rows.batched():  # the seat, the event and the table's version: one round trip
            rows.update(seat, ["ready", "auto"])
            events.finish()


def _would_deal(table: Table, table_seats: list[Seat]) -> bool:
    """Whether the seats as held (one of them just readied) complete the table for a deal."""
    settled = table.status != TableStatus.BETWEEN or table.next_hand_at is not None
    full = all(not s.empty for s in table_seats)
    return settled and full and all(s.ready for s in table_seats if s.user_id is not None)


def start_with_bots(table_id: int, user_id: int, now: datetime | None = None) -> bool:
    """和机器人开始: a seated person asks for bots now instead of after the room's wait. They are ready; the
    bots take the empty seats and the hand is dealt if every person is ready. Returns whether it dealt."""
    now = now or timezone.now()
    with transaction.atomic():
        table = actions.lock_table(table_id)
        seat = table.seats.filter(user_id=user_id).first()
        if seat is None:
            raise NotSeated()
        if table.status not in (TableStatus.WAITING, TableStatus.BETWEEN):
            return False
        friend_rules.check_start_with_bots(table, user_id)
        seat.ready, seat.auto = True, False
        seat.save(update_fields=["ready", "auto"])
        table.bots_at = now
        table.save(update_fields=["bots_at"])
        events = EventRecorder(table)
        events.add("ready", same_for_all(table.room.n_seats, {"type": "ready", "seat": seat.index}))
        dealt = _fill_and_deal(table, now, events)
        events.finish()
        return dealt


def fill_with_bots(table_id: int, now: datetime | None = None) -> bool:
    """After the room's bot wait, bots take the empty seats of a table with a person; the hand is dealt if
    every person is ready (between hands the ready time still runs for the others)."""
    now = now or timezone.now()
    with transaction.atomic():
        table = actions.lock_table(table_id)
        if table.status not in (TableStatus.WAITING, TableStatus.BETWEEN) or not table.bots_at or table.bots_at > now:
            return False
        events = EventRecorder(table)
        dealt = _fill_and_deal(table, now, events)
        events.finish()
        return dealt


def _fill_and_deal(table: Table, now: datetime, events: EventRecorder) -> bool:
    if not table.seats.filter(user__isnull=False).exists():
        return False
    if table.seats.filter(user__isnull=True, is_bot=False).update(is_bot=True):
        seats.announce_seats(table, events)
    table.bots_at = None
    table.save(update_fields=["bots_at"])
    return deal_if_full(table, now, events)


def next_hand(table_id: int, now: datetime | None = None) -> bool:
    """The ready time of a settled table is over: whoever is not ready stands up (no penalty), then the
    hand is dealt if the table is still full; freed seats are filled as any empty seat is."""
    now = now or timezone.now()
    with transaction.atomic():
        table = actions.lock_table(table_id)
        if table.status != TableStatus.BETWEEN or table.next_hand_at is None or table.next_hand_at > now:
            return False
        events = EventRecorder(table)
        _stand_up_absent(table, now, events)  # the gone first: "disconnected" tells them more
        unready = list(table.seats.filter(user__isnull=False, ready=False))
        _stand_up(table, unready, NOT_READY, now, events)
        dealt = deal_if_full(table, now, events)
        events.finish()
        return dealt


def deal_if_full(table: Table, now: datetime, events: EventRecorder) -> bool:
    """Deal at the locked table if it is settled, every seat is taken, every person present and ready."""
    if table.status == TableStatus.BETWEEN and (table.next_hand_at is None):
        return False  # the last hand is not settled yet
    if table.seats.filter(user__isnull=True, is_bot=False).exists():
        return False
    people = table.seats.filter(user__isnull=False)
    if not people.exists() or people.filter(ready=False).exists():
        return False  # the ready time runs (the sweeper's `next_hand` ends it)
    if table.status == TableStatus.BETWEEN and _stand_up_absent(table, now, events):
        return False  # the freed seats are filled first
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
    _stand_up(table, absent, DISCONNECTED, now, events)
    return bool(absent)


def _stand_up(table: Table, people: list[Seat], why: str, now: datetime, events: EventRecorder) -> None:
    """Stand `people` up between hands, free of charge, each told why (`why`: NOT_READY or DISCONNECTED); the
    freed seats wait for players, then bots after the room's wait (closed if nobody is left)."""
    for seat in people:
        view = {"type": "moved_out", "seat": seat.index, "user": seat.user_id, "code": why}
        events.add("moved_out", same_for_all(table.room.n_seats, view))
        seats.free_seat(seat)
    if not people:
        return
    seats.announce_seats(table, events)
    if not seats.close_if_no_players(table):
        if friend_rules.bots_come_by_themselves(table):
            table.bots_at = now + timedelta(seconds=table.room.bot_wait_seconds)
            table.save(update_fields=["bots_at"])
        announce_timers(table, events)


def announce_timers(table: Table, events: EventRecorder) -> None:
    """Tell everyone when the ready time ends and when bots take the empty seats (either may be None)."""
    view = {"type": "timers", **timer_info(table)}
    events.add("timers", same_for_all(table.room.n_seats, view))


def timer_info(table: Table) -> dict[str, str | None]:
    """The table's between-hands deadlines as ISO strings: `ready_by` (准备 time) and `bots_at`."""
    ready_by = table.next_hand_at if table.status == TableStatus.BETWEEN else None
    return {
        "ready_by": ready_by.isoformat() if ready_by else None,
        "bots_at": table.bots_at.isoformat() if table.bots_at else None,
    }


# --- after a settlement --------------------------------------------------------------


def after_settlement(
    table: Table, events: EventRecorder, moved_out: dict[int, str], now: datetime | None = None
) -> None:
    """The hand is posted and marked settled on the locked `table` (its events go to `events`, which
    the caller finishes): move out players whose balance left the bracket, free leavers, start the ready
    time. A table whose people all readied before the settlement is dealt at once."""
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
    if seats.close_if_no_players(table):
        return
    _schedule_next_deal(table, now)
    announce_timers(table, events)
    deal_if_full(table, now, events)


def _moved_out(table: Any, seat: Any, moved_out: dict[int, str]) -> dict[str, Any]:
    return {
        "type": "moved_out",
        "seat": seat.index,
        "user": seat.user_id,
        "code": "bracket",
        "reason": moved_out[seat.user_id],
        "offer_room": brackets.matching_room(seat.user_id, table.room.variant),  # RULINGS: offer the room
    }


def _schedule_next_deal(table: Any, now: datetime) -> None:
    table.next_hand_at = now + timedelta(seconds=table.room.between_hands_seconds)
    if table.seats.filter(user__isnull=True, is_bot=False).exists() and friend_rules.bots_come_by_themselves(table):
        table.bots_at = now + timedelta(seconds=table.room.bot_wait_seconds)
    table.save(update_fields=["next_hand_at", "bots_at"])
