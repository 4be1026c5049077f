"""A new player signs up and finds coins to sit with: the welcome grant (新手礼包), paid once, through the ledger."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from coins.models import DEFAULT_WELCOME_AMOUNT, CoinPolicy
from coins.services import pay_welcome_grant
from ledger import services as ledger
from ledger.models import Transaction, TransactionKind
from operations.models import AuditEntry
from tests.coins.conftest import sign_up

pytestmark = pytest.mark.django_db


def test_signing_up_pays_the_welcome_grant_which_seats_her_in_the_lowest_room():
    client = Client()
    sign_up(client)
    lan = User.objects.get(username="lan")
    assert ledger.balance_of(lan) == DEFAULT_WELCOME_AMOUNT == 2000
    assert ledger.bracket_for_balance(2000) == ledger.bracket_for_balance(ledger.minimum_to_sit() or 0)  # lowest room
    (grant,) = Transaction.objects.filter(reference=f"user:{lan.pk}")
    assert (grant.kind, grant.idempotency_key) == (TransactionKind.WELCOME_GRANT, f"welcome:{lan.pk}")
    assert grant.created_by is None
    assert ledger.check_ledger().ok
    page = client.get("/wallet/").content.decode()
    assert "新手礼包" in page and 'id="balance">2000<' in page


def test_the_grant_is_paid_once_however_often_it_is_asked_for_even_after_the_amount_changed():
    sign_up(Client())
    lan = User.objects.get(username="lan")
    first = Transaction.objects.get(kind=TransactionKind.WELCOME_GRANT)
    CoinPolicy.objects.filter(pk=1).update(welcome_amount=5000)
    assert pay_welcome_grant(lan) == first
    assert pay_welcome_grant(lan) == first
    assert ledger.balance_of(lan) == 2000


def test_operators_can_switch_it_off_and_the_next_sign_up_gets_nothing():
    CoinPolicy.objects.filter(pk=1).update(welcome_enabled=False)
    sign_up(Client())
    lan = User.objects.get(username="lan")
    assert ledger.balance_of(lan) == 0
    assert not Transaction.objects.filter(kind=TransactionKind.WELCOME_GRANT).exists()


def test_a_changed_amount_applies_to_the_next_sign_up_at_once():
    CoinPolicy.objects.filter(pk=1).update(welcome_amount=500)
    sign_up(Client())
    assert ledger.balance_of(User.objects.get(username="lan")) == 500


def test_the_grant_is_in_the_audit_log_as_the_platforms_not_an_operators():
    sign_up(Client())
    lan = User.objects.get(username="lan")
    entry = AuditEntry.objects.get(action="welcome_grant")
    assert (entry.actor, entry.subject, entry.detail["amount"]) == (None, lan, 2000)


def test_users_made_otherwise_get_no_grant(make_player):
    """Bots, staff and accounts made in the admin are not sign-ups: operators grant them coins by hand."""
    assert ledger.balance_of(make_player("bot_like")) == 0
    assert not Transaction.objects.exists()


@pytest.mark.usefixtures("relief_needs_no_public_hands")
def test_the_dashboard_counts_welcome_grants_and_relief_among_the_coins_issued(cai, make_player, funded):
    from django.utils import timezone

    from coins.services import claim_relief
    from operations import metrics
    from tests.coins.conftest import logged_in

    sign_up(Client())
    claim_relief(funded(make_player("broke", "阿穷"), 50))
    today = timezone.localdate().strftime("%m-%d")
    by_kind = metrics.dashboard().coins_by_kind
    assert (dict(by_kind["welcome_grant"])[today], dict(by_kind["relief"])[today]) == (2000, 1000)
    page = logged_in(cai).get("/admin/dashboard/").content.decode()
    assert "每日发放游戏币" in page
    assert "新手礼包: 2000" in page and "救济金: 1000" in page
