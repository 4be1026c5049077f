"""A complete pinghe hand over sockets: two players and two house bots, to the ledger."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from tests.tables.conftest import TableClient, bots_fill, finished, play_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(120)]


def ledger_facts(hand_id: int, user_ids: list[int]) -> tuple[int, int]:
    from ledger.models import Account, Transaction, TransactionKind

    postings = Transaction.objects.filter(kind=TransactionKind.HAND_SETTLEMENT, reference=f"hand:{hand_id}").count()
    total = sum(Account.objects.filter(user_id__in=user_ids).values_list("balance", flat=True))
    return postings, total


async def test_two_players_and_two_bots_play_a_pinghe_hand_to_settlement(four_players, seat_at_table):
    from tables.models import Hand

    ming, fang = four_players[:2]
    table = await sync_to_async(seat_at_table)([ming, fang], "pinghe")
    clients = [await TableClient.open(ming, table.pk, "ming"), await TableClient.open(fang, table.pk, "fang")]
    assert [c.seat for c in clients] == [0, 1]
    assert clients[0].state["hand"] is None  # two empty seats: waiting for the bots

    await bots_fill(table)
    await play_until(clients, finished(clients, "settled"))

    hand = await sync_to_async(Hand.objects.get)(table=table, number=1)
    assert hand.status == "finished" and hand.settled and hand.bots == [2, 3]
    started, ended = clients[0].seen("hand_started")[0], clients[0].seen("hand_finished")[0]
    assert started["commitment"] == hand.commitment and ended["seed"] == hand.seed
    postings, total = await sync_to_async(ledger_facts)(hand.pk, hand.players)
    assert postings == 1
    from tables.services.settlement import BOT_FLOAT_BASES

    assert total == 1000 + 1000 + 2 * BOT_FLOAT_BASES * 10  # coins move between the seats, none appear or vanish
    settled = clients[1].seen("settled")[0]
    assert settled["hand_id"] == hand.pk and set(settled["balances"]) == {"0", "1", "2", "3"}
    for client in clients:
        await client.close()
