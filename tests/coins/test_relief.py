"""救济金: a broke player claims relief — a set amount, a set number of times a day (site time zone) — and only
when broke and not in a running hand; a refused claim says why and changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from coins.models import CoinPolicy
from coins.services import (
    DailyLimitReached,
    NotBroke,
    ReliefDisabled,
    SeatedAtRunningHand,
    claim_relief,
    day_start,
    relief_status,
)
from engine.hand_script import arrange
from ledger import services as ledger
from ledger.models import Transaction, TransactionKind
from operations.models import AuditEntry
from tests.conftest import deal_with_bots

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("relief_needs_no_public_hands")]


@pytest.fixture
def ming(make_player, funded):
    """阿明, down to 100 coins: under the 160 the lowest room needs."""
    return funded(make_player("ming", "阿明"), 100)


def policy(**changes) -> None:
    CoinPolicy.current()
    CoinPolicy.objects.filter(pk=1).update(**changes)


def test_a_broke_player_claims_relief_and_can_sit_again(ming):
    assert relief_status(ming).claimable
    txn = claim_relief(ming)
    assert (txn.kind, txn.created_by) == (TransactionKind.RELIEF, ming)
    assert ledger.balance_of(ming) == 1100
    assert ledger.bracket_for_balance(1100) is not None  # the lowest room admits her again
    assert ledger.check_ledger().ok


def test_relief_is_in_the_audit_log_with_the_player_who_claimed_it(ming):
    claim_relief(ming)
    entry = AuditEntry.objects.get(action="relief")
    assert (entry.actor, entry.subject, entry.detail["amount"]) == (ming, ming, 1000)


@pytest.mark.parametrize(
    ("setup", "refusal", "words"),
    [
        ({"relief_enabled": False}, ReliefDisabled, "暂停发放"),
        ({"relief_per_day": 1, "relief_amount": 10}, DailyLimitReached, "已经领完"),
    ],
)
def test_refusals_say_why_and_change_nothing(ming, setup, refusal, words):
    policy(**setup)
    if refusal is DailyLimitReached:
        claim_relief(ming)
    before = (ledger.balance_of(ming), Transaction.objects.count(), AuditEntry.objects.count())
    with pytest.raises(refusal, match=words):
        claim_relief(ming)
    assert (ledger.balance_of(ming), Transaction.objects.count(), AuditEntry.objects.count()) == before


def test_a_player_who_can_still_sit_is_refused(make_player, funded):
    fang = funded(make_player("fang", "小芳"), 160)  # exactly the minimum: she can sit
    with pytest.raises(NotBroke, match="还够入座"):
        claim_relief(fang)
    assert ledger.balance_of(fang) == 160


def test_the_daily_limit_counts_the_days_claims_and_a_new_day_starts_afresh(ming):
    policy(relief_amount=10, relief_per_day=3)
    for _ in range(3):
        claim_relief(ming)
    assert ledger.balance_of(ming) == 130
    assert relief_status(ming).left_today == 0
    with pytest.raises(DailyLimitReached):
        claim_relief(ming)
    tomorrow = timezone.now() + timedelta(days=1)
    assert relief_status(ming, tomorrow).claimable and relief_status(ming, tomorrow).left_today == 3


def test_the_day_is_the_site_time_zones():
    """Asia/Shanghai: 16:30 UTC on 1 December is already 00:30 on the 2nd there."""
    start = day_start(datetime(2026, 12, 1, 16, 30, tzinfo=UTC))
    assert start == datetime(2026, 12, 1, 16, 0, tzinfo=UTC)
    assert timezone.localtime(start).strftime("%Y-%m-%d %H:%M") == "2026-12-02 00:00"


# A scattered deal (as tests/tables/test_hand_timers.py): nobody can win at the opening, so the hand runs.
SCATTERED = ["1357m1357p1357s1234z9s", "2468m2468p2468s1234z", "1357m1357p1357s5566z", "2468m2468p2468s5677z"]


def test_a_player_at_a_running_hand_waits_for_its_end(make_player, funded, cai, settings):
    from tables.models import Room, TableStatus

    settings.TABLES_ALLOW_SCRIPTED_DEALS = True
    Room.objects.filter(variant="pinghe", base=10).update(options=arrange("pinghe", dealer=0, hands=SCATTERED))
    lan = funded(make_player("lan", "阿兰"), 1000)
    assert deal_with_bots(lan).status == TableStatus.PLAYING
    ledger.debit(lan, 900, by=cai, reason="测试 test", key="down-to-100")
    with pytest.raises(SeatedAtRunningHand, match="牌局结束后"):
        claim_relief(lan)
    assert ledger.balance_of(lan) == 100


def test_operators_changes_apply_to_the_next_claim(ming):
    policy(relief_amount=300)
    claim_relief(ming)
    assert ledger.balance_of(ming) == 400
