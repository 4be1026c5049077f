"""RULINGS (issue 16): what a seat or a spectator is told never depends on another seat's concealed
tiles. A claim window is put to every seat it may reach, whoever holds a claim: the frames are the same.

Each variant is played twice through the same public moves, from two scripted deals that differ
only in one hidden tile of 老王's (the secret seat; 阿珍 in erren): in the first he holds a pair of
南 (2z) and may pong the dealer's first discard, a 南; in the second he holds one 南 and a 发 (6z)
instead, and has nothing to claim. He passes when asked. Every other player and a spectator must
receive the same frames in both hands: the same events at the same table versions, the same
states, prompts (to_act, legal actions, hand versions) and acks, once table and hand ids, seeds,
commitments and clock times are set aside. (Only the way frames are batched on the wire is not
compared: a person's thinking time shows, as it does at a real table.)
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from asgiref.sync import sync_to_async

from engine.variants import get as get_variant
from tests.engine.flow.secret_deals import PAIR, deals
from tests.tables.conftest import TableClient, sync_all

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(240)]

CAST = [("ming", "阿明"), ("fang", "小芳"), ("wang", "老王"), ("zhen", "阿珍")]
DISCARDS = 6  # the dealer's 2z, then each seat in turn lets its draw go
IDS = {"hand_id", "commitment", "seed", "deadline", "id", "invite_code", "user", "room", "table", "name"}
CLOCK = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d")


def last_view(client: TableClient) -> dict[str, Any]:
    prompts = [e for e in client.events if e["type"] == "prompt"]
    return prompts[-1]["hand"] if prompts else client.state["hand"]["state"]


async def play(clients: list[TableClient], watcher: TableClient, secret: int) -> bool:
    """The same public moves in both hands: the dealer lets 2z go, then each seat its draw; every
    window is passed. Returns whether the secret seat was asked about the dealer's 2z."""
    discards, secret_asked = 0, False
    await sync_all([*clients, watcher])
    while discards < DISCARDS:
        acting = [c for c in clients if c.legal]
        assert acting, "nobody was asked to act"
        client = acting[0]
        if "pass" in {a["type"] for a in client.legal}:  # a window (or erren's opening exchange): let it go
            secret_asked = secret_asked or (client.seat == secret and discards == 1)
            action = {"type": "pass"}
        else:
            drawn = last_view(client)["seats"][client.seat]["drawn"]
            action = {"type": "discard", "tile": drawn or PAIR}
            discards += 1
        await client.act(action)
        version = (await client.expect("ack", timeout=10))["version"]
        await caught_up([*clients, watcher], version)
    await sync_all([*clients, watcher])
    return secret_asked


async def caught_up(clients: list[TableClient], version: int) -> None:
    """Every client has the broadcast up to `version` (waiting, not pinging: the sockets are rate-limited)."""
    for client in clients:
        while client.version < version:
            await client.receive(timeout=10)


def normalised(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: "<id>" if k in IDS else normalised(v) for k, v in node.items()}
    if isinstance(node, list):
        return [normalised(x) for x in node]
    if isinstance(node, str) and CLOCK.match(node):
        return "<time>"
    return node


def frames(client: TableClient) -> dict[str, Any]:
    """What the client was told: its states, acks and refusals in order, and every versioned event
    once (a broadcast and a resync may both carry one), by table version."""
    events: dict[int, Any] = {}
    others = []
    for message in client.received:
        if message["type"] == "events":
            events.update({e["version"]: normalised(e) for e in message["events"]})
        elif message["type"] == "ack":
            others.append({"type": "ack", "duplicate": message["duplicate"]})  # its version: wire batching
        elif message["type"] != "pong":
            others.append(normalised(message))
    return {"messages": others, "events": [events[v] for v in sorted(events)]}


async def hand_told(variant: str, options: dict[str, Any], run: int, make_player, funded, room, secret: int):
    from tables.models import Table
    from tables.services import seating

    players = await sync_to_async(lambda: [funded(make_player(f"{u}{run}", name)) for u, name in CAST])()
    players = players[: get_variant(variant).n_seats]
    watcher_user = await sync_to_async(lambda: funded(make_player(f"kan{run}", "看客")))()

    def seat_them() -> Any:
        table = seating.create_private(players[0], room(variant, 10, options=options))
        Table.objects.filter(pk=table.pk).update(private=False)
        for player in players[1:]:
            seating.join_by_code(player, str(table.invite_code))
        return table

    table = await sync_to_async(seat_them)()
    clients = [await TableClient.open(p, table.pk, p.username) for p in players]
    watcher = await TableClient.open(watcher_user, table.pk, "watcher")
    asked = await play(clients, watcher, secret)
    told = {("spectator" if c is watcher else c.seat): frames(c) for c in [*clients, watcher] if c.seat != secret}
    for client in [*clients, watcher]:
        await client.close()
    return asked, told


@pytest.mark.parametrize("variant", ["pinghe", "nanping", "guangdong", "erren"])
async def test_a_claim_window_looks_the_same_whoever_can_claim(variant, make_player, funded, room, settings):
    settings.TABLES_ALLOW_SCRIPTED_DEALS = True
    with_pair, without, secret = deals(variant)
    asked, told = await hand_told(variant, with_pair, 1, make_player, funded, room, secret)
    not_asked, told_again = await hand_told(variant, without, 2, make_player, funded, room, secret)
    assert asked and not not_asked, "the two deals must differ in what the secret seat may claim"
    assert told.keys() == told_again.keys()
    for audience in told:
        first, second = told[audience], told_again[audience]
        assert len(first["events"]) == len(second["events"]), f"{audience}: a different number of events"
        for a, b in zip(first["events"], second["events"], strict=True):
            assert a == b, f"{audience} was told differently"
        assert first["messages"] == second["messages"], f"{audience}: different states or acks"
