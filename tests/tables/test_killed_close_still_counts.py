"""A close daphne kills still does its bookkeeping: under a burst of closes a consumer can still be
waiting for its table's turn when daphne's close timeout (10 s) cancels it; the seat's open-socket
count must still go down, or the seat is a phantom until the heartbeat's timeout (issue 17's capacity
run left seats counted connected after every socket had closed).

Story: 阿明's socket closes while his table's turn is held; daphne cancels the consumer; when the
turn comes free the bookkeeping still runs and his seat counts no socket.
"""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import sync_to_async

from tables.consumers import table_turn
from tests.tables.conftest import TableClient

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(60)]


def connections(table_id: int, user_id: int) -> int:
    from tables.models import Seat

    return Seat.objects.get(table_id=table_id, user_id=user_id).connections


async def test_a_cancelled_close_still_takes_the_socket_off_the_seat(four_players, seat_at_table) -> None:
    ming = four_players[0]
    table = await sync_to_async(seat_at_table)(four_players)
    client = await TableClient.open(ming, table.id)
    assert await sync_to_async(connections)(table.id, ming.pk) == 1

    turn = table_turn(table.id)
    async with turn:  # the table is busy: the close waits for its turn
        await client.socket.send_input({"type": "websocket.disconnect", "code": 1000})
        await asyncio.sleep(0.2)
        client.socket.future.cancel()  # daphne's close timeout
        await asyncio.sleep(0.1)
    for _ in range(100):
        if await sync_to_async(connections)(table.id, ming.pk) == 0:
            break
        await asyncio.sleep(0.1)
    assert await sync_to_async(connections)(table.id, ming.pk) == 0
