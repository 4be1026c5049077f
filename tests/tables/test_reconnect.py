"""Dropping out mid-hand: the seat stays the player's (no 托管 at once: a network blip must not lose the
hand), the hand waits for their decision on its own timer; coming back gives the full state or the
missed events. A turn that runs out while they are away turns 托管 on as for anyone (test_timeout.py);
staying away past the grace period is an escape (test_escape.py)."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async

from tests.tables.conftest import TableClient, finished, play_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(120)]


def seat_row(table_id: int, index: int) -> Any:
    from tables.models import Seat

    return Seat.objects.filter(table_id=table_id, index=index).values("auto", "connections", "disconnected_at")[0]


def waits_for(table_id: int) -> list[int]:
    """The seats the running hand waits for."""
    from tables.models import Hand
    from tables.services.states import hand_state

    hand = Hand.objects.get(table_id=table_id, status="playing")
    return sorted(hand_state(hand).to_act)


async def test_a_player_who_drops_keeps_the_seat_and_resumes_on_return(four_players, seat_at_table, scattered_deal):
    _ming, _fang, wang, _zhen = four_players
    table = await sync_to_async(seat_at_table)(four_players, "pinghe", options=scattered_deal)
    clients = [await TableClient.open(p, table.pk, p.username) for p in four_players]
    for _ in range(6):  # a few turns
        for c in clients:
            await c.drain(0.02)
            if c.legal:
                await c.act(c.choose())

    # 老王's connection drops: no 托管, the grace period is running.
    wang_client = clients[2]
    assert not wang_client.seen("hand_finished"), "the scripted deal ended before 老王 dropped"
    seen_version = wang_client.version
    await wang_client.close()
    row = await sync_to_async(seat_row)(table.pk, 2)
    assert row["auto"] is False and row["connections"] == 0 and row["disconnected_at"] is not None

    others = [clients[0], clients[1], clients[3]]
    for _ in range(8):  # the others play on, until the hand waits for 老王: nobody answers for him
        for c in others:
            await c.drain(0.02)
            if c.legal:
                await c.act(c.choose())
    assert 2 in await sync_to_async(waits_for)(table.pk)

    # Back within the grace period: a full state for the seat, and 托管 is over.
    back = await TableClient.open(wang, table.pk, "wang-again")
    assert back.seat == 2 and back.state["version"] >= seen_version
    assert back.state["hand"] is not None and back.state["hand"]["state"]
    row = await sync_to_async(seat_row)(table.pk, 2)
    assert row["auto"] is False and row["disconnected_at"] is None
    assert back.state["hand"]["legal"], "his decision is still his to make"

    # Or, having kept a version, ask only for what was missed (filtered for this seat).
    await back.send({"type": "resync", "since": seen_version})
    missed = await back.expect("events")
    assert missed["from"] == seen_version + 1 and missed["events"]
    assert all(e["version"] > seen_version for e in missed["events"])

    everyone = [clients[0], clients[1], back, clients[3]]
    await play_until(everyone, finished(everyone, "hand_finished"))
    for c in everyone:
        await c.close()
