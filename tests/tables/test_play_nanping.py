"""A complete nanping hand: three players and a bot, watched by a spectator; 连庄 carries over."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from tests.tables.conftest import TableClient, bots_fill, finished, play_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(120)]


async def test_three_players_a_bot_and_a_spectator_play_nanping(four_players, seat_at_table):
    from tables.models import Hand, Table

    ming, fang, wang, zhen = four_players
    table = await sync_to_async(seat_at_table)([ming, fang, wang], "nanping")
    players = [await TableClient.open(p, table.pk, p.username) for p in (ming, fang, wang)]
    await sync_to_async(lambda: Table.objects.filter(pk=table.pk).update(private=False))()
    watcher = await TableClient.open(zhen, table.pk, "zhen-watching")
    assert watcher.seat is None and "invite_code" not in watcher.state["table"]

    await bots_fill(table)
    await play_until([*players, watcher], finished(players, "settled"))
    await watcher.sync()

    hand = await sync_to_async(Hand.objects.get)(table=table, number=1)
    assert hand.variant == "nanping" and hand.settled and hand.bots == [3]
    assert watcher.seen("hand_finished") and not watcher.seen("prompt")[0].get("legal")
    table = await sync_to_async(Table.objects.get)(pk=table.pk)
    assert table.status == "between" and table.hands_played == 1
    # The next deal waits for everyone's "ready" (or the room's pause): dealer and streak carry over.
    for client in players:
        await client.send({"type": "ready"})
    await play_until(players, finished(players, "hand_started", 2))
    second = await sync_to_async(Hand.objects.get)(table=table, number=2)
    assert (second.dealer, second.streak) == (table.dealer, table.streak)
    for client in [*players, watcher]:
        await client.close()
