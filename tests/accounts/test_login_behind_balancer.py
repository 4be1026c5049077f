"""Behind the load balancer: the log-in throttle keys on the player's own address, not the balancer's.

Requests go through the ASGI application daphne serves (config.asgi), arriving from the balancer
(10.44.0.2, in TRUSTED_PROXIES) with the X-Forwarded-For it appends. A guesser locked out at one
address does not lock out the other players behind the same balancer, cannot dodge the lock by
writing an X-Forwarded-For of its own, and a client that is not a trusted proxy is not believed.
"""

from __future__ import annotations

import ipaddress
from http.cookies import SimpleCookie
from urllib.parse import urlencode

import pytest
from asgiref.testing import ApplicationCommunicator

from config.asgi import application
from config.proxy import TrustedProxyHeaders, client_address, forwarded_scope
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(60)]

BALANCER = "10.44.0.2"
GUESSER, PLAYER = "203.0.113.7", "198.51.100.20"


@pytest.fixture(autouse=True)
def behind_the_balancer(settings):
    settings.TRUSTED_PROXIES = [BALANCER]
    settings.LOGIN_FAILURE_LIMIT = 3
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 3


async def http(method: str, path: str, peer: str, headers: dict[str, str], body: bytes = b"") -> tuple[int, dict]:
    """One request through config.asgi from `peer`: (status, {header: [values]})."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(k.lower().encode(), v.encode()) for k, v in {"host": "testserver", **headers}.items()],
        "client": (peer, 40000),
        "server": ("10.44.0.11", 8001),
    }
    app = ApplicationCommunicator(application, scope)
    await app.send_input({"type": "http.request", "body": body, "more_body": False})
    start = await app.receive_output(20)
    while (await app.receive_output(20)).get("more_body"):
        pass
    found: dict[str, list[str]] = {}
    for key, value in start["headers"]:
        found.setdefault(key.decode().lower(), []).append(value.decode())
    return start["status"], found


async def log_in(password: str, peer: str = BALANCER, forwarded: str | None = None) -> int:
    """The log-in form, GET then POST as a browser does; 302 when logged in, 200 when refused."""
    extra = {"x-forwarded-for": forwarded} if forwarded else {}
    _, got = await http("GET", "/accounts/login/", peer, extra)
    cookie = SimpleCookie("; ".join(got["set-cookie"]))["csrftoken"].value
    body = urlencode({"username": "ming", "password": password}).encode()
    headers = {
        **extra,
        "cookie": f"csrftoken={cookie}",
        "x-csrftoken": cookie,
        "content-type": "application/x-www-form-urlencoded",
    }
    status, _ = await http("POST", "/accounts/login/", peer, headers, body)
    return status


async def guess_wrong(times: int, **where: str) -> None:
    for attempt in range(times):
        assert await log_in(f"guess-{attempt}", **where) == 200


async def test_a_locked_guesser_does_not_lock_out_the_player_behind_the_same_balancer(ming):
    await guess_wrong(3, forwarded=GUESSER)
    assert await log_in(PASSWORD, forwarded=GUESSER) == 200  # locked, even with the right password
    assert await log_in(PASSWORD, forwarded=PLAYER) == 302


async def test_a_forged_forwarded_for_does_not_escape_the_lock(ming):
    await guess_wrong(3, forwarded=GUESSER)
    # The client writes its own header; the balancer appends the address it really saw.
    assert await log_in(PASSWORD, forwarded=f"192.0.2.99, {GUESSER}") == 200


async def test_forwarded_for_from_an_untrusted_peer_is_ignored(ming):
    # A guesser reaching a daphne directly (not through the balancer) is keyed on its own address.
    for attempt in range(3):
        assert await log_in(f"guess-{attempt}", peer=GUESSER, forwarded=f"192.0.2.{attempt}") == 200
    assert await log_in(PASSWORD, peer=GUESSER, forwarded="192.0.2.200") == 200
    assert await log_in(PASSWORD, forwarded=PLAYER) == 302


@pytest.mark.parametrize(
    ("peer", "forwarded", "client"),
    [
        (BALANCER, "198.51.100.20", "198.51.100.20"),
        (BALANCER, "1.1.1.1, 198.51.100.20", "198.51.100.20"),  # the client's own claim is left of the real one
        (BALANCER, "198.51.100.20, 10.44.0.2", "198.51.100.20"),  # a chain of trusted proxies is skipped
        (BALANCER, "not-an-address", BALANCER),
        (BALANCER, None, BALANCER),
        ("203.0.113.7", "198.51.100.20", "203.0.113.7"),  # not a trusted proxy: its header is ignored
    ],
)
def test_the_client_address_is_the_rightmost_untrusted_hop(peer, forwarded, client):
    networks = (ipaddress.ip_network(BALANCER),)
    assert client_address(peer, forwarded, networks) == client


def test_a_trusted_proxy_that_terminated_tls_makes_the_scope_secure():
    networks = (ipaddress.ip_network("10.44.0.0/24"),)
    headers = [(b"x-forwarded-proto", b"https"), (b"x-forwarded-for", b"198.51.100.20")]
    scope = {"type": "websocket", "scheme": "ws", "client": (BALANCER, 5), "headers": headers}
    assert forwarded_scope(scope, networks)["scheme"] == "wss"
    assert forwarded_scope(scope, networks)["client"] == ("198.51.100.20", 0)
    assert forwarded_scope({**scope, "client": ("203.0.113.7", 5)}, networks)["scheme"] == "ws"


def test_the_served_application_reads_the_forwarded_headers():
    assert isinstance(application, TrustedProxyHeaders)
