"""A mistake is corrected by a reversal transaction, once, never by editing history."""

from __future__ import annotations

import pytest

from engine.payments import Transfer
from ledger import services
from ledger.models import TransactionKind
from tables.services import settlement

pytestmark = pytest.mark.django_db


def test_a_reversal_restores_every_balance_and_keeps_the_history(table, alice, bob, operator):
    hand = settlement.post_hand_settlement("h1", table, [Transfer(0, 1, 400)])
    reversal = services.reverse(hand, by=operator, reason="wrong 番 counted")
    assert (services.balance_of(alice), services.balance_of(bob)) == (10_000, 10_000)
    assert reversal.kind == TransactionKind.REVERSAL
    assert reversal.reverses == hand
    assert (reversal.created_by, reversal.reason) == (operator, "wrong 番 counted")
    assert hand.postings.count() == 2


def test_a_transaction_is_reversed_at_most_once(table, alice, operator):
    hand = settlement.post_hand_settlement("h1", table, [Transfer(0, 1, 400)])
    first = services.reverse(hand, by=operator, reason="oops")
    again = services.reverse(hand.pk, by=operator, reason="oops")
    assert again.pk == first.pk
    assert services.balance_of(alice) == 10_000


def test_a_reversal_that_would_overdraw_a_player_is_refused(table, alice, bob, carol, operator):
    hand = settlement.post_hand_settlement("h1", table, [Transfer(0, 1, 400)])
    settlement.post_hand_settlement("h2", table, [Transfer(1, 2, 10_400)])  # bob has spent the coins
    with pytest.raises(services.InsufficientFunds):
        services.reverse(hand, by=operator, reason="too late")
    assert services.balance_of(bob) == 0


def test_a_reversal_cannot_itself_be_reversed(alice, operator):
    grant = services.grant(alice, 10, by=operator, reason="x", key="g")
    reversal = services.reverse(grant, by=operator, reason="undo")
    with pytest.raises(services.NotReversible):
        services.reverse(reversal, by=operator, reason="redo")


def test_a_reversal_needs_a_reason_and_an_existing_transaction(alice, operator):
    grant = services.grant(alice, 10, by=operator, reason="x", key="g")
    with pytest.raises(services.LedgerError):
        services.reverse(grant, by=operator, reason="")
    with pytest.raises(services.NotReversible):
        services.reverse(999_999, by=operator, reason="?")
