"""Twenty claims at once on PostgreSQL: relief is paid at most the daily limit, and one key pays at most once."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from coins.models import CoinPolicy
from coins.services import ReliefRefused, claim_relief
from ledger import services as ledger
from ledger.models import Transaction, TransactionKind
from tests.concurrency import together

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not settings.DB_IS_POSTGRES, reason="needs PostgreSQL (row locks, real concurrency)"),
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("relief_needs_no_public_hands"),
]

N_CLAIMS, PER_DAY, AMOUNT = 20, 3, 10  # 10 coins a claim: she stays broke, so only the limit stops her


@pytest.fixture
def ming(make_player, brackets):
    CoinPolicy.current()
    CoinPolicy.objects.filter(pk=1).update(relief_amount=AMOUNT, relief_per_day=PER_DAY)
    return make_player("ming", "阿明")


def at_once(work: Callable[[int], Any]) -> list[Any]:
    """Run `work(i)` for i in range(N_CLAIMS) in as many threads released together; their results."""
    return together(*(functools.partial(work, i) for i in range(N_CLAIMS)))


def test_twenty_parallel_claims_are_paid_at_most_the_daily_limit(ming):
    results = at_once(lambda _i: claim_relief(ming))
    outcomes = Counter(type(r).__name__ for r in results)
    assert outcomes == {"Transaction": PER_DAY, "DailyLimitReached": N_CLAIMS - PER_DAY}
    assert all(isinstance(r, ReliefRefused) or r.kind == TransactionKind.RELIEF for r in results)
    assert ledger.balance_of(ming) == PER_DAY * AMOUNT
    assert ledger.check_ledger().ok


def test_twenty_parallel_api_claims_with_distinct_keys_get_the_limit_and_409s(ming):
    def post(i: int) -> int:
        client = APIClient()
        client.force_authenticate(ming)
        return int(client.post("/api/v1/relief/", format="json", HTTP_IDEMPOTENCY_KEY=f"k{i}").status_code)

    assert Counter(at_once(post)) == {201: PER_DAY, 409: N_CLAIMS - PER_DAY}
    assert ledger.balance_of(ming) == PER_DAY * AMOUNT


def test_twenty_parallel_api_claims_with_one_key_pay_once_and_all_get_the_same_answer(ming):
    def post(_i: int) -> tuple[int, int]:
        client = APIClient()
        client.force_authenticate(ming)
        response = client.post("/api/v1/relief/", format="json", HTTP_IDEMPOTENCY_KEY="one")
        return int(response.status_code), int(response.json()["transaction_id"])

    assert len(set(at_once(post))) == 1
    assert Transaction.objects.filter(kind=TransactionKind.RELIEF).count() == 1
    assert ledger.balance_of(ming) == AMOUNT
