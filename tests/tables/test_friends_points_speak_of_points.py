"""A friends' room played for points (积分) speaks of points, never of coins: the leave confirmation states the
escape's cost in 积分 and that 托管 costs no points; the refusal every page knows for an unconfirmed escape
names no coins; a hand's sheet is marked as points and its totals are worded as 分 in every language; the
replay and the history call what moved 得分 / 分; and no coin is counted on the player's record or the
weekly coin leaderboard. A coin room keeps its coin words."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from tests.tables.friends import fill, open_room, play_out, short_sessions

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures(short_sessions.__name__)]

COIN_WORDS = ("游戏币", "扣币", "入账", "余额")


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_leave_confirmation_of_a_points_hand_speaks_of_points(four_players, room, scattered_deal):
    ming, fang, wang, zhen = four_players
    room("pinghe", 10, options=scattered_deal)  # a deal nobody wins early: the hand runs
    table = fill(open_room(ming, "pinghe", 1), [fang, wang, zhen])
    page = client_for(zhen).post(f"/tables/t/{table.pk}/leave/")
    text = page.content.decode()
    assert page.status_code == 409
    assert "将扣除 120 积分" in text and "不想扣分" in text and "不扣分" in text
    assert not any(word in text for word in COIN_WORDS)


def test_the_leave_confirmation_of_a_coin_hand_keeps_its_coins(four_players, room, scattered_deal):
    ming, fang, wang, zhen = four_players
    room("pinghe", 10, options=scattered_deal)
    table = fill(open_room(ming, "pinghe", 1, stakes="coins"), [fang, wang, zhen])
    text = client_for(zhen).post(f"/tables/t/{table.pk}/leave/").content.decode()
    assert "将扣除 120 游戏币" in text and "积分" not in text


def test_the_unconfirmed_escape_refusal_names_no_coins():
    from tables.errors import REFUSALS

    with translation.override("zh-hans"):
        assert not any(word in str(REFUSALS["escape_unconfirmed"]) for word in COIN_WORDS)


def test_a_points_sheet_is_marked_and_worded_in_points_and_its_pages_say_so(ming, fang, funded, rooms, settings):
    from django.core.cache import cache

    from tables.models import Hand
    from tables.records import player_record, weekly_leaderboard

    table = fill(open_room(funded(ming), "erren", 1), [funded(fang)])
    play_out(table, [ming, fang])
    hand = Hand.objects.get(table=table, number=1)
    sheet = hand.sheet or {}
    assert sheet["stakes"] == "points" and sheet["posted"]
    for language, unit in (("zh-hans", " 分"), ("en", " pts")):
        for seat, lines in enumerate(sheet["explained"][language]["seats"]):
            paid = sheet["seats"][seat]["paid"]
            assert lines[-1].endswith(unit), lines
            assert str(abs(paid)) in lines[-1]
            assert not any(word in line for line in lines for word in COIN_WORDS)

    replay = client_for(ming).get(f"/tables/hands/{hand.pk}/replay/").content.decode()
    assert "得分" in replay and "实付" not in replay
    assert "分（积分）" in client_for(ming).get("/tables/history/").content.decode()

    assert player_record(ming.pk).total.coins == 0  # points are not coins on the record
    settings.LEADERBOARD_MIN_HANDS = 1
    cache.clear()
    assert weekly_leaderboard(top=10)["erren"] == []  # nor on the coin leaderboard


def test_a_coin_sheet_keeps_its_words(ming, fang, funded, rooms):
    from tables.models import Hand

    table = fill(open_room(funded(ming), "erren", 1, stakes="coins"), [funded(fang)])
    play_out(table, [ming, fang])
    sheet = Hand.objects.get(table=table, number=1).sheet or {}
    assert "stakes" not in sheet
    assert all(not lines[-1].endswith(" 分") for lines in sheet["explained"]["zh-hans"]["seats"])
