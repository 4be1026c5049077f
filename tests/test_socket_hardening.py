"""What every user socket does with hostile or clumsy traffic, and how it ends.

The rules live in one base (accounts.consumers.UserSocketMixin) and the ASGI stack
(config.asgi, config.websocket): bad frames get an `error` frame, every close path runs
the close bookkeeping once, sessions ended elsewhere close the socket, a password change
closes the account's sockets and revokes its API tokens, the origin must match host and
port, and unknown paths are refused at the handshake.
"""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from rest_framework.authtoken.models import Token

from accounts.consumers import UserSocketMixin
from config.asgi import application
from tests.conftest import PASSWORD
from tests.test_websocket_auth import communicator, session_cookie_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(30)]

NEW_PASSWORD = "another-long-麻将-pass"


async def open_socket(user) -> WebsocketCommunicator:
    socket = communicator(await session_cookie_for(user))
    assert (await socket.connect())[0]
    assert (await socket.receive_json_from())["type"] == "hello"
    return socket


# --- bad frames get an error frame, and the socket lives on -----------------------------

BAD_FRAMES = {  # the ASGI messages daphne hands the consumer
    "binary": {"bytes": b"\x00\x01binary"},
    "empty text": {"text": ""},
    "empty binary": {"bytes": b""},
    "deeply nested JSON": {"text": "[" * 100_000 + "]" * 100_000},
    "invalid JSON": {"text": "{not json"},
    "oversized": {"text": '{"type": "ping", "pad": "' + "x" * 20_000 + '"}'},
}


@pytest.mark.parametrize("frame", BAD_FRAMES.values(), ids=BAD_FRAMES.keys())
async def test_a_bad_frame_gets_an_error_frame_not_a_crash(ming, frame):
    socket = await open_socket(ming)
    await socket.send_input({"type": "websocket.receive", **frame})
    reply = await socket.receive_json_from()
    assert (reply["type"], reply["code"]) == ("error", "malformed")
    await socket.send_json_to({"type": "anything"})  # still open: not closed with 1011
    assert await socket.receive_nothing(timeout=0.2)
    await socket.disconnect()


# --- every close path runs the bookkeeping once -------------------------------------------

closed: list[int] = []


class Crashing(UserSocketMixin):
    """A consumer whose handler crashes, as a bug would: its bookkeeping must still run."""

    async def connect(self) -> None:
        await self.accept()

    async def receive_json(self, content, **kwargs) -> None:
        raise RuntimeError("a bug in a handler")

    async def disconnect(self, code: int) -> None:
        closed.append(code)


async def test_a_crashed_handler_still_runs_the_close_bookkeeping_once():
    closed.clear()
    socket = WebsocketCommunicator(Crashing.as_asgi(), "/ws/crash/")
    assert (await socket.connect())[0]
    await socket.send_json_to({"type": "boom"})
    with pytest.raises(RuntimeError):
        await socket.wait(timeout=2)
    assert closed == [1011]


async def test_a_killed_consumer_still_runs_the_close_bookkeeping_once():
    """daphne cancels a consumer whose disconnect is still queued after its close timeout."""
    closed.clear()
    socket = WebsocketCommunicator(Crashing.as_asgi(), "/ws/crash/")
    assert (await socket.connect())[0]
    socket.future.cancel()
    await socket.wait(timeout=2)
    assert closed == [1011]


async def test_a_clean_close_runs_the_bookkeeping_once():
    closed.clear()
    socket = WebsocketCommunicator(Crashing.as_asgi(), "/ws/crash/")
    assert (await socket.connect())[0]
    await socket.disconnect(code=1000)
    assert closed == [1000]


# --- sessions -------------------------------------------------------------------------------


