"""Guessing invite codes: wrong codes are counted per player and per address; past the limit every join
by code is refused (429) for a while, the right code too, and a parallel burst gets no more tries.

小芳 opens a private table; 阿明 (and his second account 阿明2, from the same address) guess."""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.db import connection
from django.test import Client

from tables.models import Seat

USER_LIMIT, ADDRESS_LIMIT = 10, 15


@pytest.fixture(autouse=True)
def limits(settings):
    cache.clear()  # the counters live in the shared cache
    settings.INVITE_CODE_USER_LIMIT = USER_LIMIT
    settings.INVITE_CODE_ADDRESS_LIMIT = ADDRESS_LIMIT


@pytest.fixture
def code(room, make_player, funded) -> str:
    from tables.services import seating

    fang = funded(make_player("fang", "小芳"), 1000)
    return str(seating.create_private(fang, room("pinghe", 10), {}).invite_code)


@pytest.fixture
def guesser(make_player, funded):
    def make(username: str) -> Client:
        client = Client()
        client.force_login(funded(make_player(username, "阿明"), 1000))
        return client

    return make


def join(client: Client, code: str, address: str = "198.51.100.3") -> Any:
    return client.post("/tables/private/join/", {"code": code}, REMOTE_ADDR=address)


def wrong(i: int) -> str:
    return f"WRONG{i:03d}"


@pytest.mark.django_db
def test_three_hundred_wrong_codes_are_refused_past_the_limit_and_the_right_one_too(guesser, code):
    ming = guesser("ming")
    statuses = Counter(join(ming, wrong(i)).status_code for i in range(300))
    assert statuses == {302: USER_LIMIT, 429: 300 - USER_LIMIT}
    refused = join(ming, code)
    assert refused.status_code == 429
    assert "邀请码错误次数过多" in refused.content.decode()
    assert int(refused["Retry-After"]) > 0
    assert not Seat.objects.filter(user__username="ming").exists()


@pytest.mark.django_db
def test_below_the_limit_the_right_code_joins_and_forgives_nothing_else(guesser, code):
    ming = guesser("ming")
    for i in range(USER_LIMIT - 1):
        join(ming, wrong(i))
    assert join(ming, code).status_code == 302
    assert Seat.objects.filter(user__username="ming").exists()


@pytest.mark.django_db
def test_a_second_account_from_the_same_address_meets_the_address_limit(guesser, code):
    ming = guesser("ming")
    for i in range(USER_LIMIT):
        join(ming, wrong(i))
    ming2 = guesser("ming2")
    for i in range(ADDRESS_LIMIT - USER_LIMIT):
        assert join(ming2, wrong(i)).status_code == 302
    assert join(ming2, code).status_code == 429
    assert join(guesser("ming3"), code, address="203.0.113.50").status_code == 302  # elsewhere: not held back


@pytest.mark.postgres
@pytest.mark.skipif(not django_settings.DB_IS_POSTGRES, reason="needs PostgreSQL (real concurrency)")
@pytest.mark.django_db(transaction=True)
def test_a_parallel_burst_of_guesses_gets_at_most_the_limit_tried(guesser, code):
    clients = [guesser(f"p{i}") for i in range(30)]  # thirty accounts, one address
    statuses: list[Any] = [None] * len(clients)
    start = threading.Barrier(len(clients))

    def run(i: int) -> None:
        try:
            start.wait()
            statuses[i] = join(clients[i], wrong(i)).status_code
        except BaseException as error:
            statuses[i] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert Counter(statuses) == {302: ADDRESS_LIMIT, 429: len(clients) - ADDRESS_LIMIT}
