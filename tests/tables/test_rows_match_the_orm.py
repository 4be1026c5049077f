"""The table actions' hand-written statements (tables.rows) read and write exactly what the ORM would:
the same instances field by field (JSON, datetimes, nulls, the joined room), a deferred field that
loads on access, and rows the ORM reads back unchanged. A missing table is Table.DoesNotExist."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.utils import timezone

pytestmark = pytest.mark.django_db(transaction=True)


def fields(obj, but: tuple[str, ...] = ()) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields if f.attname not in but}


def test_the_locked_table_its_room_and_its_seats_are_the_orms(four_players, seat_at_table):
    from tables.models import Seat, Table
    from tables.services import actions

    table = seat_at_table(four_players, "pinghe")
    Table.objects.filter(pk=table.pk).update(next_hand_at=timezone.now(), options={"named_gold": True})
    with transaction.atomic():
        locked = actions.lock_table(table.pk)
        seats = actions.seats_of(locked, names=False)
    orm = Table.objects.select_related("room").get(pk=table.pk)
    assert fields(locked) == fields(orm)
    assert fields(locked.room) == fields(orm.room)
    assert [fields(s) for s in seats] == [fields(s) for s in Seat.objects.filter(table=table).order_by("index")]


def test_a_running_hand_is_read_without_its_state_until_asked(four_players, seat_at_table):
    from tables import rows
    from tables.models import Hand

    table = seat_at_table(four_players, "pinghe")
    (hand,) = rows.fetch(Hand, "table_id = %s", [table.pk], omit=("state",))
    orm = Hand.objects.get(table=table)
    assert fields(hand, but=("state",)) == fields(orm, but=("state",))
    assert "state" in hand.get_deferred_fields()
    assert hand.state == orm.state  # loaded on access


def test_written_rows_read_back_through_the_orm(four_players, seat_at_table):
    from tables import rows
    from tables.models import Hand, TableEvent

    table = seat_at_table(four_players, "pinghe")
    hand = Hand.objects.get(table=table)
    last = TableEvent.objects.filter(table=table).order_by("version").values_list("version", flat=True).last()
    event = TableEvent(table=table, version=(last or 0) + 1, hand=hand, kind="note", public={"t": "东"}, seats={})
    hand.deadline, hand.sheet = None, {"transfers": [{"from": 1, "to": 0, "amount": 30}]}
    with transaction.atomic():
        rows.insert(TableEvent, [event])
        rows.update(hand, ["deadline", "sheet"])
    stored = TableEvent.objects.get(table=table, version=event.version)
    assert (stored.kind, stored.public, stored.seats, stored.hand_id) == ("note", {"t": "东"}, {}, hand.pk)
    assert stored.created_at is not None
    again = Hand.objects.get(pk=hand.pk)
    assert (again.deadline, again.sheet) == (None, hand.sheet)


def test_a_missing_table_is_does_not_exist(db):
    from tables.models import Table
    from tables.services import actions

    with pytest.raises(Table.DoesNotExist), transaction.atomic():
        actions.lock_table(987654)
