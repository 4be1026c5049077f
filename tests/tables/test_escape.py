"""逃跑: leaving a running hand, or not returning within the grace period, costs 12 × base, exactly once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async

from tests.tables.conftest import TableClient, finished, play_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(120)]


def penalties(hand_id: int) -> list[dict]:
    from ledger.models import Transaction, TransactionKind

    rows = Transaction.objects.filter(kind=TransactionKind.ESCAPE_PENALTY, reference=f"hand:{hand_id}")
    return [t.detail for t in rows]


def balance(user) -> int:
    from ledger import services as ledger

    return ledger.balance_of(user)


async def test_leaving_a_running_hand_is_an_escape_penalised_once(four_players, seat_at_table, scattered_deal):
    from tables.models import Escape, Hand, Seat
    from tables.tasks import penalize_escape

    _ming, _fang, _wang, zhen = four_players
    table = await sync_to_async(seat_at_table)(four_players, "pinghe", options=scattered_deal)  # the hand runs
    clients = [await TableClient.open(p, table.pk, p.username) for p in four_players]
    hand = await sync_to_async(Hand.objects.get)(table=table, number=1)
    assert clients[3].state["escape_cost"] == 120  # what her 离开 button's confirmation states

    # Unconfirmed, the table states the exact penalty and changes nothing.
    await clients[3].send({"type": "leave"})
    refused = await clients[3].expect("error")
    assert refused["code"] == "escape_unconfirmed" and "120" in refused["reason"]
    assert not await sync_to_async(Seat.objects.filter(table=table, user=zhen, leaving=True).exists)()

    await clients[3].send({"type": "leave", "confirm": True})
    assert (await clients[3].expect("left"))["escaped"] is True
    escape = await sync_to_async(Escape.objects.get)(hand=hand, seat=3)
    assert escape.reason == "left" and escape.penalized
    details = await sync_to_async(penalties)(hand.pk)
    assert len(details) == 1
    paid = {(t["payer"], t["receiver"]): t["paid"] for t in details[0]["transfers"]}
    assert paid == {(3, 0): 40, (3, 1): 40, (3, 2): 40}  # 12 × base 10, 4 × base to each other player

    # A duplicate delivery of the task moves nothing.
    await sync_to_async(penalize_escape.apply)(args=[escape.pk])
    assert len(await sync_to_async(penalties)(hand.pk)) == 1

    # The bot plays 阿珍's seat to the end; her hand result still applies.
    others = clients[:3]
    await play_until(others, finished(others, "settled"))
    await sync_to_async(hand.refresh_from_db)()
    assert hand.settled and 3 not in hand.bots and hand.players[3] == zhen.pk
    for c in others:
        await c.close()


async def test_not_returning_within_the_grace_period_is_an_escape(four_players, seat_at_table):
    from tables.models import Escape, Hand, Seat
    from tables.services.sweeper import sweep_now

    table = await sync_to_async(seat_at_table)(four_players, "pinghe", grace_seconds=60)
    clients = [await TableClient.open(p, table.pk, p.username) for p in four_players]
    hand = await sync_to_async(Hand.objects.get)(table=table, number=1)
    await clients[1].close()  # 小芳 drops
    dropped_at = await sync_to_async(lambda: Seat.objects.get(table=table, index=1).disconnected_at)()
    assert dropped_at is not None

    within = await sync_to_async(sweep_now)(dropped_at + timedelta(seconds=59))
    assert within["escapes"] == 0
    after = await sync_to_async(sweep_now)(dropped_at + timedelta(seconds=61))
    assert after["escapes"] == 1
    again = await sync_to_async(sweep_now)(dropped_at + timedelta(seconds=62))
    assert again["escapes"] == 0  # once per hand and seat
    escape = await sync_to_async(Escape.objects.get)(hand=hand, seat=1)
    assert escape.reason == "timeout" and escape.penalized
    assert len(await sync_to_async(penalties)(hand.pk)) == 1
    for c in (clients[0], clients[2], clients[3]):
        await c.sync()
        assert any(e["type"] == "escaped" and e["seat"] == 1 for e in c.events)
        await c.close()
