"""A complete erren hand at a live two-seat table: one player and a bot, exchange to settlement."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import pytest
from asgiref.sync import sync_to_async

from tests.tables.conftest import TableClient, bots_fill, finished

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(120)]


async def play_at_human_pace(client: TableClient, done: Callable[[], bool], limit: float = 90) -> None:
    """Answer every prompt, a few a second (the socket's rate limit is 5 messages a second)."""
    start = time.monotonic()
    while not done():
        assert time.monotonic() - start < limit, f"the hand did not finish: {client.events[-2:]}"
        await client.drain(0.02)
        if client.legal:
            await client.act(client.choose())
            await asyncio.sleep(0.25)


async def test_a_player_and_a_bot_play_an_erren_hand(four_players, seat_at_table):
    from tables.models import Hand

    ming = four_players[0]
    table = await sync_to_async(seat_at_table)([ming], "erren")
    client = await TableClient.open(ming, table.pk, ming.username)
    await bots_fill(table)
    await play_at_human_pace(client, finished([client], "settled"))

    hand = await sync_to_async(Hand.objects.get)(table=table, number=1)
    assert hand.variant == "erren" and hand.settled and hand.bots == [1]
    prompts = [e for e in client.events if e["type"] == "prompt" and e.get("legal")]
    assert any(a["type"] == "exchange" for a in prompts[0]["legal"])  # the opening exchange came first
    assert client.seen("bonus_tile")  # the 花牌 turned up for both players
    await client.close()


async def test_the_table_options_reach_the_hand_and_both_players_see_the_offers(four_players, seat_at_table):
    from tables.models import Hand

    ming = four_players[0]
    # 搓牌 offered before every draw (a probability below 1 leaves a short hand without an offer on
    # some secret deals); 游戏中换牌 by chance
    options = {"swap_probability": 0.3, "pick_probability": 1.0}
    table = await sync_to_async(seat_at_table)([ming], "erren", options=options)
    client = await TableClient.open(ming, table.pk, ming.username)
    await bots_fill(table)
    await play_at_human_pace(client, finished([client], "settled"))

    hand = await sync_to_async(Hand.objects.get)(table=table, number=1)
    assert hand.options["swap_probability"] == 0.3 and hand.options["pick_probability"] == 1.0
    offers = client.seen("huanpai_offer") + client.seen("cuopai_offer")
    assert {o["seat"] for o in offers} <= {0, 1}
    # every draw comes after its 搓牌 offer; only a hand won at its opening (天和) has neither
    assert offers or not client.seen("draw")
    await client.close()
