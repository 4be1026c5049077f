"""Eight tables settle overlapping hands at once on PostgreSQL: no deadlock, no lost update, no double payment.

Six players sit at overlapping four-seat tables in varying seat orders (so seat
order differs from lock order). Every hand is posted by two threads, as a retry
after a crash would, and some hands also get an escape penalty. Balances are large
enough that nobody hits zero, so the serial result is simply the sum of what is
owed, whatever order the hands commit in.
"""

from __future__ import annotations

import random
import threading
from collections import Counter
from typing import Any

import pytest
from django.conf import settings
from django.db import connection

from engine.payments import Transfer, escape_penalty
from ledger import services
from ledger.models import Transaction, TransactionKind
from tables.services import settlement
from tests.ledger.conftest import new_player

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not settings.DB_IS_POSTGRES, reason="needs PostgreSQL (row locks, real concurrency)"),
    # Real commits for real row locks; the flush between transactional tests empties what the
    # migrations seeded, so the issuance account comes back from the `brackets` fixture.
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("brackets"),
]

N_THREADS = 8
N_HANDS = 48
START = 1_000_000


def make_hands(players: list[int], rng: random.Random) -> list[dict[str, Any]]:
    hands = []
    for n in range(N_HANDS):
        seats = rng.sample(players, 4)
        owed = [
            Transfer(p, r, rng.randrange(10, 2_000))
            for p in range(4)
            for r in range(4)
            if p != r and rng.random() < 0.3
        ]
        escaper = rng.randrange(4) if n % 3 == 0 else None
        hands.append({"ref": f"c{n}", "seats": seats, "owed": owed or [Transfer(1, 0, 10)], "escaper": escaper})
    return hands


def post(hand: dict[str, Any]) -> None:
    settlement.post_hand_settlement(hand["ref"], hand["seats"], hand["owed"])
    if hand["escaper"] is not None:
        settlement.apply_escape_penalty(hand["ref"], hand["seats"], hand["escaper"], "pinghe", 10)


def expected_balances(players: list[int], hands: list[dict[str, Any]]) -> dict[int, int]:
    """The serial result: with ample balances every transfer is paid in full."""
    totals = dict.fromkeys(players, START)
    for hand in hands:
        owed = list(hand["owed"])
        if hand["escaper"] is not None:
            owed += escape_penalty("pinghe", 10, hand["escaper"], 4)
        for t in owed:
            totals[hand["seats"][t.payer]] -= t.owed
            totals[hand["seats"][t.receiver]] += t.owed
    return totals


def test_eight_threads_settle_overlapping_hands_exactly_once():
    players = [new_player(f"c{i}", f"并发{i}", coins=START).pk for i in range(6)]
    hands = make_hands(players, random.Random(20261130))
    # Each hand is given to two threads; each thread works through its share in its own order.
    shares: list[list[dict[str, Any]]] = [[] for _ in range(N_THREADS)]
    for n, hand in enumerate(hands):
        shares[n % N_THREADS].append(hand)
        shares[(n + 3) % N_THREADS].append(hand)
    for k, share in enumerate(shares):
        random.Random(k).shuffle(share)
    errors: list[BaseException] = []
    start = threading.Barrier(N_THREADS)

    def worker(share: list[dict[str, Any]]) -> None:
        try:
            start.wait()
            for hand in share:
                post(hand)
        except BaseException as error:  # report deadlocks and lost updates to the main thread
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(share,)) for share in shares]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a worker hung (deadlock?)"
    assert errors == []
    assert {p: services.balance_of(p) for p in players} == expected_balances(players, hands)
    kinds = Counter(Transaction.objects.values_list("kind", flat=True))
    assert kinds[TransactionKind.HAND_SETTLEMENT] == N_HANDS
    assert kinds[TransactionKind.ESCAPE_PENALTY] == len([h for h in hands if h["escaper"] is not None])
    assert services.check_ledger().ok


def test_eight_threads_retrying_one_grant_move_the_coins_once():
    player = new_player("retry", "重试")
    errors: list[BaseException] = []
    results: list[int] = []
    start = threading.Barrier(N_THREADS)

    def worker() -> None:
        try:
            start.wait()
            results.append(services.grant(player.pk, 777, by=None, reason="promo", key="same-key").pk)
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(N_THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    assert len(set(results)) == 1 and len(results) == N_THREADS
    assert services.balance_of(player) == 777
