"""Twenty sign-ups from one address at once (PostgreSQL, threads, Redis): the per-address limit holds,
and only the accounts within it are made and paid their welcome grant."""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

from accounts.models import User
from ledger.models import Transaction, TransactionKind
from tests.coins.conftest import sign_up

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not settings.DB_IS_POSTGRES, reason="needs PostgreSQL (real concurrency)"),
    pytest.mark.django_db(transaction=True),
]

N, LIMIT = 20, 3


def test_twenty_sign_ups_at_once_from_one_address_make_the_limit_of_accounts(settings):
    settings.SIGNUP_LIMIT = LIMIT
    statuses: list[Any] = [None] * N
    start = threading.Barrier(N)

    def run(i: int) -> None:
        try:
            start.wait()
            statuses[i] = sign_up(Client(), f"farm{i}", address="203.0.113.20").status_code
        except BaseException as error:
            statuses[i] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(N)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert Counter(statuses) == {302: LIMIT, 429: N - LIMIT}
    assert User.objects.filter(username__startswith="farm").count() == LIMIT
    assert Transaction.objects.filter(kind=TransactionKind.WELCOME_GRANT).count() == LIMIT
