"""A complete guangdong hand over sockets: two players and two house bots, to the ledger; 风圈 carries over."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from tests.tables.conftest import TableClient, bots_fill, finished, play_until
from tests.tables.test_play_pinghe import ledger_facts

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(120)]


async def test_two_players_and_two_bots_play_a_guangdong_hand_to_settlement(four_players, seat_at_table):
    from tables.bots import BOT_FLOAT_BASES
    from tables.models import Hand, Table

    ming, fang = four_players[:2]
    table = await sync_to_async(seat_at_table)([ming, fang], "guangdong")
    clients = [await TableClient.open(ming, table.pk, "ming"), await TableClient.open(fang, table.pk, "fang")]
    await bots_fill(table)
    await play_until(clients, finished(clients, "settled"))

    hand = await sync_to_async(Hand.objects.get)(table=table, number=1)
    assert hand.variant == "guangdong" and hand.status == "finished" and hand.settled
    postings, total = await sync_to_async(ledger_facts)(hand.pk, hand.players)
    assert postings == 1  # a 流局 posts an empty settlement: every hand is settled exactly once
    if hand.sheet is not None:  # None after a 流局 (the seed is random; bots draw about one hand in 500)
        assert sum(seat["paid"] for seat in hand.sheet["seats"]) == 0
    assert total == 1000 + 1000 + 2 * BOT_FLOAT_BASES * 10
    table = await sync_to_async(Table.objects.get)(pk=table.pk)
    assert table.options["round_wind"] == "1z" and table.options["first_dealer"] == 0  # still the 东 round
    for client in clients:
        await client.close()
