"""Support finds a player by name, e-mail or id and reads their file: balance, bracket, hands, escapes, title."""

from __future__ import annotations

import pytest
from django.urls import reverse

from engine.games.guangdong.titles import player_title
from operations.players import played_hands

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("term", ["阿明", "ming@example", "ming"])
def test_search_by_name_or_email(as_staff, li, ming, fang, term):
    listing = as_staff(li).get("/admin/accounts/user/", {"q": term}).content.decode()
    assert f"/admin/accounts/user/{ming.pk}/change/" in listing
    assert f"/admin/accounts/user/{fang.pk}/change/" not in listing


@pytest.mark.parametrize("prefix", ["", "#"])
def test_search_by_id(as_staff, li, ming, fang, prefix):
    listing = as_staff(li).get("/admin/accounts/user/", {"q": f"{prefix}{fang.pk}"}).content.decode()
    assert f"/admin/accounts/user/{fang.pk}/change/" in listing
    assert f"/admin/accounts/user/{ming.pk}/change/" not in listing


def test_the_player_file(as_staff, li, ming):
    page = as_staff(li).get(reverse("admin:accounts_user_change", args=[ming.pk])).content.decode()
    assert 'id="player-balance">1000<' in page
    assert "[160, 3000] → 10" in page
    assert "炸胡" in page  # guangdong title at a score of 0
    assert 'id="sanction-link"' in page


def test_the_file_lists_the_hands_and_results(as_staff, li, ming, won_hand):
    page = as_staff(li).get(reverse("admin:accounts_user_change", args=[ming.pk])).content.decode()
    assert reverse("admin:tables_hand_change", args=[won_hand.pk]) in page
    seat = won_hand.seat_of(ming.pk)
    assert played_hands(ming)[0].result == won_hand.sheet["seats"][seat]["owed"]


def test_the_file_lists_escapes(as_staff, li, ming, running_table):
    from tables.services import seating

    seating.leave(ming, running_table.pk, confirmed=True)  # 逃跑 during the running hand
    page = as_staff(li).get(reverse("admin:accounts_user_change", args=[ming.pk])).content.decode()
    assert "主动离开" in page


def test_finance_sees_the_file_but_no_sanction_button(as_staff, cai, ming):
    page = as_staff(cai).get(reverse("admin:accounts_user_change", args=[ming.pk])).content.decode()
    assert 'id="player-file"' in page and 'id="sanction-link"' not in page


@pytest.mark.parametrize(("score", "title"), [(-50, "炸胡"), (19, "炸胡"), (20, "鸡胡"), (1_000_000, "十八罗汉")])
def test_guangdong_titles_follow_the_seed_table(score, title):
    assert player_title(score).name_zh == title
