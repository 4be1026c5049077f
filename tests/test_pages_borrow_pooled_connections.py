"""On PostgreSQL a process lends its database connections from a pool (settings DB_POOL): daphne
serves each HTTP request on a thread of its own, and without the pool every page opened (and
closed) two PostgreSQL backends, the session lookup's and the view's. A real daphne serves a
logged-in player's pages here, and the test database counts the sessions opened meanwhile."""

from __future__ import annotations

import time
import urllib.request

import pytest
from django.db import connection
from django.test import Client

from tests.tables.test_multiprocess_postgres import Stack, stack  # noqa: F401 (the fixture)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True), pytest.mark.timeout(120)]
PAGES = ("/wallet/", "/tables/", "/accounts/profile/") * 3


def sessions_opened() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT sessions FROM pg_stat_database WHERE datname = current_database()")
        return int(cursor.fetchone()[0])


def test_a_players_pages_do_not_open_a_database_session_each(stack: Stack, ming) -> None:  # noqa: F811
    port = stack.daphne("daphne")
    client = Client()
    client.force_login(ming)
    cookie = f"sessionid={client.cookies['sessionid'].value}"

    def page(path: str) -> int:
        request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Cookie": cookie})
        with urllib.request.urlopen(request, timeout=20) as response:
            return int(response.status)

    assert page("/wallet/") == 200  # the pool opens what it keeps
    time.sleep(1.5)  # a backend reports its session to the statistics when it ends, or when idle
    before = sessions_opened()
    assert [page(path) for path in PAGES] == [200] * len(PAGES)
    time.sleep(1.5)
    assert sessions_opened() - before <= 3  # without the pool: a session or two a page
