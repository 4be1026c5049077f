"""Joining a friends' room by its code (or its link, which posts the code to the same place): a wrong
code, a room that expired, was closed or whose session is over, a full room, and a coin room outside the
player's bracket are each refused with their own reason, and nothing changes. A points room admits
anyone, whatever their balance (RULINGS "Friends' rooms")."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.tables.friends import fill, open_room, play_out, short_sessions

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures(short_sessions.__name__)]


def refused_code(player, code: str) -> str:
    from tables.errors import TableError
    from tables.services import seating

    with pytest.raises(TableError) as refused:
        seating.join_by_code(player, code)
    return refused.value.code


def test_a_wrong_code_is_refused(ming, fang, funded, rooms):
    open_room(funded(ming), "erren")
    assert refused_code(funded(fang), "NOTACODE") == "bad_invite_code"


def test_a_full_room_is_refused(ming, fang, make_player, funded, rooms):
    table = fill(open_room(funded(ming), "erren"), [funded(fang)])
    assert refused_code(funded(make_player("wang", "老王")), str(table.invite_code)) in {"table_full", "hand_running"}


def test_an_expired_room_is_refused(ming, fang, funded, rooms):
    from tables.services.sweeper import sweep_now

    table = open_room(funded(ming), "erren")
    assert sweep_now(timezone.now() + timedelta(minutes=31))["expired"] == 1
    assert refused_code(funded(fang), str(table.invite_code)) == "invite_expired"


def test_a_room_the_host_closed_is_refused(ming, fang, funded, rooms):
    from tables.services import friends

    table = open_room(funded(ming), "erren")
    friends.close(table.pk, ming.pk)
    assert refused_code(funded(fang), str(table.invite_code)) == "invite_expired"


def test_a_finished_session_is_refused(ming, fang, make_player, funded, rooms):
    table = fill(open_room(funded(ming), "erren", 1), [funded(fang)])
    play_out(table, [ming, fang])
    assert refused_code(funded(make_player("wang", "老王")), str(table.invite_code)) == "invite_expired"


def test_a_coin_room_refuses_another_bracket_and_a_points_room_admits_anyone(ming, make_player, funded, rooms):
    from tables.models import Seat

    rich = funded(make_player("rich", "阿富"), 5000)  # the base-50 bracket
    broke = make_player("broke", "阿穷")  # no coins at all
    coins = open_room(funded(ming), "erren", stakes="coins")
    assert refused_code(rich, str(coins.invite_code)) == "wrong_bracket"
    assert not Seat.objects.filter(table=coins, user=rich).exists()
    coins_closed = coins.pk
    from tables.services import friends

    friends.close(coins_closed, ming.pk)
    points = fill(open_room(ming, "erren", stakes="points"), [broke])
    assert Seat.objects.filter(table=points, user=broke).exists()
