"""`manage.py ledger_check` confirms every cached balance and spots one that drifted."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from engine.payments import Transfer
from ledger import services
from tables.services import settlement

pytestmark = pytest.mark.django_db


def test_a_busy_ledger_checks_out(table, operator, capsys):
    settlement.post_hand_settlement("h1", table, [Transfer(0, 1, 40), Transfer(2, 1, 20)])
    settlement.apply_escape_penalty("h2", table, escaper=3, variant="pinghe", base=10)
    services.reverse(services.grant(table[0], 5, by=operator, reason="x", key="g"), by=operator, reason="undo")
    call_command("ledger_check")
    assert "ledger OK: 6 accounts" in capsys.readouterr().out


def test_a_tampered_balance_is_reported(alice):
    with connection.cursor() as cursor:
        cursor.execute("UPDATE ledger_account SET balance = balance + 7 WHERE user_id = %s", [alice.pk])
    with pytest.raises(CommandError, match="1 problem"):
        call_command("ledger_check")
