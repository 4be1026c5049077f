"""A player with no open socket when the next hand is due stands up: the bot does not play hand after
hand for someone who is gone; bots take the seat after the room's wait."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_absent_player_stands_up_before_the_next_deal(room, make_player, funded):
    from tables.models import Hand, Seat, Table, TableEvent
    from tables.services import actions, between_hands, presence, seating
    from tables.services.sweeper import sweep_now

    ming = funded(make_player("ming", "阿明"), 1000)
    fang = funded(make_player("fang", "小芳"), 1000)
    table = seating.quick_seat(ming, room("pinghe", 10))
    seating.quick_seat(fang, room("pinghe", 10))
    presence.connected(table.pk, fang.pk)  # 小芳 has the page open; 阿明 never came
    now = timezone.now()
    sweep_now(now + timedelta(seconds=16))  # bots fill, the hand is dealt
    actions.set_auto(table.pk, ming.pk, True)
    actions.set_auto(table.pk, fang.pk, True)  # both let the bot finish the hand
    assert Hand.objects.get(table=table, number=1).settled
    between_hands.set_ready(table.pk, fang.pk)  # 小芳 readies; 阿明 is gone

    sweep_now(timezone.now() + timedelta(seconds=60))  # the pause is over: time for the next deal
    table.refresh_from_db()
    assert table.status == "between" and not Hand.objects.filter(table=table, number=2).exists()
    assert not Seat.objects.filter(table=table, user=ming).exists()
    assert Seat.objects.filter(table=table, user=fang).exists()
    moved = TableEvent.objects.filter(table=table, kind="moved_out").latest("version")
    told = moved.view_for(None) or {}
    assert told["user"] == ming.pk and told["code"] == "disconnected"

    after_wait = timezone.now() + timedelta(seconds=120)
    presence.seen(table.pk, fang.pk, after_wait)  # 小芳's page keeps pinging (the heartbeat decides presence)
    sweep_now(after_wait)  # after the bot wait: a bot takes the seat, the deal
    assert Hand.objects.filter(table=table, number=2).exists()
    assert Table.objects.get(pk=table.pk).seats.filter(is_bot=True).count() == 3


def test_a_phantom_connection_does_not_keep_an_absent_player_seated(room, make_player, funded, settings):
    """阿明's page died without its disconnect running (a crash, or daphne killing a slow consumer): his
    seat still counts a socket. Between hands the heartbeat decides: silent past the presence timeout, he
    stands up, and the bot does not play his coins hand after hand."""
    from tables.models import Hand, Seat
    from tables.services import actions, between_hands, presence, seating
    from tables.services.sweeper import sweep_now

    ming = funded(make_player("ming", "阿明"), 1000)
    fang = funded(make_player("fang", "小芳"), 1000)
    table = seating.quick_seat(ming, room("pinghe", 10))
    seating.quick_seat(fang, room("pinghe", 10))
    start = timezone.now()
    presence.connected(table.pk, ming.pk)  # his socket: its disconnect will never run
    presence.connected(table.pk, fang.pk)
    sweep_now(start + timedelta(seconds=16))  # bots fill, the hand is dealt
    actions.set_auto(table.pk, ming.pk, True)
    actions.set_auto(table.pk, fang.pk, True)
    assert Hand.objects.get(table=table, number=1).settled
    between_hands.set_ready(table.pk, fang.pk)

    timeout = settings.TABLES_PRESENCE_TIMEOUT_SECONDS
    later = timezone.now() + timedelta(seconds=timeout + 60)
    presence.seen(table.pk, fang.pk, later - timedelta(seconds=5))  # 小芳's page keeps pinging
    sweep_now(later)
    assert not Seat.objects.filter(table=table, user=ming).exists()
    assert Seat.objects.filter(table=table, user=fang).exists()
    assert not Hand.objects.filter(table=table, number=2).exists()
