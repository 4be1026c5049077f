"""Action ids: a repeat is answered, not applied twice; stale, out-of-turn or malformed actions change nothing."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from tests.tables.conftest import TableClient

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(60)]


def log_count(table_id: int) -> int:
    from tables.models import ActionLog

    return ActionLog.objects.filter(table_id=table_id, source="player").count()


def table_version(table_id: int) -> int:
    from tables.models import Table

    return Table.objects.get(pk=table_id).version


async def four_at_a_table(four_players, seat_at_table, options):
    table = await sync_to_async(seat_at_table)(four_players, "pinghe", options=options)
    clients = [await TableClient.open(p, table.pk, p.username) for p in four_players]
    return table, clients


def to_act(clients: list[TableClient]) -> TableClient:
    return next(c for c in clients if c.legal)


async def test_a_repeated_action_id_is_answered_not_applied_twice(four_players, seat_at_table, scattered_deal):
    table, clients = await four_at_a_table(four_players, seat_at_table, scattered_deal)
    player = to_act(clients)
    action = player.choose()
    before = await sync_to_async(log_count)(table.pk)
    await player.act(action, action_id="same-id")
    first = await player.expect("ack")
    assert first["duplicate"] is False
    await player.act(action, action_id="same-id")
    again = await player.expect("ack")
    assert again == {"type": "ack", "id": "same-id", "version": first["version"], "duplicate": True}
    assert await sync_to_async(log_count)(table.pk) == before + 1
    for c in clients:
        await c.close()


@pytest.mark.parametrize(
    "message, code",
    [
        (
            {"type": "action", "id": "x1", "action": {"type": "discard", "tile": "5m"}, "hand_version": 999},
            "stale_version",
        ),
        ({"type": "action", "id": "x2", "action": {"type": "discard", "tile": "9x"}}, "malformed"),
        ({"type": "action", "id": "x3", "action": {"type": "teleport"}}, "malformed"),
        ({"type": "action", "action": {"type": "pass"}}, "malformed"),
        ({"type": "action", "id": "x4", "action": "discard 5m"}, "malformed"),
        ({"type": "dance"}, "malformed"),
        ({"type": "auto", "on": "yes"}, "malformed"),
    ],
)
async def test_bad_messages_get_an_error_naming_the_reason_and_change_nothing(
    four_players, seat_at_table, scattered_deal, message, code
):
    table, clients = await four_at_a_table(four_players, seat_at_table, scattered_deal)
    player = to_act(clients)
    version = await sync_to_async(table_version)(table.pk)
    await player.send(message)
    error = await player.expect("error")
    assert error["code"] == code and error["reason"]
    assert await sync_to_async(table_version)(table.pk) == version
    for c in clients:
        await c.close()


async def test_acting_out_of_turn_or_illegally_is_refused(four_players, seat_at_table, scattered_deal):
    table, clients = await four_at_a_table(four_players, seat_at_table, scattered_deal)
    player = to_act(clients)
    idle = next(c for c in clients if not c.legal)
    version = await sync_to_async(table_version)(table.pk)
    await idle.act({"type": "pass"}, action_id="idle-1")
    assert (await idle.expect("error"))["code"] == "not_your_turn"
    legal = list(player.legal)
    mine = {a.get("tile") for a in legal if a["type"] == "discard"}
    absent = next(t for t in ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p") if t not in mine)
    await player.act({"type": "discard", "tile": absent}, action_id="bad-discard")
    error = await player.expect("error")
    assert error["id"] == "bad-discard" and error["code"] not in ("", "malformed")
    assert await sync_to_async(table_version)(table.pk) == version
    # A refused id is not burnt: the same id can carry a legal action afterwards.
    player.legal = legal
    await player.act(player.choose(), action_id="bad-discard")
    assert (await player.expect("ack"))["duplicate"] is False
    for c in clients:
        await c.close()


async def test_a_flood_of_messages_is_rate_limited(four_players, seat_at_table, scattered_deal):
    _table, clients = await four_at_a_table(four_players, seat_at_table, scattered_deal)
    spammer = clients[0]
    for _ in range(40):
        await spammer.send({"type": "ping"})
    replies: list[dict] = []
    while len(replies) < 40:  # each ping is answered: a pong or a refusal (broadcasts may come between)
        message = await spammer.receive()
        if message["type"] in ("pong", "error"):
            replies.append(message)
    assert any(r["type"] == "error" and r["code"] == "rate_limited" for r in replies)
    assert sum(r["type"] == "pong" for r in replies) < 40
    for c in clients:
        await c.close()
