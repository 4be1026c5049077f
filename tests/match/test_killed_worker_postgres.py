"""A Celery worker killed in the middle of a match-room settlement (after the coins were posted, before the hand
was marked settled), then a new worker and the reconciler: each winner has exactly one 龙珠 award, the coins were
posted once, and the ledger checks clean. PostgreSQL and real worker processes (as in
tests/tables/test_multiprocess_postgres)."""

from __future__ import annotations

import time

import pytest

from ledger import services as ledger
from ledger.models import Transaction, TransactionKind
from match.models import PearlEntry
from tables.models import Hand
from tests.match.conftest import DOUBLE, sheet_of
from tests.tables.test_multiprocess_postgres import Stack, stack, wait_until  # noqa: F401 (stack: the fixture)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True), pytest.mark.timeout(180)]


def posted(hand: Hand) -> int:
    return Transaction.objects.filter(kind=TransactionKind.HAND_SETTLEMENT, reference=f"hand:{hand.pk}").count()


def awards(hand: Hand) -> list[tuple[int, int]]:
    return sorted(PearlEntry.objects.filter(hand=hand, pearls__gt=0).values_list("seat", "pearls"))


def test_a_worker_killed_mid_settlement_then_the_reconciler_leave_one_award_per_winner(
    stack: Stack,  # noqa: F811 (the imported fixture)
    holders,
    finished_hand,
):
    from tables.tasks import reconcile, settle_hand

    hand = finished_hand(sheet_of(*DOUBLE))  # 一炮双响: seat 1 平胡 (1), seat 2 碰碰胡 (2)
    doomed = stack.worker("doomed", TABLES_SETTLE_PAUSE_AFTER_POST="60")
    settle_hand.delay(hand.pk)
    wait_until(lambda: posted(hand) == 1, 60, "the doomed worker's posting")
    stack.kill(doomed)
    hand.refresh_from_db()
    assert not hand.settled and awards(hand) == []  # coins posted, the marking and the awards never committed

    stack.worker("rescuer")
    time.sleep(1.5)
    reconcile.delay()
    wait_until(lambda: Hand.objects.get(pk=hand.pk).settled, 60, "the reconciler's settlement")
    time.sleep(6)  # let a redelivery of the killed task (visibility timeout 5 s) arrive and be answered too
    assert awards(hand) == [(1, 1), (2, 2)]
    assert PearlEntry.objects.filter(hand=hand).count() == 4 and posted(hand) == 1
    assert ledger.check_ledger().ok
