"""An operator closes a table: a running hand is voided, the players stand up and are told why.

Voiding keeps everything the hand wrote (its action log, its events) and pays
nothing: the hand is marked finished *and* settled with no sheet, so neither the
settlement task nor the reconciler will ever post it, and a `hand_voided` event
(with the seed revealed, so the deal can still be checked) says so. An escape
recorded earlier in that hand keeps its penalty: the player did leave. Closing
is done once: a closed table refuses a second close.

`remove_player` stands a suspended or banned player up everywhere (see there).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from tables.errors import TableClosed
from tables.models import Hand, HandStatus, Seat, Table, TableStatus
from tables.services import actions
from tables.services.events import EventRecorder, same_for_all
from tables.services.seats import announce_seats, close_if_no_players, free_seat

VOIDED_EVENT = "hand_voided"


@dataclass(frozen=True, slots=True)
class ClosedTable:
    """What a close did: the table, the hand it voided (if one was running), the players it stood up."""

    table: Table
    voided: Hand | None
    players: tuple[int, ...]


def close_table(table_id: int, reason: str, now: datetime | None = None) -> ClosedTable:
    """Close the table for `reason` (shown to its players); raises TableClosed if it already is."""
    now = now or timezone.now()
    with transaction.atomic():
        table = actions.lock_table(table_id)
        if table.status == TableStatus.CLOSED:
            raise TableClosed()
        events = EventRecorder(table)
        voided = _void_running_hand(table, reason, now, events)
        players = tuple(table.seats.filter(user__isnull=False).values_list("user_id", flat=True))
        table.seats.update(user=None, is_bot=False, auto=False, leaving=False, connections=0, ready=False)
        table.status, table.next_hand_at, table.bots_at = TableStatus.CLOSED, None, None
        table.save(update_fields=["status", "next_hand_at", "bots_at"])
        announce_seats(table, events)
        closed = {"type": "table_closed", "reason": reason, "voided_hand": voided.pk if voided else None}
        events.add("table_closed", same_for_all(table.room.n_seats, closed))
        events.finish()
        return ClosedTable(table, voided, players)


def _void_running_hand(table: Table, reason: str, now: datetime, events: EventRecorder) -> Hand | None:
    hand = table.hands.select_for_update().filter(status=HandStatus.PLAYING).first()
    if hand is None:
        return None
    hand.status, hand.settled, hand.sheet = HandStatus.FINISHED, True, None
    hand.finished_at, hand.deadline = now, None
    hand.save(update_fields=["status", "settled", "sheet", "finished_at", "deadline"])
    voided = {"type": VOIDED_EVENT, **actions.hand_header(hand), "seed": hand.seed, "reason": reason}
    events.add(VOIDED_EVENT, same_for_all(table.room.n_seats, voided), hand)
    return hand


def is_voided(hand: Hand) -> bool:
    """Whether an operator voided this hand (it ended without a result)."""
    return hand.events.filter(kind=VOIDED_EVENT).exists()


def remove_player(user_id: int, now: datetime | None = None) -> list[int]:
    """Stand a suspended or banned player up at every open table; returns the tables' ids.

    Between hands the seat is freed at once. In a running hand the bot plays the
    seat to the end (托管) and the seat is freed after the settlement, as for a
    leaver, but no escape is recorded: the operator removed the player, they did
    not run, and the hand's result stands.
    """
    now = now or timezone.now()
    table_ids = list(
        Seat.objects.filter(user_id=user_id)
        .exclude(table__status=TableStatus.CLOSED)
        .values_list("table_id", flat=True)
    )
    for table_id in table_ids:
        with transaction.atomic():
            table = actions.lock_table(table_id)
            seat = table.seats.filter(user_id=user_id).first()
            if seat is not None:
                _stand_up(table, seat, now)
    return table_ids


def _stand_up(table: Table, seat: Seat, now: datetime) -> None:
    events = EventRecorder(table)
    if table.status == TableStatus.PLAYING:
        seat.leaving, seat.auto = True, True
        seat.save(update_fields=["leaving", "auto"])
        view = {"type": "auto", "seat": seat.index, "auto": True}
        events.add("auto", same_for_all(table.room.n_seats, view), table.current_hand())
        announce_seats(table, events)
        actions.run_bots_now(table, now, events)
    else:
        free_seat(seat)
        announce_seats(table, events)
        close_if_no_players(table)
    events.finish()
