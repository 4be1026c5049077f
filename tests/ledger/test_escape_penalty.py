"""逃跑惩罚 is taken once per hand and seat, down to zero, shared as the rulings say."""

from __future__ import annotations

import pytest

from ledger import services
from ledger.models import TransactionKind
from tables.services import settlement

pytestmark = pytest.mark.django_db


def balances(*users):
    return [services.balance_of(u) for u in users]


def test_pinghe_escape_pays_four_bases_to_each_other_player(table, alice, bob, carol, dave):
    txn = settlement.apply_escape_penalty("h1", table, escaper=2, variant="pinghe", base=10)
    assert balances(alice, bob, carol, dave) == [10_040, 10_040, 9_880, 10_040]
    assert txn.kind == TransactionKind.ESCAPE_PENALTY


def test_an_escape_is_punished_once_per_hand_and_seat(table, alice, carol):
    settlement.apply_escape_penalty("h1", table, escaper=2, variant="pinghe", base=10)
    settlement.apply_escape_penalty("h1", table, escaper=2, variant="pinghe", base=10)
    settlement.apply_escape_penalty("h1", table, escaper=0, variant="pinghe", base=10)
    assert balances(alice, carol) == [10_040 - 120, 9_880 + 40]


def test_guangdong_escape_shares_fifty_bases(table, alice, bob, carol, dave):
    settlement.apply_escape_penalty("h1", table, escaper=0, variant="guangdong", base=10)
    assert balances(alice, bob, carol, dave) == [9_500, 10_168, 10_166, 10_166]


def test_an_escaper_short_of_coins_pays_down_to_zero_shared_equally(table, alice, bob, carol, dave, operator):
    services.debit(dave, 9_900, by=operator, reason="dave has 100 left", key="setup")
    settlement.apply_escape_penalty("h1", table, escaper=3, variant="pinghe", base=100)
    # owes 400 to each, has 100: 33 each, the rounding coin to alice (the seat after dave).
    assert balances(alice, bob, carol, dave) == [10_034, 10_033, 10_033, 0]


def test_erren_escape_pays_the_opponent(alice, bob):
    settlement.apply_escape_penalty("e1", [alice.pk, bob.pk], escaper=1, variant="erren", base=50)
    assert balances(alice, bob) == [10_600, 9_400]


def test_an_unknown_variant_is_refused(table, alice):
    with pytest.raises(services.InvalidTransfers):
        settlement.apply_escape_penalty("h1", table, escaper=0, variant="riichi", base=10)
    assert services.balance_of(alice) == 10_000
