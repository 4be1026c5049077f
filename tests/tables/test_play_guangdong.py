"""A complete guangdong hand over sockets: two players and two house bots, to the ledger; 风圈 carries over."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from tests.tables.conftest import TableClient, bots_fill, finished, play_until
from tests.tables.test_play_pinghe import ledger_facts

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(120)]


async def test_two_players_and_two_bots_play_a_guangdong_hand_to_settlement(four_players, seat_at_table):
    from tables.models import Hand, Table
    from tables.services.settlement import BOT_FLOAT_BASES

    ming, fang = four_players[:2]
    table = await sync_to_async(seat_at_table)([ming, fang], "guangdong")
    clients = [await TableClient.open(ming, table.pk, "ming"), await TableClient.open(fang, table.pk, "fang")]
    await bots_fill(table)
    for client in clients:  # what the page does on load: ask for the running hand's whole view
        await client.send({"type": "resync"})
        await client.expect("state")
    await play_until(clients, finished(clients, "settled"))
    for client in clients:
        assert_the_page_gets_the_winds_and_liabilities(client)

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


def assert_the_page_gets_the_winds_and_liabilities(client: TableClient) -> None:
    """The table page draws 风圈, each 门风, 包 badges and its own 漏胡 note from `hand.state.table`."""
    running = [m["hand"]["state"] for m in client.received if m["type"] == "state" and m.get("hand")]
    assert running, f"{client.name} was never sent a running hand"
    views = running + [e["final"] for e in client.seen("hand_finished")]  # the finished hand under its sheet
    for view in views:
        table = view["table"]
        assert table["round_wind"] == "1z" and table["seat_winds"] == ["1z", "2z", "3z", "4z"]  # seat 0 deals first
        assert len(table["liable"]) == 4 and all(t in (None, 0, 1, 2, 3) for t in table["liable"])
    for view in running:  # a seat's own 漏胡 tiles (the public final view has none)
        assert all(isinstance(tile, str) and len(tile) == 2 for tile in view["table"]["passed"])
