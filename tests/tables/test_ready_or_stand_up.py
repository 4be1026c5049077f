"""准备 between hands (RULINGS "Between hands, and leaving"): the next hand is dealt when every seated
person is ready; when the room's ready time runs out each person not ready stands up, with no coins
moved, told why, and the seat is filled as any empty seat is. Bots are ready at once; a person under 托管
at the end of a hand is not ready until they ready themselves. Leaving between hands is free."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

pytestmark = pytest.mark.django_db(transaction=True)


def settled_table(players: list[Any], seat_at_table: Any) -> Any:
    """The players at a table whose first hand the bots played out under 托管 and which is settled."""
    from tables.models import Hand
    from tables.services import actions, presence

    table = seat_at_table(players)
    for player in players:  # pages open (an absent player would stand up before the deal)
        presence.connected(table.pk, player.pk)
    for player in players:
        actions.set_auto(table.pk, player.pk, True)
    assert Hand.objects.get(table=table, number=1).settled
    table.refresh_from_db()
    assert table.status == "between" and table.next_hand_at is not None
    return table


def present_until(table: Any, players: list[Any], when: Any) -> None:
    """Their pages kept pinging until `when` (the heartbeat decides presence)."""
    from tables.services import presence

    for player in players:
        presence.seen(table.pk, player.pk, when)


def balances(players: list[Any]) -> dict[int, int]:
    from ledger import services as ledger

    return ledger.balances_of([p.pk for p in players])


def test_the_ready_time_is_the_rooms_and_shown_to_the_table(four_players, seat_at_table):
    from tables.models import TableEvent
    from tables.services.snapshot import snapshot

    table = settled_table(four_players, seat_at_table)
    assert table.next_hand_at - table.hands.get(number=1).finished_at <= timedelta(seconds=16)  # 15 s default
    timers = TableEvent.objects.filter(table=table, kind="timers").latest("version").view_for(0) or {}
    assert timers["ready_by"] == table.next_hand_at.isoformat()
    assert snapshot(table.pk, 0)["table"]["ready_by"] == table.next_hand_at.isoformat()


def test_whoever_is_not_ready_at_the_ready_time_stands_up_and_pays_nothing(four_players, seat_at_table):
    from tables.models import Escape, Hand, Seat, TableEvent
    from tables.services import between_hands
    from tables.services.sweeper import sweep_now

    ming, fang, wang, zhen = four_players
    table = settled_table(four_players, seat_at_table)
    before = balances(four_players)
    for player in (ming, fang, wang):
        between_hands.set_ready(table.pk, player.pk)
    assert not Hand.objects.filter(table=table, number=2).exists()  # 阿珍 is not ready yet

    deadline = table.next_hand_at + timedelta(seconds=1)
    present_until(table, four_players, deadline)
    sweep_now(deadline)
    assert not Seat.objects.filter(table=table, user=zhen).exists()
    assert Seat.objects.filter(table=table, user__isnull=False).count() == 3
    assert balances(four_players) == before and not Escape.objects.filter(user=zhen).exists()
    told = TableEvent.objects.filter(table=table, kind="moved_out").latest("version").view_for(3) or {}
    assert told["user"] == zhen.pk and told["code"] == "not_ready"
    assert not Hand.objects.filter(table=table, number=2).exists()  # her seat waits for a player, then a bot

    after_wait = deadline + timedelta(seconds=table.room.bot_wait_seconds + 1)
    present_until(table, [ming, fang, wang], after_wait)
    sweep_now(after_wait)
    second = Hand.objects.get(table=table, number=2)
    assert second.bots == [3] and zhen.pk not in second.players


def test_托管_is_not_ready_until_the_player_readies(four_players, seat_at_table):
    from tables.models import Hand, Seat
    from tables.services import between_hands
    from tables.services.sweeper import sweep_now

    ming = four_players[0]
    table = settled_table(four_players, seat_at_table)  # every seat ended the hand under 托管
    assert Seat.objects.filter(table=table, auto=True).count() == 4
    between_hands.set_ready(table.pk, ming.pk)
    mine = Seat.objects.get(table=table, user=ming)
    assert mine.ready and not mine.auto  # readying ends his 托管

    deadline = table.next_hand_at + timedelta(seconds=1)
    present_until(table, four_players, deadline)
    sweep_now(deadline)
    assert list(Seat.objects.filter(table=table, user__isnull=False).values_list("user", flat=True)) == [ming.pk]
    assert not Hand.objects.filter(table=table, number=2).exists()


def test_when_nobody_readies_the_table_closes(four_players, seat_at_table):
    from tables.models import Hand, Table
    from tables.services.sweeper import sweep_now

    table = settled_table(four_players, seat_at_table)
    deadline = table.next_hand_at + timedelta(seconds=1)
    present_until(table, four_players, deadline)
    sweep_now(deadline)
    assert Table.objects.get(pk=table.pk).status == "closed"
    assert not Hand.objects.filter(table=table, number=2).exists()


def test_a_late_ready_for_an_earlier_hand_counts_for_nothing(four_players, seat_at_table):
    from tables.models import Seat
    from tables.services import between_hands

    ming = four_players[0]
    table = settled_table(four_players, seat_at_table)
    between_hands.set_ready(table.pk, ming.pk, after_hand=0)  # the click answered a sheet before hand 1
    assert not Seat.objects.get(table=table, user=ming).ready
    between_hands.set_ready(table.pk, ming.pk, after_hand=1)
    assert Seat.objects.get(table=table, user=ming).ready


def test_leaving_between_hands_is_free(four_players, seat_at_table):
    from tables.models import Escape, Seat
    from tables.services import seating

    zhen = four_players[3]
    table = settled_table(four_players, seat_at_table)
    before = balances(four_players)
    assert seating.leave(zhen, table.pk) is None
    assert not Seat.objects.filter(table=table, user=zhen).exists()
    assert balances(four_players) == before and not Escape.objects.exists()


def test_a_newcomer_starts_with_bots_at_once(room, make_player, funded):
    from tables.models import Hand, Seat
    from tables.services import between_hands, seating

    ming = funded(make_player("ming", "阿明"), 1000)
    table = seating.quick_seat(ming, room("pinghe", 10))  # an empty room: nobody waiting
    assert table.bots_at is not None and not Hand.objects.filter(table=table).exists()
    assert between_hands.start_with_bots(table.pk, ming.pk, timezone.now()) is True  # 和机器人开始
    assert Hand.objects.filter(table=table, number=1).exists()
    assert Seat.objects.filter(table=table, is_bot=True).count() == 3


async def test_a_player_stood_up_watches_as_a_spectator_and_never_sees_the_next_seat_holders_hand(
    four_players, seat_at_table
):
    """阿珍's page stays open but she did not ready: from the stand-up on her socket is a spectator's,
    so the hand the bot is dealt in her old seat reaches her as everyone else sees it, tiles hidden."""
    from asgiref.sync import sync_to_async

    from tables.models import TableEvent
    from tables.services import between_hands
    from tables.services.sweeper import sweep_now
    from tests.tables.conftest import TableClient

    ming, fang, wang, zhen = four_players
    table = await sync_to_async(settled_table)(four_players, seat_at_table)
    watching = await TableClient.open(zhen, table.pk, "zhen")
    assert watching.seat == 3
    for player in (ming, fang, wang):
        await sync_to_async(between_hands.set_ready)(table.pk, player.pk)
    deadline = table.next_hand_at + timedelta(seconds=1)
    await sync_to_async(present_until)(table, four_players, deadline)
    await sync_to_async(sweep_now)(deadline)  # she stands up
    bot_wait = await sync_to_async(lambda: table.room.bot_wait_seconds)()
    after_wait = deadline + timedelta(seconds=bot_wait + 1)
    await sync_to_async(present_until)(table, [ming, fang, wang], after_wait)
    await sync_to_async(sweep_now)(after_wait)  # a bot takes seat 3, the hand is dealt
    await watching.sync()

    started = watching.seen("hand_started")[-1]
    stored = await sync_to_async(TableEvent.objects.get)(table=table, version=started["version"])
    public = stored.view_for(None) or {}
    assert started["hand"] == public["hand"] != (stored.view_for(3) or {})["hand"]
    await watching.close()
