"""On PostgreSQL, 再来一场's answers race each on their own connection (as two browsers' requests would). The
session's table lock puts one after the other: two who ask at once make one rematch, which starts; the
last acceptance and a decline never both win; and a player who sits down elsewhere while the rematch
starts ends at one table, never two. Never a deadlock, never two new sessions."""

from __future__ import annotations

import pytest
from django.conf import settings

from tests.concurrency import together
from tests.tables.friends import fill, open_room, play_out, short_sessions

pytestmark = [
    pytest.mark.skipif(not settings.DB_IS_POSTGRES, reason="needs PostgreSQL (row locks, real concurrency)"),
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures(short_sessions.__name__),
]


def played(ming, fang):
    from tables.models import FriendRoom

    table = fill(open_room(ming, "erren", 1), [fang])
    play_out(table, [ming, fang])
    return FriendRoom.objects.get(table=table)


def test_two_who_ask_at_once_make_one_rematch_which_starts(ming, fang, funded, rooms):
    from tables.models import FriendRoom, Rematch
    from tables.services import friends

    old = played(funded(ming), funded(fang))
    answers = together(
        lambda: friends.propose_rematch(old.pk, ming.pk), lambda: friends.propose_rematch(old.pk, fang.pk)
    )
    assert all(isinstance(a, Rematch) for a in answers), answers
    rematch = Rematch.objects.get()
    assert rematch.status == "started" and FriendRoom.objects.count() == 2


@pytest.mark.parametrize("round_", range(3))
def test_the_last_acceptance_and_a_decline_never_both_win(ming, fang, funded, rooms, round_):
    from tables.errors import RematchDeclined, RematchStarted
    from tables.models import FriendRoom
    from tables.services import friends

    old = played(funded(ming), funded(fang))
    asked = friends.propose_rematch(old.pk, ming.pk)
    accepted, declined = together(
        lambda: friends.answer_rematch(asked.pk, fang.pk, accept=True),
        lambda: friends.answer_rematch(asked.pk, ming.pk, accept=False),
    )
    asked.refresh_from_db()
    if asked.status == "started":
        assert isinstance(declined, RematchStarted) and FriendRoom.objects.count() == 2
    else:
        assert asked.status == "declined" and isinstance(accepted, RematchDeclined)
        assert FriendRoom.objects.count() == 1


@pytest.mark.parametrize("round_", range(3))
def test_sitting_elsewhere_while_it_starts_ends_at_one_table(ming, fang, funded, rooms, round_):
    from tables.errors import AlreadySeated, RematchDeclined
    from tables.models import Room, Seat, TableStatus
    from tables.services import friends, seating

    old = played(funded(ming), funded(fang))
    asked = friends.propose_rematch(old.pk, ming.pk)
    public = Room.objects.get(variant="pinghe", base=10)
    accepted, sat = together(
        lambda: friends.answer_rematch(asked.pk, fang.pk, accept=True),
        lambda: seating.quick_seat(ming, public),
    )
    asked.refresh_from_db()
    open_seats = Seat.objects.filter(user=ming).exclude(table__status=TableStatus.CLOSED)
    assert open_seats.count() == 1
    if asked.status == "started":
        assert isinstance(sat, AlreadySeated)
    else:
        assert asked.status == "left" and isinstance(accepted, RematchDeclined)
        assert open_seats.get().table.room_id == public.pk
