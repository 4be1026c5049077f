"""A daphne process that dies never runs its sockets' disconnect: the seat still counts an open socket.
Heartbeats keep `last_seen` fresh; a seat silent past the presence timeout is treated as disconnected
since it was last seen (the grace period runs from then: an escape after it)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async

from tests.tables.conftest import TableClient

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(60)]


def seat_state(table_id: int, index: int):
    from tables.models import Seat

    return Seat.objects.get(table_id=table_id, index=index)


async def test_a_seat_whose_process_died_is_disconnected_from_when_it_was_last_seen(
    four_players, seat_at_table, settings
):
    from tables.models import Escape, Seat
    from tables.services.sweeper import sweep_now

    # Long turn and claim timers: the sweeps below jump the clock ahead by minutes, and their timeouts
    # must not hand every seat to the bot (which could end the hand before the grace period is over).
    table = await sync_to_async(seat_at_table)(
        four_players, "pinghe", grace_seconds=120, turn_seconds=600, claim_seconds=600
    )
    clients = [await TableClient.open(p, table.pk, p.username) for p in four_players]
    await clients[0].send({"type": "ping"})  # a heartbeat refreshes last_seen
    await clients[0].expect("pong")
    ming = await sync_to_async(seat_state)(table.pk, 0)
    assert ming.connections == 1 and ming.last_seen is not None

    # 老王's process died: his seat still counts a socket, but it never pings again.
    last_seen = (await sync_to_async(seat_state)(table.pk, 2)).last_seen
    timeout = settings.TABLES_PRESENCE_TIMEOUT_SECONDS
    for seat in range(4):  # the live sockets keep pinging; pretend they did so just now
        if seat != 2:
            await sync_to_async(
                lambda s=seat: Seat.objects.filter(table=table, index=s).update(
                    last_seen=last_seen + timedelta(seconds=121)
                )
            )()
    early = await sync_to_async(sweep_now)(last_seen + timedelta(seconds=timeout - 1))
    assert early["silent"] == 0
    late = await sync_to_async(sweep_now)(last_seen + timedelta(seconds=timeout + 1))
    assert (late["silent"], late["escapes"]) == (1, 0)
    wang = await sync_to_async(seat_state)(table.pk, 2)
    assert wang.connections == 0 and wang.disconnected_at == last_seen

    # The grace period counts from when he was last seen.
    done = await sync_to_async(sweep_now)(last_seen + timedelta(seconds=121))
    assert done["escapes"] == 1
    assert await sync_to_async(Escape.objects.filter(hand__table=table, seat=2).exists)()
    for client in clients:
        await client.close()
