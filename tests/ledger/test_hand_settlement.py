"""A finished hand is paid exactly once, down to zero, as RULINGS says."""

from __future__ import annotations

import pytest

from accounts.models import User
from engine.payments import Transfer
from engine.sheet import Charge, SheetHeader, build_sheet
from ledger import services
from ledger.models import Transaction, TransactionKind
from tables.services import settlement

pytestmark = pytest.mark.django_db

# pinghe at base 10, 闲家 bob (seat 1) 自摸: dealer alice pays 40, carol and dave 20 each.
BOB_ZIMO = [Transfer(0, 1, 40), Transfer(2, 1, 20), Transfer(3, 1, 20)]


def balances(*users: User) -> list[int]:
    return [services.balance_of(u) for u in users]


def test_a_hand_is_paid_by_its_transfers(table, alice, bob, carol, dave):
    txn = settlement.post_hand_settlement("h1", table, BOB_ZIMO)
    assert balances(alice, bob, carol, dave) == [9_960, 10_080, 9_980, 9_980]
    assert txn.kind == TransactionKind.HAND_SETTLEMENT
    assert txn.reference == "hand:h1"
    assert [row["paid"] for row in txn.detail["transfers"]] == [40, 20, 20]


def test_a_hand_is_paid_once_however_often_it_is_posted(table, alice, bob):
    first = settlement.post_hand_settlement("h1", table, BOB_ZIMO)
    again = settlement.post_hand_settlement("h1", table, BOB_ZIMO)
    assert again.pk == first.pk
    assert balances(alice, bob) == [9_960, 10_080]


def test_the_same_hand_with_another_result_is_refused(table, bob):
    settlement.post_hand_settlement("h1", table, BOB_ZIMO)
    with pytest.raises(services.IdempotencyConflict):
        settlement.post_hand_settlement("h1", table, [Transfer(0, 1, 400)])
    assert services.balance_of(bob) == 10_080


def test_a_player_short_of_coins_pays_down_to_zero(table, alice, bob, carol, operator):
    services.debit(alice, 9_970, by=operator, reason="set up: alice has 30 left", key="setup")
    # alice owes bob 40 and carol 20 but has 30: 30 × 40/60 = 20 to bob, 10 to carol.
    settlement.post_hand_settlement("h1", table, [Transfer(0, 1, 40), Transfer(0, 2, 20)])
    assert balances(alice, bob, carol) == [0, 10_020, 10_010]


def test_a_settlement_sheet_from_the_engine_is_accepted(table, alice, bob, carol, dave):
    # 闲家 bob 自摸 at base 10: 底*2(庄家番)*2(自摸番) from the dealer, 底*2(自摸番) from each other 闲家.
    header = SheetHeader("pinghe", 4, 10, dealer=0, streak=1, winner=1, win_type="自摸", total_fan=2)
    charges = [
        Charge(0, 1, 40, "自摸", "self-draw", 2),
        Charge(2, 1, 20, "自摸", "self-draw", 2),
        Charge(3, 1, 20, "自摸", "self-draw", 2),
    ]
    settlement.post_hand_settlement("h1", table, build_sheet(header, charges))
    assert balances(alice, bob, carol, dave) == [9_960, 10_080, 9_980, 9_980]


def test_paid_comes_from_the_locked_balances_not_the_caller(table, alice, bob, operator):
    services.debit(alice, 9_990, by=operator, reason="alice has 10 left", key="setup")
    settlement.post_hand_settlement("h1", table, [Transfer(0, 1, 40, 40)])  # the caller's paid is ignored
    assert balances(alice, bob) == [0, 10_010]


@pytest.mark.parametrize(
    "transfers, error",
    [
        ([Transfer(0, 0, 10)], services.InvalidTransfers),
        ([Transfer(0, 7, 10)], services.InvalidTransfers),
        ([Transfer(0, 1, -10)], services.InvalidTransfers),
    ],
)
def test_bad_transfers_are_refused_and_change_nothing(table, alice, transfers, error):
    with pytest.raises(error):
        settlement.post_hand_settlement("bad", table, transfers)
    assert services.balance_of(alice) == 10_000
    assert not Transaction.objects.filter(reference="hand:bad").exists()


def test_seats_must_be_distinct_known_players(alice, bob):
    with pytest.raises(services.InvalidTransfers):
        settlement.post_hand_settlement("h1", [alice.pk, alice.pk], [Transfer(0, 1, 10)])
    with pytest.raises(services.UnknownAccount):
        settlement.post_hand_settlement("h1", [alice.pk, 999_999], [Transfer(0, 1, 10)])


def test_fenbing_is_paid_with_the_hand_once(table, alice, bob, carol, dave):
    """分饼 is a charge on the hand's sheet, so it moves with the hand's one settlement, never on its own."""
    # 分饼 at base 10: dealer alice pays each of the three 10 (a 臭庄: nothing else changes hands).
    fenbing = [Transfer(0, 1, 10), Transfer(0, 2, 10), Transfer(0, 3, 10)]
    settlement.post_hand_settlement("h1", table, fenbing)
    settlement.post_hand_settlement("h1", table, fenbing)
    assert balances(alice, bob, carol, dave) == [9_970, 10_010, 10_010, 10_010]
    assert Transaction.objects.get(reference="hand:h1").kind == TransactionKind.HAND_SETTLEMENT
