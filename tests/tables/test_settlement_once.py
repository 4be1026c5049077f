"""A finished hand is posted to the ledger exactly once: a duplicate delivery, a worker that died after
posting but before marking the hand settled, and the reconciler's re-queue all move nothing twice."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.conftest import hand_played_by_bots

pytestmark = pytest.mark.django_db(transaction=True)


def postings(hand_id: int) -> int:
    from ledger.models import Transaction, TransactionKind

    return Transaction.objects.filter(kind=TransactionKind.HAND_SETTLEMENT, reference=f"hand:{hand_id}").count()


@pytest.fixture
def settled_hand(make_player, funded):
    """阿明 and three bots; 阿明 lets the bot play (托管), so the hand runs to its end and is settled."""
    return hand_played_by_bots(funded(make_player("ming", "阿明"), 1000))


def test_a_duplicate_delivery_is_answered_without_posting(settled_hand):
    from tables.tasks import settle_hand

    assert settled_hand.settled and postings(settled_hand.pk) == 1
    assert settle_hand.apply(args=[settled_hand.pk]).get() == "already settled"
    assert postings(settled_hand.pk) == 1


def test_a_worker_that_died_after_posting_is_finished_by_the_reconciler_without_a_second_posting(settled_hand):
    from tables.models import Hand
    from tables.tasks import reconcile

    # The state a worker killed between the ledger posting and marking the hand leaves behind.
    Hand.objects.filter(pk=settled_hand.pk).update(settled=False, finished_at=timezone.now() - timedelta(minutes=5))
    assert reconcile.apply().get() == 1  # re-queued (and, eagerly, run)
    settled_hand.refresh_from_db()
    assert settled_hand.settled and postings(settled_hand.pk) == 1
    assert reconcile.apply().get() == 0  # nothing left to do
