"""Forty wrong passwords for one account POSTed at once (PostgreSQL, threads, Redis): at most the
limit are checked, the rest are refused unchecked, and the right password afterwards is refused too.

The attempt is reserved (counted atomically) before the password is checked; a check that only
read the lock and counted the failure afterwards let a whole burst through its gate together."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.hashers import MD5PasswordHasher
from django.db import connection
from django.test import Client

from tests.conftest import PASSWORD

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not settings.DB_IS_POSTGRES, reason="needs PostgreSQL (real concurrency)"),
    pytest.mark.django_db(transaction=True),
]

BURST, LIMIT = 40, 5
checked: list[str] = []


class SlowHasher(MD5PasswordHasher):
    """A checkable hash that takes as long as a real one (PBKDF2 here takes ~0.3 s): the race's window."""

    algorithm = "md5"

    def verify(self, password: str, encoded: str) -> bool:
        checked.append(password)
        time.sleep(0.05)
        return super().verify(password, encoded)


@pytest.fixture(autouse=True)
def slow_hashing(settings):
    settings.PASSWORD_HASHERS = [f"{__name__}.SlowHasher"]
    settings.LOGIN_FAILURE_LIMIT = LIMIT
    checked.clear()


def at_once(work: Callable[[int], Any], n: int = BURST) -> list[Any]:
    """Run `work(i)` for i in range(n) in threads released together; their results."""
    results: list[Any] = [None] * n
    start = threading.Barrier(n)

    def run(i: int) -> None:
        try:
            start.wait()
            results[i] = work(i)
        except BaseException as error:
            results[i] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a log-in hung"
    return results


def outcome(response: Any) -> str:
    if response.status_code == 302:
        return "logged in"
    return "locked" if "登录失败次数过多" in response.content.decode() else "wrong password"


def site_log_in(username: str, password: str, ip: str) -> Any:
    data = {"username": username, "password": password}
    return Client().post("/accounts/login/", data, REMOTE_ADDR=ip)


def admin_log_in(username: str, password: str, ip: str) -> Any:
    data = {"username": username, "password": password}
    return Client().post("/admin/login/?next=/admin/", data, REMOTE_ADDR=ip)


@pytest.mark.parametrize("log_in", [site_log_in, admin_log_in], ids=["site", "admin"])
def test_a_burst_of_wrong_passwords_is_checked_at_most_the_limit(make_player, log_in):
    make_player("laoban", "老板", is_staff=True, is_superuser=True)
    results = at_once(lambda i: outcome(log_in("laoban", f"guess-{i}", "10.4.4.4")))
    assert len(checked) <= LIMIT
    assert Counter(results)["wrong password"] <= LIMIT
    assert Counter(results)["locked"] >= BURST - LIMIT
    assert outcome(log_in("laoban", PASSWORD, "10.4.4.4")) == "locked"


def test_a_right_password_inside_the_burst_is_refused_unchecked_past_the_limit(make_player):
    make_player("ming", "阿明")
    results = at_once(lambda i: outcome(site_log_in("ming", PASSWORD if i == BURST - 1 else f"g{i}", "10.4.4.5")))
    assert len(checked) <= LIMIT
    assert Counter(results)["logged in"] + Counter(results)["wrong password"] <= LIMIT
