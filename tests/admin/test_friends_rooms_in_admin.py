"""Operators see friends' rooms (好友房) among the live tables: what each is played for (积分 or 游戏币 and its
base), its host, its length and the hands played, and may list them apart; the table's page says the same.
An operator closes one as any table: its players are told why, and its session ends as closed, keeping
the account of the hands it played for its players' history."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.tables.friends import fill, open_room, short_sessions

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures(short_sessions.__name__)]


def play_first_hand(table, people) -> None:
    """Both players hand the first hand to 托管 until it is settled; nobody readies for the next."""
    from tables.models import Hand
    from tables.services import actions, presence

    for _step in range(20):
        if Hand.objects.filter(table=table, number=1, settled=True).exists():
            return
        for person in people:
            presence.connected(table.pk, person.pk)
            actions.set_auto(table.pk, person.pk, True)
    raise AssertionError("the first hand was not settled")


def test_the_live_tables_list_shows_each_friends_room_and_lists_them_apart(
    as_staff, boss, ming, fang, make_player, funded, rooms
):
    points = fill(open_room(ming, "erren", 8), [funded(fang)])
    lan = funded(make_player("lan", "小兰"))
    coins = open_room(lan, "pinghe", 1, unit="rounds", stakes="coins")
    client = as_staff(boss)
    listing = client.get(reverse("admin:tables_table_changelist")).content.decode()
    assert "积分 · 房主 阿明 · 8 局 · 已打 1 局" in listing  # full: its first hand was dealt
    assert "游戏币 底 10 · 房主 小兰 · 1 圈 · 已打 0 局" in listing

    only_points = client.get(reverse("admin:tables_table_changelist"), {"friends": "points"}).content.decode()
    assert f"/admin/tables/table/{points.pk}/change/" in only_points
    assert f"/admin/tables/table/{coins.pk}/change/" not in only_points

    page = client.get(reverse("admin:tables_table_change", args=[points.pk])).content.decode()
    assert 'id="friends-room-info"' in page and "积分（不动游戏币）" in page and "阿明" in page
    assert 'id="close-table-link"' in page


def test_an_operator_closes_a_friends_room_and_its_session_ends_with_its_account(
    as_staff, boss, ming, fang, funded, rooms
):
    from operations.models import AuditAction, AuditEntry
    from tables.models import FriendRoom, TableEvent

    table = fill(open_room(ming, "erren", 2), [funded(fang)])
    play_first_hand(table, [ming, fang])
    reason = "投诉处理 complaint"
    answer = as_staff(boss).post(reverse("admin:tables_table_close", args=[table.pk]), {"reason": reason})
    assert answer.status_code == 302

    table.refresh_from_db()
    friend = FriendRoom.objects.get(table=table)
    assert table.status == "closed" and friend.ending == "closed" and friend.finished_at is not None
    assert len((friend.account or {})["hands"]) == 1 and sorted(friend.players) == sorted([ming.pk, fang.pk])
    told = TableEvent.objects.filter(table=table, kind="table_closed").latest("version").view_for(0) or {}
    assert told["reason"] == reason
    assert AuditEntry.objects.get(action=AuditAction.TABLE_CLOSE).detail["friends_room"] is True

    player = Client()
    player.force_login(fang)
    history = player.get("/tables/history/").content.decode()
    assert f"/tables/friends/account/{friend.pk}/" in history and "已关闭" in history
    account = player.get(f"/tables/friends/account/{friend.pk}/").content.decode()
    assert "总结算" in account and 'id="rematch-propose"' not in account  # not played out: no rematch


def test_an_operator_closes_a_waiting_friends_room(as_staff, boss, ming, rooms):
    from tables.models import FriendRoom

    table = open_room(ming, "erren", 8)
    as_staff(boss).post(reverse("admin:tables_table_close", args=[table.pk]), {"reason": "测试 test room"})
    friend = FriendRoom.objects.get(table=table)
    assert (friend.ending, friend.account) == ("closed", None)
