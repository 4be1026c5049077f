"""A table socket meets hostile or clumsy traffic: it answers with `error` frames, never crashes, and
however it ends, the seat's connection count comes back down (no phantom player for the bot to play)."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from engine.hand_script import arrange
from tests.tables.conftest import TableClient, sync_all

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(60)]

# Scattered hands: nobody can win at the opening, so several seats act in the first round.
HANDS = ["1357m1357p1357s1234z9s", "2468m2468p2468s1234z", "1357m1357p1357s5566z", "2468m2468p2468s5677z"]


def connections(table_id: int, index: int) -> int:
    from tables.models import Seat

    return Seat.objects.get(table_id=table_id, index=index).connections


async def at_table(four_players, seat_at_table, **room_settings):
    table = await sync_to_async(seat_at_table)(four_players, "pinghe", **room_settings)
    clients = [await TableClient.open(p, table.pk, p.username) for p in four_players]
    return table, clients


async def close_all(clients) -> None:
    for client in clients:
        await client.close()


BAD_FRAMES = {
    "binary": {"bytes": b"\x81\x00"},
    "empty": {"text": ""},
    "deeply nested": {"text": '{"type": "action", "action": ' + "[" * 50_000 + "]" * 50_000 + "}"},
}


@pytest.mark.parametrize("frame", BAD_FRAMES.values(), ids=BAD_FRAMES.keys())
async def test_a_bad_frame_gets_an_error_and_the_seat_stays_connected_until_it_closes(
    four_players, seat_at_table, frame
):
    table, clients = await at_table(four_players, seat_at_table)
    ming = clients[0]
    await ming.socket.send_input({"type": "websocket.receive", **frame})
    error = await ming.expect("error")
    assert error["code"] == "malformed"
    await ming.sync()  # the socket still answers
    assert await sync_to_async(connections)(table.pk, ming.seat) == 1
    await ming.close()
    assert await sync_to_async(connections)(table.pk, ming.seat) == 0
    await close_all(clients[1:])


async def test_a_flood_is_closed_for_abuse_and_the_seat_is_counted_gone(four_players, seat_at_table):
    table, clients = await at_table(four_players, seat_at_table)
    ming = clients[0]
    for _ in range(120):
        await ming.send({"type": "ping"})
    closed = None
    while closed is None:
        output = await ming.socket.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            closed = output
    assert closed["code"] == 4008  # CLOSE_ABUSE, not 1011 (a crash)
    await ming.socket.send_input({"type": "websocket.disconnect", "code": 4008})
    await ming.socket.wait(timeout=5)
    assert await sync_to_async(connections)(table.pk, 0) == 0
    await close_all(clients[1:])


@pytest.mark.parametrize("since", [10**9, 2**63, 10**30])
async def test_a_resync_from_the_future_gets_the_whole_state(four_players, seat_at_table, since):
    _, clients = await at_table(four_players, seat_at_table)
    ming = clients[0]
    await ming.send({"type": "resync", "since": since})
    state = await ming.expect("state")
    assert state["version"] < since
    await ming.sync()
    await close_all(clients)


@pytest.fixture
def scripted(settings):
    settings.TABLES_ALLOW_SCRIPTED_DEALS = True
    return {"options": arrange("pinghe", dealer=0, hands=HANDS, gold="9p")}


def player_actions(table_id: int) -> list[tuple[int, str | None]]:
    from tables.models import ActionLog

    return list(ActionLog.objects.filter(table_id=table_id, source="player").values_list("seat", "client_id"))


async def test_action_ids_are_each_seats_own(four_players, seat_at_table, scripted):
    """Two seats may use the same id: the second is applied, not answered as the first's duplicate."""
    table, clients = await at_table(four_players, seat_at_table, **scripted)
    first_seat = None
    for n in range(12):
        await sync_all(clients)
        acting = [c for c in clients if c.legal]
        assert acting, "a scattered deal cannot end in its first round"
        player = acting[0]
        if first_seat is not None and player.seat == first_seat:
            await player.act(player.choose(), action_id=f"own-{n}")
            await player.expect("ack")
            continue
        await player.act(player.choose(), action_id="shared")
        ack = await player.expect("ack")
        assert ack["duplicate"] is False
        if first_seat is not None:
            break
        first_seat = player.seat
    shared = [seat for seat, client_id in await sync_to_async(player_actions)(table.pk) if client_id == "shared"]
    assert len(shared) == 2 and shared[0] != shared[1]
    await close_all(clients)
