"""A closed socket's consumer stops at once, even while the table's other seats are being told about it.

The close bookkeeping broadcasts the seat's presence, so the closing consumer's channel-layer
receive is usually in the middle of a Redis round trip when it is cancelled. A redis-py socket
timeout sent that write through Python 3.11's `asyncio.wait_for`, which swallows a cancellation
that lands as the write completes: the consumer never stopped, and daphne kills such consumers
after its shutdown timeout (every close in these tests took the communicator's whole timeout).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from asgiref.sync import sync_to_async

from tests.tables.conftest import TableClient

pytestmark = [pytest.mark.django_db(transaction=True)]

GENEROUS_SECONDS = 8  # a hang, not a speed: the consumer should stop in well under a second


async def test_each_seat_that_closes_stops_while_the_others_are_told(four_players, seat_at_table) -> None:
    table = await sync_to_async(seat_at_table)(four_players)
    clients = [await TableClient.open(player, table.id) for player in four_players]
    hung = []
    for client in clients:
        await client.socket.send_input({"type": "websocket.disconnect", "code": 1000})
        consumer = client.socket.future
        try:
            await asyncio.wait_for(asyncio.shield(consumer), GENEROUS_SECONDS)
        except TimeoutError:
            hung.append(client.name)
            await client.close()  # cancels it, so the story ends cleanly
    assert hung == []


async def test_the_channel_layer_writes_without_a_socket_timeout() -> None:
    """The cause, pinned: with any socket timeout redis-py writes through `asyncio.wait_for`."""
    from django.conf import settings

    layers: Any = settings.CHANNEL_LAYERS
    for host in layers["default"]["CONFIG"]["hosts"]:
        assert host["socket_timeout"] is None
