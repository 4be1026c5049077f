"""An action's reads and its writes each go to PostgreSQL as one round trip (tables.rows): the lock,
the running hand and the seats in one simple query; the log rows, the hand, the events and the
table's version in another. What they read and write is what the one-by-one statements would, a
failure anywhere in the writes leaves nothing written, and the hand and seats are read after the
lock is granted (another transaction's committed move is seen, never a snapshot from before)."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from tables import rows
from tables.models import ActionLog, Hand, Seat, Table
from tables.services import actions

pytestmark = pytest.mark.django_db(transaction=True)


def fields(obj, but: tuple[str, ...] = ()) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields if f.attname not in but}


def test_lock_and_open_reads_what_lock_table_and_open_play_read(four_players, seat_at_table):
    table = seat_at_table(four_players, "pinghe")
    with transaction.atomic():
        together = actions.lock_and_open(table.pk, timezone.now())
    with transaction.atomic():
        one_by_one = actions.open_play(actions.lock_table(table.pk), timezone.now())
    assert fields(together.table) == fields(one_by_one.table)
    assert fields(together.table.room) == fields(one_by_one.table.room)
    assert fields(together.hand, but=("state",)) == fields(one_by_one.hand, but=("state",))
    assert [fields(s) for s in together.seats] == [fields(s) for s in one_by_one.seats]
    assert together.state == one_by_one.state


def test_a_missing_table_or_hand_is_refused_as_before(four_players, seat_at_table):
    table = seat_at_table(four_players[:1], "pinghe")  # one player: no hand dealt
    with pytest.raises(Table.DoesNotExist), transaction.atomic():
        actions.lock_and_open(10**9, timezone.now())
    with pytest.raises(actions.NoRunningHand), transaction.atomic():
        actions.lock_and_open(table.pk, timezone.now())


def test_held_writes_are_sent_together_and_read_back_as_written(four_players, seat_at_table):
    table = seat_at_table(four_players, "pinghe")
    hand = Hand.objects.get(table=table)
    with transaction.atomic():
        locked = actions.lock_table(table.pk)
        locked.version += 5
        hand.bot_due = timezone.now()
        with rows.batched():
            rows.update(locked, ["version"])
            rows.update(hand, ["bot_due"])
            assert Table.objects.get(pk=table.pk).version == table.version  # held, not sent yet
    assert Table.objects.get(pk=table.pk).version == table.version + 5
    assert Hand.objects.get(pk=hand.pk).bot_due == hand.bot_due


def test_a_failed_write_in_a_batch_leaves_nothing_written(four_players, seat_at_table):
    table = seat_at_table(four_players, "pinghe")
    hand = Hand.objects.get(table=table)
    first = ActionLog(
        table=table, hand=hand, seat=0, client_id="same", source="player", action={}, state_version=0, table_version=1
    )
    again = ActionLog(
        table=table, hand=hand, seat=0, client_id="same", source="player", action={}, state_version=1, table_version=2
    )
    locked_version = table.version
    with pytest.raises(IntegrityError), transaction.atomic():
        locked = actions.lock_table(table.pk)
        locked.version += 1
        with rows.batched():
            rows.update(locked, ["version"])
            rows.insert(ActionLog, [first, again])  # the per-seat client id twice: refused
    assert Table.objects.get(pk=table.pk).version == locked_version
    assert not ActionLog.objects.filter(client_id="same").exists()


def test_a_block_that_raises_sends_nothing(four_players, seat_at_table):
    table = seat_at_table(four_players, "pinghe")
    with pytest.raises(RuntimeError), transaction.atomic():
        locked = actions.lock_table(table.pk)
        locked.version += 1
        with rows.batched():
            rows.update(locked, ["version"])
            raise RuntimeError("the action failed before its writes were sent")
    assert Table.objects.get(pk=table.pk).version == table.version


@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="row locks: PostgreSQL (SQLite serialises writers)")
def test_the_hand_and_seats_are_read_after_the_lock_is_granted(four_players, seat_at_table):
    table = seat_at_table(four_players, "pinghe")
    locked, reading = threading.Event(), threading.Event()
    seen: dict[str, object] = {}

    def mover() -> None:  # holds the lock, then commits a change to the seats and the hand
        with transaction.atomic():
            actions.lock_table(table.pk)
            locked.set()
            reading.wait(5)
            time.sleep(0.3)  # the reader's query is waiting for the lock by now
            Seat.objects.filter(table=table, index=1).update(auto=True)
            Hand.objects.filter(table=table).update(deadline=marker)
        connection.close()

    def reader() -> None:  # asks while the lock is held: waits, then must see the committed change
        locked.wait(5)
        reading.set()
        with transaction.atomic():
            play = actions.lock_and_open(table.pk, timezone.now())
            seen["auto"], seen["deadline"] = play.seats[1].auto, play.hand.deadline
        connection.close()

    marker = timezone.now() + timedelta(days=1)
    threads = [threading.Thread(target=mover), threading.Thread(target=reader)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert seen == {"auto": True, "deadline": marker}