def change_password_by_form(cookie: bytes) -> None:
    client = Client()
    client.cookies["sessionid"] = cookie.decode().split("=", 1)[1]
    data = {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    assert client.post("/accounts/password/", data).status_code == 302


async def test_a_password_change_closes_the_players_sockets(ming):
    cookie = await session_cookie_for(ming)
    socket = communicator(cookie)
    assert (await socket.connect())[0]
    await socket.receive_json_from()
    other = await open_socket(ming)  # another browser
    await sync_to_async(change_password_by_form)(cookie)
    for each in (socket, other):
        assert (await each.receive_json_from())["code"] == "password_changed"
        assert (await each.receive_output())["code"] == 4001


def set_password_in_a_shell(user) -> None:
    user.set_password(NEW_PASSWORD)
    user.save()


async def test_a_password_set_anywhere_closes_the_sockets_too(ming):
    socket = await open_socket(ming)
    await sync_to_async(set_password_in_a_shell)(ming)
    assert (await socket.receive_json_from())["code"] == "password_changed"


def test_a_password_change_revokes_the_players_api_tokens(ming, fang):
    Token.objects.create(user=ming)
    Token.objects.create(user=fang)
    client = Client()
    client.force_login(ming)
    data = {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    assert client.post("/accounts/password/", data).status_code == 302
    assert not Token.objects.filter(user=ming).exists()
    assert Token.objects.filter(user=fang).exists()


def test_logging_in_does_not_count_as_a_password_change(ming):
    Token.objects.create(user=ming)
    assert Client().login(username="ming", password=PASSWORD)
    assert Token.objects.filter(user=ming).exists()


def end_session(cookie: bytes) -> None:
    from django.contrib.sessions.models import Session

    Session.objects.filter(session_key=cookie.decode().split("=", 1)[1]).delete()


async def test_a_socket_rechecks_its_session_and_closes_when_it_ended(ming, settings):
    settings.SOCKET_SESSION_RECHECK_SECONDS = 0.3
    cookie = await session_cookie_for(ming)
    socket = communicator(cookie)
    assert (await socket.connect())[0]
    await socket.receive_json_from()
    await sync_to_async(end_session)(cookie)  # e.g. expired, or ended by an operator in the database
    closing = await socket.receive_json_from(timeout=3)
    assert (closing["type"], closing["code"]) == ("closing", "session_ended")
    assert (await socket.receive_output())["code"] == 4001


async def test_a_socket_with_a_live_session_stays_open(ming, settings):
    settings.SOCKET_SESSION_RECHECK_SECONDS = 0.2
    socket = await open_socket(ming)
    assert await socket.receive_nothing(timeout=0.8)
    await socket.disconnect()


# --- the handshake ------------------------------------------------------------------------


PLAIN: list[tuple[bytes, bytes]] = []
BEHIND_TLS_PROXY = [(b"x-forwarded-proto", b"https")]


@pytest.mark.parametrize(
    "host, origin, forwarded, accepted",
    [
        (b"localhost:8000", b"http://localhost:8000", PLAIN, True),
        (b"localhost", b"http://localhost", PLAIN, True),
        (b"localhost", b"https://localhost", BEHIND_TLS_PROXY, True),
        (b"localhost:8000", b"http://localhost:8001", PLAIN, False),  # another site on the same host
        (b"localhost:8000", b"http://localhost", PLAIN, False),
        (b"localhost", b"http://localhost:8443", PLAIN, False),
        (b"localhost:8000", b"http://127.0.0.1:8000", PLAIN, False),
        # a port-less Host: the expected port is the request's own scheme's, never the Origin's
        (b"127.0.0.1", b"https://127.0.0.1", PLAIN, False),
        (b"127.0.0.1", b"http://127.0.0.1", BEHIND_TLS_PROXY, False),
        (b"127.0.0.1", b"https://127.0.0.1:80", PLAIN, False),
    ],
)
async def test_the_origin_must_match_host_and_port(ming, settings, host, origin, forwarded, accepted):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    headers = [(b"host", host), (b"origin", origin), *forwarded, (b"cookie", await session_cookie_for(ming))]
    socket = WebsocketCommunicator(application, "/ws/notify/", headers=headers)
    assert (await socket.connect())[0] is accepted
    await socket.disconnect()


async def test_the_forwarded_scheme_counts_only_when_the_proxy_header_is_configured(ming, settings):
    settings.SECURE_PROXY_SSL_HEADER = None
    headers = [(b"host", b"localhost"), (b"origin", b"https://localhost"), *BEHIND_TLS_PROXY]
    socket = WebsocketCommunicator(
        application, "/ws/notify/", headers=[*headers, (b"cookie", await session_cookie_for(ming))]
    )
    assert (await socket.connect())[0] is False
    await socket.disconnect()


@pytest.mark.parametrize(
    "origin, scheme, accepted",
    [("https://localhost", "wss", True), ("http://localhost", "wss", False), ("https://localhost", "ws", False)],
)
def test_a_tls_request_expects_an_https_origin(origin, scheme, accepted):
    """daphne --proxy-headers puts the proxy's scheme into the scope (wss behind TLS)."""
    from config.websocket import same_origin

    assert same_origin(origin, "localhost", secure=scheme == "wss") is accepted


async def test_the_configured_public_origin_is_accepted_behind_a_host_rewriting_proxy(ming, settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://mahjong.example"]
    headers = [(b"host", b"127.0.0.1:8000"), (b"origin", b"https://mahjong.example")]
    socket = WebsocketCommunicator(
        application, "/ws/notify/", headers=[*headers, (b"cookie", await session_cookie_for(ming))]
    )
    assert (await socket.connect())[0] is True
    await socket.disconnect()


@pytest.mark.parametrize("url", ["/ws/nowhere/", "/ws/tables/abc/", "/", "/ws/tables/1/extra/"])
async def test_an_unknown_socket_path_is_refused_at_the_handshake(ming, url):
    headers = [(b"host", b"localhost"), (b"origin", b"http://localhost"), (b"cookie", await session_cookie_for(ming))]
    socket = WebsocketCommunicator(application, url, headers=headers)
    connected, _ = await socket.connect()
    assert connected is False
    await socket.disconnect()
