"""The lobby, rooms by bracket, quick seat, private tables, the table page, history and replay."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture
def ming_logged_in(client, make_player, funded):
    ming = funded(make_player("ming", "阿明"), 1000)
    client.force_login(ming)
    return ming


def test_the_lobby_lists_rooms_by_variant_and_marks_the_players_bracket(client, ming_logged_in, room):
    room("pinghe", 10)
    room("pinghe", 50)
    page = client.get(reverse("tables:lobby")).content.decode()
    assert "平和麻将" in page and "底 10" in page and "底 50" in page
    assert "你的场次：底 10" in page


@pytest.mark.parametrize("base, may_sit", [(10, True), (50, False), (100, False)])
def test_a_player_may_sit_only_in_the_room_of_their_bracket(client, ming_logged_in, room, base, may_sit):
    from tables.models import Seat

    the_room = room("pinghe", base)
    response = client.post(reverse("tables:quick_seat", args=[the_room.pk]), follow=True)
    assert Seat.objects.filter(user=ming_logged_in).exists() is may_sit
    if not may_sit:
        assert f"属于底 10 的房间，不是底 {base}" in response.content.decode()


def test_quick_seat_fills_an_open_table_before_opening_another(client, ming_logged_in, room, make_player, funded):
    from tables.models import Table
    from tables.services import seating

    the_room = room("pinghe", 10)
    fang = funded(make_player("fang", "小芳"), 1000)
    first = seating.quick_seat(fang, the_room)
    response = client.post(reverse("tables:quick_seat", args=[the_room.pk]))
    assert response.url == reverse("tables:table", args=[first.pk])
    assert Table.objects.filter(room=the_room).count() == 1
    page = client.get(response.url).content.decode()
    assert f'data-ws-path="/ws/tables/{first.pk}/"' in page and "tables/table.js" in page


def test_a_private_table_is_joined_by_its_invite_code_only(client, ming_logged_in, room, make_player, funded):
    from tables.services import seating

    the_room = room("pinghe", 10)
    fang = funded(make_player("fang", "小芳"), 1000)
    private = seating.create_private(fang, the_room, {"named_gold": True})
    code = str(private.invite_code)
    assert private.options == {"named_gold": True} and len(code) == 8
    refused = client.get(reverse("tables:table", args=[private.pk]))
    assert refused.status_code == 302  # not seated: no peeking at a private table
    wrong = client.post(reverse("tables:join_private"), {"code": "NOPE1234"}, follow=True)
    assert "没有使用这个邀请码的私人牌桌" in wrong.content.decode()
    joined = client.post(reverse("tables:join_private"), {"code": code.lower()})
    assert joined.url == reverse("tables:table", args=[private.pk])


def test_leaving_between_hands_frees_the_seat(client, ming_logged_in, room):
    from tables.models import Seat
    from tables.services import seating

    table = seating.quick_seat(ming_logged_in, room("pinghe", 10))
    client.post(reverse("tables:leave", args=[table.pk]))
    assert not Seat.objects.filter(user=ming_logged_in).exists()


def test_a_player_sits_at_one_table_at_a_time(client, ming_logged_in, room):
    from tables.models import Seat
    from tables.services import seating

    first = seating.quick_seat(ming_logged_in, room("pinghe", 10))
    assert seating.quick_seat(ming_logged_in, room("pinghe", 10)) == first  # the same room: back to it
    refused = client.post(reverse("tables:quick_seat", args=[room("nanping", 10).pk]), follow=True)
    assert f"你已经坐在牌桌 #{first.pk} 上" in refused.content.decode()
    assert Seat.objects.filter(user=ming_logged_in).count() == 1


def test_a_private_table_with_hanjin_ticked_deals_with_the_dealer_naming_the_gold(
    client, ming_logged_in, room, make_player, funded
):
    """The room page's 喊金 box reaches the engine: the first hand opens in the NAME_GOLD phase."""
    from engine.hand import HandState, Phase
    from tables.models import Hand, Table
    from tables.services import between_hands

    the_room = room("pinghe", 10)
    response = client.post(reverse("tables:create_private", args=[the_room.pk]), {"hanjin": "on"})
    private = Table.objects.get(pk=int(response.url.rstrip("/").split("/")[-1]))
    assert private.options == {"named_gold": True}
    assert between_hands.fill_with_bots(private.pk, now=private.bots_at)
    hand = Hand.objects.get(table=private, number=1)
    state = HandState.from_json(hand.state)
    assert state.phase == Phase.NAME_GOLD and hand.dealer in state.to_act
