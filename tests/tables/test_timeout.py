"""A decision left too long: the sweeper fires the deadline, the bot plays the seat until its player acts."""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone

from tests.tables.conftest import TableClient, bots_fill

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(120)]


def running_hand(table_id: int):
    from tables.models import Hand

    return Hand.objects.get(table_id=table_id, status="playing")


async def test_an_overdue_turn_is_played_by_the_bot_and_a_stale_timer_does_nothing(
    four_players, seat_at_table, scattered_deal
):
    from tables.models import Seat
    from tables.services.actions import fire_deadline
    from tables.services.sweeper import sweep_now

    ming = four_players[0]
    # a ready time longer than the jump to the deadline: a hand the bots finish meanwhile is not stood up
    table = await sync_to_async(seat_at_table)([ming], "pinghe", options=scattered_deal, between_hands_seconds=600)
    client = await TableClient.open(ming, table.pk, "ming")
    await bots_fill(table)
    await client.sync()
    # 阿明 is the dealer: the first decision is his; he does nothing.
    assert client.legal, "the dealer acts first"
    hand = await sync_to_async(running_hand)(table.pk)
    version_before, deadline = hand.state_version, hand.deadline
    assert deadline is not None

    # Too early: nothing happens.
    assert await sync_to_async(fire_deadline)(hand.pk, version_before, deadline - timedelta(seconds=1)) is False
    # The sweeper after the deadline: 托管 on, the bot plays 阿明's turn (and the bots theirs).
    done = await sync_to_async(sweep_now)(deadline + timedelta(seconds=1))
    assert done["timeouts"] == 1
    await client.sync()
    assert any(e["type"] == "auto" and e["seat"] == 0 and e["auto"] for e in client.events)
    assert await sync_to_async(lambda: Seat.objects.get(table=table, index=0).auto)() is True

    # The same timer delivered again is stale: it carries the old version and changes nothing.
    assert await sync_to_async(fire_deadline)(hand.pk, version_before, timezone.now() + timedelta(hours=1)) is False

    # 阿明 takes his seat back: 托管 off, the next decision is his again.
    await client.send({"type": "auto", "on": False})
    await client.sync()  # handled after the request: the socket's messages are handled in order
    assert await sync_to_async(lambda: Seat.objects.get(table=table, index=0).auto)() is False
    assert any(e["type"] == "auto" and e["seat"] == 0 and not e["auto"] for e in client.events)
    await client.close()
