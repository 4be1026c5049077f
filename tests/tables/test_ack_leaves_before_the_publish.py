"""A player's ack and own events leave the moment the move commits: the table's publish to the
other seats comes after, so the sender never waits on Redis for its own answer. While the publish
is held up the sender already has its ack and its events; the others get the batch once it goes."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import sync_to_async

from tables.services.events import Broadcast
from tests.tables.conftest import TableClient, sync_all, to_act

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(60)]


async def test_the_sender_is_answered_while_the_publish_is_held_up(
    four_players, seat_at_table, scattered_deal, monkeypatch
):
    table = await sync_to_async(seat_at_table)(four_players, "pinghe", options=scattered_deal)
    clients = [await TableClient.open(p, table.pk, p.username) for p in four_players]
    await sync_all(clients)
    player = to_act(clients)
    others = [c for c in clients if c is not player]
    held, publish = asyncio.Event(), Broadcast.send

    async def held_send(self: Broadcast) -> None:
        await held.wait()
        await publish(self)

    monkeypatch.setattr(Broadcast, "send", held_send)
    try:
        acted_at = player.version
        await player.act(player.choose())
        ack = await player.expect("ack")
        own = await player.expect("events")
        assert own["from"] == acted_at + 1 and own["to"] >= ack["version"]
        for other in others:
            assert await other.drain(0.2) == [], "nothing is published before the sender is answered"
    finally:
        held.set()  # whatever happened, let the publishes (and the closes' own) go
    for other in others:
        told = await other.expect("events")
        assert told["from"] == acted_at + 1 and told["to"] == own["to"]
    assert await player.drain(0.2) == [], "its own copy of the publish is not sent again"
    for client in clients:
        await client.close()
