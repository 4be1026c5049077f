"""The channel layer carries copies, not the truth: when broadcasts are lost (here Redis drops this
process's subscriptions, as a restart does), the heartbeat shows the client it is behind, a resync fills
the gap from the database, and once the layer has subscribed again the broadcasts arrive by themselves."""

from __future__ import annotations

import asyncio

import pytest
import redis
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings

from tests.tables.conftest import TableClient, sync_all, to_act

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(60)]


def subscriber_address() -> str:
    """Where this process's subscriptions come from, as Redis sees it (the layer's pub/sub connection)."""
    shard = get_channel_layer()._get_layer()._shards[0]  # type: ignore[union-attr]
    host, port = shard._pubsub.connection._writer.get_extra_info("sockname")[:2]
    return f"{host}:{port}"


def drop_subscriptions(address: str) -> None:
    """What a Redis restart does to the table's groups: the subscriber is cut off (only ours: other test
    runs may share the server)."""
    assert redis.Redis.from_url(settings.REDIS_URL).client_kill(address)


async def subscribed_again(table_id: int) -> None:
    """Wait until the layer has reconnected and subscribed to the table's group again."""
    client = redis.asyncio.Redis.from_url(settings.REDIS_URL)
    prefix = f"asgi.db{settings.REDIS_DB}."  # config.settings: the layer's prefix
    for _ in range(100):
        if await client.pubsub_channels(f"{prefix}__group__tbl.{table_id}.ev"):
            break
        await asyncio.sleep(0.05)
    await client.aclose()


async def test_a_client_that_missed_broadcasts_catches_up_from_the_database(
    four_players, seat_at_table, scattered_deal
):
    table = await sync_to_async(seat_at_table)(four_players, "pinghe", options=scattered_deal)
    clients = [await TableClient.open(p, table.pk, p.username) for p in four_players]
    await sync_all(clients)  # nothing in flight: whatever arrives from now on was sent after this
    player = to_act(clients)
    watcher = next(c for c in clients if c is not player)
    before = watcher.version

    await sync_to_async(drop_subscriptions)(subscriber_address())
    await player.act(player.choose())
    await player.expect("ack")
    assert await watcher.drain(0.3) == []  # the broadcast reached nobody

    await watcher.send({"type": "ping"})
    pong = await watcher.expect("pong")
    assert pong["version"] > before == watcher.version
    await watcher.send({"type": "resync", "since": watcher.version})
    caught_up = await watcher.expect("events")
    assert caught_up["from"] == before + 1 and caught_up["to"] == pong["version"]

    # The layer subscribes again by itself (redis-py resubscribes on reconnecting; a ping's group_add
    # would too), and the next broadcast arrives without a ping or a resync.
    await subscribed_again(table.pk)
    await sync_all(clients)
    actor = to_act(clients)
    acted_at = actor.version
    await actor.act(actor.choose())
    for client in clients:
        if client is not actor:
            told = await client.expect("events")  # no ping, no resync: the broadcast itself
            assert told["from"] == acted_at + 1, "the renewed subscription delivers again"
    for client in clients:
        await client.close()
