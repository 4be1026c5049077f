"""再来一场 on the pages: the final account offers it to the players at the session's end; asking shows the
panel with who has accepted (the panel alone is what the pages poll and the table's strip shows); the
last acceptance sends the player to the new session; a refusal is told in words, to a form and to the
page's script alike, and changes nothing."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tables.friends import fill, open_room, play_out, short_sessions

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures(short_sessions.__name__)]

JSON = {"Accept": "application/json"}


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def played(host, friend_, **choices):
    from tables.models import FriendRoom

    table = fill(open_room(host, "erren", 1, **choices), [friend_])
    play_out(table, [host, friend_])
    return FriendRoom.objects.get(table=table)


def test_the_final_account_asks_shows_who_accepted_and_the_last_acceptance_goes_to_the_new_session(
    ming, fang, funded, rooms
):
    from tables.models import FriendRoom, Rematch

    session = played(funded(ming), funded(fang))
    host, friend = client_for(ming), client_for(fang)
    account = host.get(f"/tables/friends/account/{session.pk}/").content.decode()
    assert 'id="rematch-propose"' in account and f"/tables/friends/account/{session.pk}/rematch/" in account

    asked = host.post(f"/tables/friends/account/{session.pk}/rematch/propose/")
    assert asked.status_code == 302 and asked["Location"] == f"/tables/friends/account/{session.pk}/"
    panel = friend.get(f"/tables/friends/account/{session.pk}/rematch/").content.decode()
    rematch = Rematch.objects.get()
    assert f'data-user="{ming.pk}" data-answer="accepted"' in panel
    assert f'data-user="{fang.pk}" data-answer="waiting"' in panel
    assert 'id="rematch-accept"' in panel and 'id="rematch-decline"' in panel
    mine = host.get(f"/tables/friends/account/{session.pk}/rematch/").content.decode()
    assert 'id="rematch-accept"' not in mine and 'id="rematch-decline"' in mine  # she asked: she has accepted

    went = friend.post(f"/tables/friends/rematch/{rematch.pk}/answer/", {"accept": "1"}, headers=JSON).json()
    new = FriendRoom.objects.exclude(pk=session.pk).get()
    assert went == {"status": "started", "go": f"/tables/friends/{new.table_id}/"}
    assert host.get(went["go"])["Location"] == f"/tables/t/{new.table_id}/"  # dealt: the waiting room is the table
    started = host.get(f"/tables/friends/account/{session.pk}/rematch/").content.decode()
    assert f'data-go="/tables/friends/{new.table_id}/"' in started and 'id="rematch-go"' in started


def test_refusals_are_told_in_words_to_forms_and_scripts(ming, fang, make_player, funded, rooms):
    from tables.models import Rematch

    session = played(funded(ming), funded(fang), stakes="coins")
    stranger = client_for(funded(make_player("wang", "老王")))
    assert stranger.get(f"/tables/friends/account/{session.pk}/rematch/").status_code == 403
    told = stranger.post(f"/tables/friends/account/{session.pk}/rematch/propose/", headers=JSON)
    assert told.status_code == 409 and told.json() == {"code": "not_in_session", "error": "你不是这一场的玩家"}

    funded(fang, 4000)  # her balance left the room's bracket
    page = client_for(ming).post(f"/tables/friends/account/{session.pk}/rematch/propose/", follow=True)
    text = page.content.decode()
    assert "小芳 的余额" in text and "不能再来一场游戏币房" in text
    assert not Rematch.objects.exists()


def test_a_declined_rematch_says_who_and_may_be_asked_again(ming, fang, funded, rooms):
    from tables.models import Rematch

    session = played(funded(ming), funded(fang))
    client_for(ming).post(f"/tables/friends/account/{session.pk}/rematch/propose/")
    rematch = Rematch.objects.get()
    client_for(fang).post(f"/tables/friends/rematch/{rematch.pk}/answer/", {"accept": "0"})
    panel = client_for(ming).get(f"/tables/friends/account/{session.pk}/rematch/").content.decode()
    assert "小芳 不来了，再来一场已取消" in panel and 'id="rematch-propose"' in panel
    late = client_for(ming).post(f"/tables/friends/rematch/{rematch.pk}/answer/", {"accept": "1"}, headers=JSON)
    assert late.status_code == 409 and late.json()["code"] == "rematch_declined"


def test_the_table_strip_carries_the_rematch_panel_and_the_final_account(ming, fang, funded, rooms):
    from tables.models import FriendRoom

    table = fill(open_room(funded(ming), "erren", 2), [funded(fang)])
    friend = FriendRoom.objects.get(table=table)
    page = client_for(ming).get(f"/tables/t/{table.pk}/").content.decode()
    assert f'data-rematch-url="/tables/friends/account/{friend.pk}/rematch/"' in page
    assert f'data-account-url="/tables/friends/account/{friend.pk}/"' in page
