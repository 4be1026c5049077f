"""Logging out (or a ban) closes the user's table sockets in every process, through the user's group."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from tests.tables.conftest import TableClient

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(60)]


async def test_logging_out_closes_the_table_socket(four_players, seat_at_table):
    from accounts.services import aclose_user_sockets

    ming = four_players[0]
    table = await sync_to_async(seat_at_table)([ming], "pinghe")
    client = await TableClient.open(ming, table.pk, "ming")
    await aclose_user_sockets(ming.pk, "logged_out")
    assert (await client.expect("closing"))["code"] == "logged_out"
    assert (await client.socket.receive_output(timeout=2))["type"] == "websocket.close"
