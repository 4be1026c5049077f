"""Twenty purchases of one player at once on PostgreSQL (two clicks, two devices, a retrying client): one pass,
one debit; every other purchase is told the pass is already held and moves nothing."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone
from rest_framework.test import APIClient

from ledger import services as ledger
from ledger.models import Transaction, TransactionKind
from match.models import MatchPass, Season
from match.passes import buy_pass
from tests.coins.test_relief_concurrency import N_CLAIMS as N
from tests.coins.test_relief_concurrency import at_once

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not settings.DB_IS_POSTGRES, reason="needs PostgreSQL (row locks, real concurrency)"),
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def ming(make_player, funded):
    now = timezone.now()
    Season.objects.create(name="并发赛季", starts_at=now - timedelta(days=1), ends_at=now + timedelta(days=1))
    return funded(make_player("ming", "阿明"), 2000)


def test_twenty_parallel_purchases_buy_one_pass(ming):
    outcomes = Counter(type(r).__name__ for r in at_once(lambda _i: buy_pass(ming)))
    assert outcomes == {"MatchPass": 1, "AlreadyHeld": N - 1}
    assert MatchPass.objects.count() == 1 and ledger.balance_of(ming) == 1500
    assert Transaction.objects.filter(kind=TransactionKind.MATCH_PASS).count() == 1
    assert ledger.check_ledger().ok


def test_twenty_parallel_api_purchases_with_their_own_keys_get_one_201(ming):
    def post(i: int) -> int:
        client = APIClient()
        client.force_authenticate(ming)
        return int(client.post("/api/v1/match/pass/", format="json", HTTP_IDEMPOTENCY_KEY=f"k{i}").status_code)

    assert Counter(at_once(post)) == {201: 1, 409: N - 1}
    assert ledger.balance_of(ming) == 1500
