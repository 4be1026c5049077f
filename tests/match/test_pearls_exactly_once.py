"""龙珠 are written in the transaction that marks the hand settled: whatever re-runs the settlement (a
duplicate delivery, the reconciler after a worker died between posting and marking), each winner's
award exists exactly once, beside exactly one coin posting."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from ledger import services as ledger
from ledger.models import Transaction, TransactionKind
from match.models import PearlEntry
from tables.models import Hand
from tables.services import settlement
from tests.match.conftest import DOUBLE, sheet_of

pytestmark = pytest.mark.django_db


def awards(hand: Hand) -> list[tuple[int, int]]:
    return sorted(PearlEntry.objects.filter(hand=hand, pearls__gt=0).values_list("seat", "pearls"))


def postings(hand: Hand) -> int:
    return Transaction.objects.filter(kind=TransactionKind.HAND_SETTLEMENT, reference=f"hand:{hand.pk}").count()


def test_settling_again_awards_nothing_twice(holders, finished_hand):
    hand = finished_hand(sheet_of(*DOUBLE))
    assert settlement.settle_hand(hand.pk) == "settled"
    assert settlement.settle_hand(hand.pk) == "already settled"
    assert awards(hand) == [(1, 1), (2, 2)] and postings(hand) == 1


def test_a_worker_killed_after_posting_leaves_the_awards_to_the_reconciler(holders, finished_hand):
    hand = finished_hand(sheet_of(*DOUBLE))
    # What a worker killed between the ledger posting and the marking leaves behind: coins, no awards.
    settlement.post_hand_settlement(str(hand.pk), hand.players, hand.sheet["transfers"])
    Hand.objects.filter(pk=hand.pk).update(finished_at=timezone.now() - timedelta(minutes=5))
    assert awards(hand) == []
    hands, _escapes = settlement.overdue(timezone.now())
    assert hands == [hand.pk]
    assert settlement.settle_hand(hand.pk) == "settled"  # what the reconciler's task runs
    assert awards(hand) == [(1, 1), (2, 2)] and postings(hand) == 1
    assert ledger.check_ledger().ok


def test_a_failing_award_rolls_the_marking_back_so_the_retry_does_both(holders, finished_hand, monkeypatch):
    from match import signals

    hand = finished_hand(sheet_of(*DOUBLE))

    def broken(hand_id: int) -> None:
        raise RuntimeError("the database went away mid-award")

    monkeypatch.setattr(signals, "record_hand", broken)
    with pytest.raises(RuntimeError):
        settlement.settle_hand(hand.pk)
    hand.refresh_from_db()
    assert not hand.settled and awards(hand) == []
    monkeypatch.undo()
    assert settlement.settle_hand(hand.pk) == "settled"
    assert awards(hand) == [(1, 1), (2, 2)] and postings(hand) == 1


def test_a_hand_marked_unsettled_by_hand_is_settled_again_without_a_second_award(holders, finished_hand):
    hand = finished_hand(sheet_of(*DOUBLE))
    settlement.settle_hand(hand.pk)
    Hand.objects.filter(pk=hand.pk).update(settled=False)
    assert settlement.settle_hand(hand.pk) == "settled"
    assert PearlEntry.objects.filter(hand=hand).count() == 4 and awards(hand) == [(1, 1), (2, 2)]
