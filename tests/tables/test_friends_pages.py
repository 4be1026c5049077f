"""The friends' room pages as a player uses them: the form opens the room and lands in its waiting room,
which shows the code, the join link and a QR code (SVG, drawn on the server); the join link's page joins
through the lobby's code form; a bad setting is refused and opens nothing; the final account is its
players' only, and their history lists it."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tables.friends import fill, open_room, play_out, short_sessions

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures(short_sessions.__name__)]


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_form_opens_a_room_with_its_invite_panel(ming, fang, funded, rooms):
    from tables.models import FriendRoom

    host = client_for(funded(ming))
    form = {"variant": "pinghe", "length": "rounds:1", "stakes": "points", "opt_named_gold": "True", "spectators": "on"}
    page = host.post("/tables/friends/new/", form, follow=True)
    friend = FriendRoom.objects.get(host=ming)
    assert (friend.unit, friend.length, friend.bots_allowed, friend.spectators_allowed) == ("rounds", 1, False, True)
    assert friend.table.options == {"named_gold": True}
    code = str(friend.table.invite_code)
    html = page.content.decode()
    assert code in html and f"/tables/join/{code}/" in html and "qr.svg" in html
    svg = host.get(f"/tables/friends/{friend.table_id}/qr.svg")
    assert svg["Content-Type"] == "image/svg+xml" and b'xmlns="http://www.w3.org/2000/svg"' in svg.content
    assert client_for(funded(fang)).get(f"/tables/friends/{friend.table_id}/qr.svg").status_code == 403


@pytest.mark.parametrize(
    "form",
    [
        {"variant": "erren", "length": "rounds:1", "stakes": "points"},  # no 圈 in a 2-player game
        {"variant": "pinghe", "length": "hands:5", "stakes": "points"},
        {"variant": "pinghe", "length": "hands:8", "stakes": "gold"},
        {"variant": "pinghe", "length": "hands:8", "stakes": "points", "opt_named_gold": "maybe"},
        {"variant": "mahjong", "length": "hands:8", "stakes": "points"},
    ],
)
def test_a_setting_the_game_does_not_offer_is_refused(ming, funded, rooms, form):
    from tables.models import FriendRoom, Table

    page = client_for(funded(ming)).post("/tables/friends/new/", form)
    assert page.status_code == 400 and "好友房的设置无效" in page.content.decode()
    assert not FriendRoom.objects.exists() and not Table.objects.exists()


def test_the_join_link_joins_by_code(ming, fang, funded, rooms):
    from tables.models import Seat

    table = open_room(funded(ming), "erren", 8)
    friend = client_for(funded(fang))
    page = friend.get(f"/tables/join/{table.invite_code}/")
    assert 'action="/tables/private/join/"' in page.content.decode()
    friend.post("/tables/private/join/", {"code": str(table.invite_code).lower()})
    assert Seat.objects.filter(table=table, user=fang).exists()


def test_the_final_account_is_its_players_and_in_their_history(ming, fang, make_player, funded, rooms):
    from tables.models import FriendRoom

    table = fill(open_room(funded(ming), "erren", 1), [funded(fang)])
    play_out(table, [ming, fang])
    friend = FriendRoom.objects.get(table=table)
    account = client_for(fang).get(f"/tables/friends/account/{friend.pk}/").content.decode()
    assert "总结算" in account and "阿明" in account and "/replay/" in account
    assert f"/tables/friends/account/{friend.pk}/" in client_for(ming).get("/tables/history/").content.decode()
    stranger = client_for(make_player("wang", "老王"))
    assert stranger.get(f"/tables/friends/account/{friend.pk}/").status_code == 302
    assert client_for(ming).get(f"/tables/t/{table.pk}/")["Location"] == f"/tables/friends/{table.pk}/"
