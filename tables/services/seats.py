"""The seat rows of a table: what everyone is told about them, freeing a seat, closing an empty table, an escape.

The base the other table services share (seating, presence, between hands, settlement). Every function
here runs inside the caller's transaction, with the table row locked by the caller.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from engine.payments import escape_penalty
from tables.models import Escape, Hand, HandStatus, Seat, Table, TableStatus
from tables.services import actions, brackets, friend_rules, jobs
from tables.services.events import EventRecorder, same_for_all


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
            "ready": s.ready or s.is_bot,  # bots are ready at once
        }
        for s in seats
    ]


def announce_seats(table: Table, events: EventRecorder, seats: list[Seat] | None = None) -> None:
    """Tell everyone the seats as they are now (`seats`: the table's seats as the caller holds them, else read)."""
    seats = actions.seats_of(table) if seats is None else seats
    events.add("seats", same_for_all(table.room.n_seats, {"type": "seats", "seats": seat_list(seats)}))


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


def record_escape(
    table: Table, seat: Seat, reason: str, now: datetime, events: EventRecorder, hand_off: bool = False
) -> Escape | None:
    """Record the escape once per hand and seat; the bot plays the seat to the end; the penalty task follows.
    `hand_off`: called by a socket (a leave), the bots' moves go to the worker (actions.run_bots_now)."""
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
    actions.run_bots_now(table, now, events, hand_off=hand_off)
    if created:
        escape_id = escape.pk
        jobs.queue_after_commit(jobs.PENALIZE_ESCAPE, escape_id)  # else: the reconciler
    return escape


def escape_cost(hand: Hand, seat: int, user_id: int) -> int:
    """The coins leaving the running `hand` now would cost the player at `seat` (RULINGS "Escape"): the
    variant's penalty, down to what their balance can pay (the ledger's floor), stated before they confirm."""
    owed = sum(t.owed for t in escape_penalty(hand.variant, hand.base, seat, len(hand.players)))
    return owed if friend_rules.for_points(hand.table_id) else min(owed, brackets.balance_of(user_id))
