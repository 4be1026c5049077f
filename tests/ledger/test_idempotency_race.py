"""Two requests with one Idempotency-Key arriving together get one outcome, decided once.

The attack: an overdrawing debit (refused, 409) and a valid debit sent at the same moment with
the same key. Before, both passed the "key seen?" check, the valid one moved coins and then, finding
the refusal stored under its key, answered 422 - coins gone, the client told nothing happened.

Both requests are held at the ledger's door until the other arrives (or a second passes): on the
old code both get through together; now the second waits for the first to decide the key.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.db import connection

from ledger import services
from ledger.models import IdempotentResponse, Transaction, TransactionKind
from tests.ledger.test_operator_api import DEBITS, post
from tests.ledger.test_wallet_api import client_for

pytestmark = [
    pytest.mark.postgres,
    # The in-memory SQLite test database refuses concurrent transactions ("table is locked")
    # instead of serializing them as the embedded file database (IMMEDIATE transactions) does.
    pytest.mark.skipif(not settings.DB_IS_POSTGRES, reason="needs PostgreSQL (real concurrent transactions)"),
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("brackets"),
]


@pytest.fixture
def both_at_the_ledger_together(monkeypatch) -> Iterator[None]:
    """Hold each debit until a second one arrives (at most a second): the race made reproducible."""
    barrier = threading.Barrier(2, timeout=1.0)
    real = services.debit

    def debit(*args, **kwargs):
        # BrokenBarrierError: the other request is not coming (it waits for this one's key): go on
        with contextlib.suppress(threading.BrokenBarrierError):
            barrier.wait()
        return real(*args, **kwargs)

    monkeypatch.setattr(services, "debit", debit)
    yield


def send_together(client_factory, bodies: list[dict]) -> list:
    responses: list = [None] * len(bodies)

    def send(n: int) -> None:
        try:
            responses[n] = post(client_factory(), DEBITS, bodies[n], key="same-key")
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(n,)) for n in range(len(bodies))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return responses


def test_a_refused_and_a_valid_request_with_one_key_get_one_outcome(alice, operator, both_at_the_ledger_together):
    overdraw = {"user_id": alice.pk, "amount": 10_001, "reason": "罚款"}
    valid = {"user_id": alice.pk, "amount": 100, "reason": "罚款"}
    first, second = send_together(lambda: client_for(operator), [overdraw, valid])

    stored = IdempotentResponse.objects.get(owner=operator, key="same-key")
    debits = Transaction.objects.filter(kind=TransactionKind.DEBIT).count()
    if stored.status_code == 201:  # the valid debit decided the key
        assert (debits, services.balance_of(alice)) == (1, 9_900)
        winner, loser = second, first
    else:  # the refusal decided it: nothing moved
        assert (stored.status_code, debits, services.balance_of(alice)) == (409, 0, 10_000)
        winner, loser = first, second
    assert winner.status_code == stored.status_code and winner.json() == stored.body
    assert loser.status_code == 422  # another body under a decided key: refused, and it moved nothing
    # every retry gets the key's one outcome
    client = client_for(operator)
    retry = post(client, DEBITS, valid if stored.status_code == 201 else overdraw, key="same-key")
    assert (retry.status_code, retry.json()) == (stored.status_code, stored.body)
    assert post(client, DEBITS, overdraw if stored.status_code == 201 else valid, key="same-key").status_code == 422
    assert Transaction.objects.filter(kind=TransactionKind.DEBIT).count() == debits


def test_the_same_request_sent_twice_together_moves_once(alice, operator, both_at_the_ledger_together):
    body = {"user_id": alice.pk, "amount": 100, "reason": "罚款"}
    responses = send_together(lambda: client_for(operator), [body, body])
    assert sorted(r.status_code for r in responses) == [201, 201]
    assert responses[0].json() == responses[1].json()
    assert services.balance_of(alice) == 9_900
    assert Transaction.objects.filter(kind=TransactionKind.DEBIT).count() == 1
