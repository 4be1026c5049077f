"""The waiting room's controls: only the host removes a player (before the first hand), closes the room
or starts with bots, and bots only where the room allows them; no bot sits by itself, however long the
friends take. Sitting is being ready; a player may take it back (取消准备) and the first hand waits."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.tables.friends import fill, open_room

pytestmark = pytest.mark.django_db(transaction=True)


def refused(act) -> str:
    from tables.errors import TableError

    with pytest.raises(TableError) as refusal:
        act()
    return refusal.value.code


def test_only_the_host_removes_closes_or_starts_with_bots(four_players, rooms):
    from tables.services import between_hands, friends

    ming, fang, wang, _zhen = four_players
    table = fill(open_room(ming, "pinghe", 8, bots_allowed=True), [fang, wang])
    assert refused(lambda: friends.remove(table.pk, fang.pk, wang.pk)) == "not_host"
    assert refused(lambda: friends.close(table.pk, fang.pk)) == "not_host"
    assert refused(lambda: between_hands.start_with_bots(table.pk, fang.pk)) == "not_host"


def test_the_host_removes_a_player_before_the_start(four_players, rooms):
    from tables.models import Seat, TableEvent
    from tables.services import friends

    ming, fang, wang, _zhen = four_players
    table = fill(open_room(ming, "pinghe", 8), [fang, wang])
    friends.remove(table.pk, ming.pk, wang.pk)
    assert not Seat.objects.filter(table=table, user=wang).exists()
    told = TableEvent.objects.filter(table=table, kind="moved_out").latest("version").view_for(None) or {}
    assert told["user"] == wang.pk and told["code"] == "removed"


def test_no_bots_unless_allowed_and_never_by_themselves(four_players, rooms):
    from tables.models import Seat
    from tables.services import between_hands
    from tables.services.sweeper import sweep_now

    ming, fang, _wang, _zhen = four_players
    table = fill(open_room(ming, "pinghe", 8), [fang])
    assert refused(lambda: between_hands.start_with_bots(table.pk, ming.pk)) == "bots_not_allowed"
    sweep_now(timezone.now() + timedelta(minutes=5))
    assert not Seat.objects.filter(table=table, is_bot=True).exists()
    table.refresh_from_db()
    assert table.status == "waiting" and table.bots_at is None


def test_the_host_starts_with_bots_where_allowed(four_players, rooms):
    from tables.models import Hand, Seat
    from tables.services import between_hands

    ming, fang, _wang, _zhen = four_players
    table = fill(open_room(ming, "pinghe", 8, bots_allowed=True), [fang])
    between_hands.start_with_bots(table.pk, ming.pk)
    assert Seat.objects.filter(table=table, is_bot=True).count() == 2
    assert Hand.objects.filter(table=table, number=1).exists()


def test_after_the_start_the_host_can_no_longer_remove(four_players, rooms):
    from tables.services import friends

    ming, fang, wang, zhen = four_players
    table = fill(open_room(ming, "pinghe", 8), [fang, wang, zhen])  # full and ready: dealt
    assert refused(lambda: friends.remove(table.pk, ming.pk, wang.pk)) == "session_started"
    assert refused(lambda: friends.close(table.pk, ming.pk)) == "session_started"


def test_a_player_who_is_not_ready_holds_the_first_hand(ming, fang, funded, rooms):
    from tables.models import Hand
    from tables.services import friends, seating

    table = open_room(funded(ming), "erren", 8)
    friends.set_ready(table.pk, ming.pk, False)
    seating.join_by_code(funded(fang), str(table.invite_code))
    assert not Hand.objects.filter(table=table).exists()
    friends.set_ready(table.pk, ming.pk, True)
    assert Hand.objects.filter(table=table, number=1).exists()
