"""The channel layer carries copies, not the truth: when broadcasts are lost (here Redis forgets every
group, as after a restart), the heartbeat shows the client it is behind, a resync fills the gap from the
database, and the ping renews the socket's group membership."""

from __future__ import annotations

import pytest
import redis
from asgiref.sync import sync_to_async
from django.conf import settings

from tests.tables.conftest import TableClient, sync_all, to_act

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(60)]


def forget_groups(table_id: int) -> None:
    """What a Redis restart does to the table's groups: the memberships are gone."""
    client = redis.Redis.from_url(settings.REDIS_URL)
    keys = list(client.scan_iter(match=f"*group:tbl.{table_id}.*"))
    assert keys and client.delete(*keys) == len(keys)


async def test_a_client_that_missed_broadcasts_catches_up_from_the_database(four_players, seat_at_table):
    table = await sync_to_async(seat_at_table)(four_players, "pinghe")
    clients = [await TableClient.open(p, table.pk, p.username) for p in four_players]
    await sync_all(clients)  # nothing in flight: whatever arrives from now on was sent after this
    player = to_act(clients)
    watcher = next(c for c in clients if c is not player)
    before = watcher.version

    await sync_to_async(forget_groups)(table.pk)
    await player.act(player.choose())
    await player.expect("ack")
    assert await watcher.drain(0.3) == []  # the broadcast reached nobody

    await watcher.send({"type": "ping"})
    pong = await watcher.expect("pong")
    assert pong["version"] > before == watcher.version
    await watcher.send({"type": "resync", "since": watcher.version})
    caught_up = await watcher.expect("events")
    assert caught_up["from"] == before + 1 and caught_up["to"] == pong["version"]

    # Every browser pings every ~10 s: the pings renew the groups, and the next broadcast arrives by itself.
    await sync_all(clients)
    actor = to_act(clients)
    acted_at = actor.version
    await actor.act(actor.choose())
    for client in clients:
        if client is not actor:
            told = await client.expect("events")  # no ping, no resync: the broadcast itself
            assert told["from"] == acted_at + 1, "the renewed group membership delivers again"
    for client in clients:
        await client.close()
