"""风控 at the tables: who may not sit together at a coin friends' room (RULINGS "Friends' rooms", issue 43).

甲 (`jia`) has played his two public hands (the coin policy's N here) and opens friends' rooms. 乙 (`yi`)
is a fresh account with none: a feeder's first shape. 丙 (`bing`) has played his public hands but logs in
from 甲's browser. At a coin room 乙 and 丙 are each refused a seat beside 甲 with a reason, in the
join flow's language, and nothing changes; at a points room both sit. A frozen (banned) account is
refused any seat."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from coins.models import CoinPolicy
from tables.errors import AccountDisabled, PublicHandsFirst, SharedClient, TableError
from tables.models import Seat, Table
from tables.services import friends, seating
from tests.coins.conftest import logged_in
from tests.coins.ring import public_hand, same_browser

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _two_public_hands_first() -> None:
    CoinPolicy.current()
    CoinPolicy.objects.filter(pk=1).update(relief_public_hands=2)


def seasoned(player: Any) -> Any:
    """`player` has finished two hands in public rooms."""
    public_hand(player), public_hand(player)
    return player


@pytest.fixture
def jia(make_player, funded):
    return seasoned(funded(make_player("jia", "甲"), 1000))


@pytest.fixture
def yi(make_player, funded):
    return funded(make_player("yi", "乙"), 1000)


@pytest.fixture
def bing(make_player, funded, jia):
    bing = seasoned(funded(make_player("bing", "丙"), 1000))
    same_browser(jia, bing)
    return bing


def open_room(host: Any, stakes: str) -> Table:
    """`host` opens a four-seat pinghe friends' room and sits in it."""
    return friends.create(host, friends.Choices(variant="pinghe", length=4, stakes=stakes))


def seated(table: Table) -> list[int]:
    """Who sits at `table`, in seat order."""
    people = Seat.objects.filter(table=table, user__isnull=False).order_by("index")
    return list(people.values_list("user_id", flat=True))


def refused(player: Any, table: Table) -> TableError:
    """`player` tries the room's code: refused, and nothing changed."""
    before = seated(table)
    with pytest.raises(TableError) as refusal:
        seating.join_by_code(player, str(table.invite_code))
    assert seated(table) == before
    return refusal.value


@pytest.fixture(autouse=True)
def _in_chinese() -> Any:
    with translation.override("zh-hans"):
        yield


def test_a_fresh_account_is_refused_a_seat_beside_others_at_a_coin_room(jia, yi):
    room = open_room(jia, "coins")
    refusal = refused(yi, room)
    assert isinstance(refusal, PublicHandsFirst)
    assert "公共房间打完 2 局" in refusal.reason and "你已打 0 局" in refusal.reason
    assert "积分好友房不受限制" in refusal.reason


def test_an_account_from_a_seated_players_browser_is_refused_at_a_coin_room(jia, bing):
    refusal = refused(bing, open_room(jia, "coins"))
    assert isinstance(refusal, SharedClient)
    assert "同一网络地址或同一设备" in refusal.reason


def test_both_sit_at_a_points_room(jia, yi, bing):
    room = open_room(jia, "points")
    for player in (yi, bing):
        seating.join_by_code(player, str(room.invite_code))
    assert seated(room) == [jia.pk, yi.pk, bing.pk]


def test_a_seasoned_player_from_another_browser_sits_at_a_coin_room(jia, make_player, funded):
    ding = seasoned(funded(make_player("ding", "丁"), 1000))
    room = open_room(jia, "coins")
    seating.join_by_code(ding, str(room.invite_code))
    assert seated(room) == [jia.pk, ding.pk]


def test_once_the_fresh_account_has_played_its_public_hands_it_sits(jia, yi):
    room = open_room(jia, "coins")
    public_hand(yi)
    assert "你已打 1 局" in refused(yi, room).reason
    public_hand(yi)
    seating.join_by_code(yi, str(room.invite_code))
    assert seated(room) == [jia.pk, yi.pk]


def test_a_fresh_host_sits_alone_and_nobody_joins_him_at_a_coin_room(yi, jia):
    room = open_room(yi, "coins")  # alone is not together
    refusal = refused(jia, room)
    assert isinstance(refusal, PublicHandsFirst) and "有玩家还没在公共房间打完 2 局" in refusal.reason


def test_a_private_coin_table_made_from_a_room_follows_the_same_rule(jia, yi):
    from tables.models import Room

    private = seating.create_private(jia, Room.objects.get(variant="pinghe", base=10))  # a friends' table too
    assert isinstance(refused(yi, private), PublicHandsFirst)


def test_with_n_at_zero_the_rule_asks_no_public_hands_but_still_one_client_each(jia, yi, bing):
    CoinPolicy.objects.filter(pk=1).update(relief_public_hands=0)
    room = open_room(jia, "coins")
    assert isinstance(refused(bing, room), SharedClient)
    seating.join_by_code(yi, str(room.invite_code))
    assert seated(room) == [jia.pk, yi.pk]


@pytest.mark.parametrize(
    ("language", "told"),
    [("zh-hans", "需要先在公共房间打完 2 局"), ("en", "play 2 hands in public rooms")],
)
def test_the_join_page_tells_the_refusal_in_the_players_language(jia, yi, language, told):
    room = open_room(jia, "coins")
    page = logged_in(yi)
    page.post(reverse("set_language"), {"language": language, "next": "/"})
    answer = page.post(reverse("tables:join_private"), {"code": room.invite_code}, follow=True)
    assert answer.redirect_chain[-1][0] == reverse("tables:lobby")
    assert told in answer.content.decode()
    assert seated(room) == [jia.pk]


def test_a_frozen_account_is_refused_a_seat_even_at_a_points_room(jia, yi, cai):
    from operations.services import sanction

    room = open_room(jia, "points")
    sanction(yi, "ban", "刷币 coin farming ring", by=cai)
    refusal = refused(yi, room)
    assert isinstance(refusal, AccountDisabled)
    with translation.override("zh-hans"):
        assert refusal.reason == "你的账号已被暂停或封禁，不能入座"


def test_a_frozen_player_who_tries_to_sit_through_the_site_is_logged_out_and_told_why(jia, yi, cai):
    from operations.services import sanction
    from tests.admin.helpers import login_form
    from tests.conftest import PASSWORD

    page = logged_in(yi)
    room = open_room(jia, "points")
    sanction(yi, "ban", "刷币 coin farming ring", by=cai)
    answer = page.post(reverse("tables:join_private"), {"code": room.invite_code})
    assert answer.status_code == 302 and answer["Location"].startswith(reverse("accounts:login"))
    assert seated(room) == [jia.pk]
    told = login_form(Client(), "yi", PASSWORD)
    assert "账号已封禁" in told and "刷币 coin farming ring" in told
