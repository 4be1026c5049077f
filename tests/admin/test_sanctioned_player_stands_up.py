"""A suspended or banned player is stood up at once: a bot finishes their running hand (no escape penalty),
a waiting seat is freed, and they cannot sit again until the sanction is lifted."""

from __future__ import annotations

import pytest

from operations import services
from tables.errors import AccountDisabled
from tables.models import Escape, Hand, Room, Seat, TableStatus
from tables.services import seating

pytestmark = pytest.mark.django_db


def test_a_bot_finishes_the_running_hand_without_an_escape(li, ming, running_table, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        services.sanction(ming, "ban", "外挂 cheat tool", by=li)
    hand = Hand.objects.get(table=running_table, number=1)
    assert hand.status == "finished" and hand.settled  # the bots played it out and it was paid as usual
    assert not Escape.objects.filter(user=ming).exists()
    assert not Seat.objects.filter(user=ming).exists()  # freed after the settlement
    running_table.refresh_from_db()
    assert running_table.status == TableStatus.CLOSED  # nobody left at it


def test_a_waiting_seat_is_freed(li, ming, fang):
    room = Room.objects.get(variant="pinghe", base=10)
    table = seating.quick_seat(ming, room)
    seating.quick_seat(fang, room)
    services.sanction(ming, "suspend", "辱骂 abuse", by=li, days=1)
    assert list(Seat.objects.filter(table=table, user__isnull=False).values_list("user", flat=True)) == [fang.pk]


def test_a_sanctioned_player_cannot_sit_until_lifted(li, ming):
    room = Room.objects.get(variant="pinghe", base=10)
    services.sanction(ming, "ban", "外挂", by=li)
    ming.refresh_from_db()
    with pytest.raises(AccountDisabled):
        seating.quick_seat(ming, room)
    services.lift(ming, "申诉成功 appeal upheld", by=li)
    ming.refresh_from_db()
    assert seating.quick_seat(ming, room).room == room
