"""The notification socket: only a logged-in player from our own origin gets in, and logout/ban closes it."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from accounts.services import aclose_user_sockets, anotify_user, ban_user
from config.asgi import application

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(30)]
OUR_ORIGIN = b"http://localhost"


@sync_to_async
def session_cookie_for(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


def communicator(cookie: bytes | None = None, origin: bytes | None = OUR_ORIGIN) -> WebsocketCommunicator:
    headers = [(b"host", b"localhost")]
    if origin is not None:
        headers.append((b"origin", origin))
    if cookie is not None:
        headers.append((b"cookie", cookie))
    return WebsocketCommunicator(application, "/ws/notify/", headers=headers)


async def test_anonymous_visitor_is_refused():
    socket = communicator()
    connected, _ = await socket.connect()
    assert connected is False
    await socket.disconnect()


async def test_logged_in_player_is_accepted_and_greeted(ming):
    socket = communicator(await session_cookie_for(ming))
    connected, _ = await socket.connect()
    assert connected is True
    assert await socket.receive_json_from() == {"type": "hello", "user": "阿明"}
    await socket.disconnect()


async def test_foreign_origin_is_refused_even_when_logged_in(ming):
    socket = communicator(await session_cookie_for(ming), origin=b"http://evil.example")
    connected, _ = await socket.connect()
    assert connected is False
    await socket.disconnect()


async def test_missing_origin_is_refused(ming):
    socket = communicator(await session_cookie_for(ming), origin=None)
    connected, _ = await socket.connect()
    assert connected is False
    await socket.disconnect()


async def test_forged_session_cookie_is_refused():
    socket = communicator(b"sessionid=not-a-real-session")
    connected, _ = await socket.connect()
    assert connected is False
    await socket.disconnect()


async def test_notification_reaches_only_its_player(ming, fang):
    ming_socket = communicator(await session_cookie_for(ming))
    fang_socket = communicator(await session_cookie_for(fang))
    for socket in (ming_socket, fang_socket):
        assert (await socket.connect())[0]
        await socket.receive_json_from()
    await anotify_user(ming.pk, {"text": "轮到你了"})
    assert await ming_socket.receive_json_from() == {"type": "notify", "payload": {"text": "轮到你了"}}
    assert await fang_socket.receive_nothing(timeout=0.3)
    for socket in (ming_socket, fang_socket):
        await socket.disconnect()


async def test_closing_a_players_sockets_closes_all_of_them_and_says_why(ming, fang):
    sockets = [communicator(await session_cookie_for(ming)) for _ in range(2)]
    bystander = communicator(await session_cookie_for(fang))
    for socket in [*sockets, bystander]:
        assert (await socket.connect())[0]
        await socket.receive_json_from()
    await aclose_user_sockets(ming.pk, "logged_out")
    for socket in sockets:
        assert await socket.receive_json_from() == {"type": "closing", "code": "logged_out", "reason": "你已退出登录"}
        assert await socket.receive_output() == {"type": "websocket.close", "code": 4001}
    assert await bystander.receive_nothing(timeout=0.3)
    await bystander.disconnect()


async def test_logout_closes_the_players_socket(ming):
    cookie = await session_cookie_for(ming)
    socket = communicator(cookie)
    assert (await socket.connect())[0]
    await socket.receive_json_from()
    await sync_to_async(log_out_with)(cookie)
    assert await socket.receive_json_from() == {"type": "closing", "code": "logged_out", "reason": "你已退出登录"}
    assert (await socket.receive_output())["code"] == 4001


async def test_the_closing_reason_is_in_the_language_of_the_page_that_opened_the_socket(ming):
    cookie = await session_cookie_for(ming)
    chinese, english = communicator(cookie), communicator(cookie + b"; django_language=en")
    for socket in (chinese, english):
        assert (await socket.connect())[0]
        await socket.receive_json_from()
    await sync_to_async(ban_user)(ming.pk, "banned", {"reason": "外挂"})
    assert (await chinese.receive_json_from())["reason"] == "账号已封禁：外挂"
    assert (await english.receive_json_from())["reason"] == "Your account is banned: 外挂"


async def test_ban_closes_the_socket_and_bars_reconnecting(ming):
    cookie = await session_cookie_for(ming)
    socket = communicator(cookie)
    assert (await socket.connect())[0]
    await socket.receive_json_from()
    await sync_to_async(ban_user)(ming.pk)
    assert (await socket.receive_json_from())["type"] == "closing"
    again = communicator(cookie)
    assert (await again.connect())[0] is False
    await again.disconnect()


def log_out_with(cookie: bytes) -> None:
    client = Client()
    client.cookies["sessionid"] = cookie.decode().split("=", 1)[1]
    assert client.post("/accounts/logout/").status_code == 302
