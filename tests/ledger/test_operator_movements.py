"""An operator grants and debits coins: once per key, never below zero, always with a reason."""

from __future__ import annotations

import pytest

from accounts.models import User
from ledger import services
from ledger.models import Account, Transaction, TransactionKind
from tests.ledger.conftest import new_player

pytestmark = pytest.mark.django_db


def issuance() -> Account:
    return Account.objects.get(code=Account.ISSUANCE)


def test_a_new_player_has_an_empty_coin_account():
    newcomer = new_player("newbie", "新人")
    assert Account.objects.get(user=newcomer).balance == 0


def test_grant_moves_coins_from_issuance_and_records_who_and_why(alice: User, operator: User):
    txn = services.grant(alice, 500, by=operator, reason="活动奖励", key="promo-1")
    assert services.balance_of(alice) == 10_500
    assert issuance().balance == -10_500
    assert (txn.kind, txn.created_by, txn.reason) == (TransactionKind.GRANT, operator, "活动奖励")
    assert sorted(txn.postings.values_list("amount", flat=True)) == [-500, 500]


def test_the_same_key_twice_moves_coins_once(alice: User, operator: User):
    first = services.grant(alice, 500, by=operator, reason="promo", key="promo-1")
    again = services.grant(alice, 500, by=operator, reason="promo", key="promo-1")
    assert again.pk == first.pk
    assert services.balance_of(alice) == 10_500


def test_the_same_key_for_another_request_is_refused(alice: User, bob: User, operator: User):
    services.grant(alice, 500, by=operator, reason="promo", key="promo-1")
    with pytest.raises(services.IdempotencyConflict):
        services.grant(bob, 500, by=operator, reason="promo", key="promo-1")
    with pytest.raises(services.IdempotencyConflict):
        services.grant(alice, 501, by=operator, reason="promo", key="promo-1")
    assert (services.balance_of(alice), services.balance_of(bob)) == (10_500, 10_000)


def test_debit_returns_coins_to_issuance(alice: User, operator: User):
    services.debit(alice, 4_000, by=operator, reason="违规扣除", key="d1")
    assert services.balance_of(alice) == 6_000
    assert issuance().balance == -6_000


def test_a_debit_beyond_the_balance_is_refused_and_changes_nothing(alice: User, operator: User):
    with pytest.raises(services.InsufficientFunds):
        services.debit(alice, 10_001, by=operator, reason="too much", key="d1")
    assert services.balance_of(alice) == 10_000
    assert not Transaction.objects.filter(idempotency_key="d1").exists()


@pytest.mark.parametrize("amount", [0, -5, 1.5, True, "10"])
def test_amounts_must_be_positive_whole_coins(alice: User, operator: User, amount):
    with pytest.raises(services.InvalidAmount):
        services.grant(alice, amount, by=operator, reason="x", key="g1")
    assert services.balance_of(alice) == 10_000


def test_an_operator_movement_needs_a_reason(alice: User, operator: User):
    with pytest.raises(services.LedgerError, match="原因"):
        services.grant(alice, 5, by=operator, reason="  ", key="g1")
