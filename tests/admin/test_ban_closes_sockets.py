"""A ban closes the player's open sockets at once, in every process, and the closing frame says why."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from operations import services

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@sync_to_async
def cookie_for(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def open_socket(user, path: str) -> WebsocketCommunicator:
    headers = [(b"host", b"localhost"), (b"origin", b"http://localhost"), (b"cookie", await cookie_for(user))]
    socket = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await socket.connect(timeout=10)
    assert connected
    return socket


async def test_the_notify_and_table_sockets_close_with_the_reason(li, ming):
    from tests.admin.conftest import deal_with_bots

    table = await sync_to_async(deal_with_bots)(ming)
    notify = await open_socket(ming, "/ws/notify/")
    assert (await notify.receive_json_from(timeout=5))["type"] == "hello"
    at_table = await open_socket(ming, f"/ws/tables/{table.pk}/")
    assert (await at_table.receive_json_from(timeout=5))["type"] == "state"

    await sync_to_async(services.sanction)(ming, "ban", "外挂 cheat tool", by=li)

    for socket in (notify, at_table):
        message = await socket.receive_json_from(timeout=5)
        while message["type"] != "closing":
            message = await socket.receive_json_from(timeout=5)
        assert "外挂 cheat tool" in message["reason"] and "账号已封禁" in message["reason"]
        assert message["code"] == "banned"
        assert (await socket.receive_output(timeout=5))["code"] == 4001


async def test_a_banned_player_cannot_open_a_socket(li, ming):
    await sync_to_async(services.sanction)(ming, "ban", "外挂", by=li)
    headers = [(b"host", b"localhost"), (b"origin", b"http://localhost"), (b"cookie", await cookie_for(ming))]
    socket = WebsocketCommunicator(application, "/ws/notify/", headers=headers)
    connected, _ = await socket.connect(timeout=10)
    assert not connected


async def test_closing_a_table_tells_its_players_why(boss, ming):
    from tests.admin.conftest import table_with_running_hand

    table = await sync_to_async(table_with_running_hand)(ming)
    notify = await open_socket(ming, "/ws/notify/")
    await notify.receive_json_from(timeout=5)  # hello
    at_table = await open_socket(ming, f"/ws/tables/{table.pk}/")
    await at_table.receive_json_from(timeout=5)  # state

    await sync_to_async(services.close_table)(table.pk, "服务器维护 maintenance", by=boss)

    told = await notify.receive_json_from(timeout=5)
    assert told == {
        "type": "notify",
        "payload": {"type": "table_closed", "table": table.pk, "reason": "服务器维护 maintenance"},
    }
    seen: dict[str, dict] = {}
    while "table_closed" not in seen:
        message = await at_table.receive_json_from(timeout=5)
        for event in message.get("events", []):
            seen[event["type"]] = event
    assert seen["hand_voided"]["reason"] == seen["table_closed"]["reason"] == "服务器维护 maintenance"
    await notify.disconnect()
    await at_table.disconnect()
