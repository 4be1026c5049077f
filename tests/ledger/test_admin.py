"""Operators see the ledger read-only in the admin, export it, and move coins only through the services."""

from __future__ import annotations

import pytest

from engine.payments import Transfer
from ledger import services
from ledger.models import Bracket, Transaction, TransactionKind
from tables.services import settlement

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss(client, operator):
    client.force_login(operator)
    return client


def test_accounts_and_transactions_are_listed_but_not_editable(boss, alice, table):
    txn = settlement.post_hand_settlement("h1", table, [Transfer(0, 1, 40)])
    assert boss.get("/admin/ledger/account/?kind__exact=player").status_code == 200
    assert boss.get("/admin/ledger/transaction/?kind__exact=hand_settlement").status_code == 200
    page = boss.get(f"/admin/ledger/transaction/{txn.pk}/change/")
    assert page.status_code == 200
    assert b'name="reason"' not in page.content  # read-only: no form fields
    assert boss.post(f"/admin/ledger/transaction/{txn.pk}/delete/").status_code == 403
    assert boss.get("/admin/ledger/transaction/add/").status_code == 403


def test_transactions_export_as_csv(boss, table):
    txn = settlement.post_hand_settlement("h1", table, [Transfer(0, 1, 40)])
    response = boss.post("/admin/ledger/transaction/", {"action": "export_csv", "_selected_action": [txn.pk]})
    assert response["Content-Type"].startswith("text/csv")
    lines = response.content.decode().splitlines()
    assert lines[0].startswith("transaction,kind,reference")
    assert len(lines) == 3  # one row per posting
    assert "hand:h1" in lines[1]


def test_accounts_export_as_csv(boss, alice):
    account = services.account_for(alice)
    response = boss.post("/admin/ledger/account/", {"action": "export_csv", "_selected_action": [account.pk]})
    assert response.content.decode().splitlines()[1].endswith(f",{alice.pk},10000,{account.created_at.isoformat()}")


def test_the_grant_form_posts_through_the_service_once(boss, alice, operator):
    form = {"user": alice.pk, "direction": "grant", "amount": 300, "reason": "补偿 outage", "key": "abc"}
    first = boss.post("/admin/ledger/transaction/adjust/", form)
    again = boss.post("/admin/ledger/transaction/adjust/", form)  # a double submit
    assert first.status_code == again.status_code == 302
    assert services.balance_of(alice) == 10_300
    txn = Transaction.objects.get(kind=TransactionKind.GRANT, reason="补偿 outage")
    assert txn.created_by == operator


def test_the_debit_form_shows_a_refusal(boss, alice):
    form = {"user": alice.pk, "direction": "debit", "amount": 99_999, "reason": "罚款", "key": "abc"}
    response = boss.post("/admin/ledger/transaction/adjust/", form)
    assert response.status_code == 200
    assert "付不起" in response.content.decode()
    assert services.balance_of(alice) == 10_000


def test_players_cannot_open_the_grant_form(client, alice):
    alice.is_staff = True
    alice.save()
    client.force_login(alice)
    assert client.get("/admin/ledger/transaction/adjust/").status_code == 403


def test_the_reversal_action_asks_why_then_reverses(boss, table, alice, operator):
    txn = settlement.post_hand_settlement("h1", table, [Transfer(0, 1, 400)])
    ask = boss.post("/admin/ledger/transaction/", {"action": "reverse_selected", "_selected_action": [txn.pk]})
    assert "冲正交易" in ask.content.decode()
    assert services.balance_of(alice) == 9_600
    done = boss.post(
        "/admin/ledger/transaction/",
        {"action": "reverse_selected", "_selected_action": [txn.pk], "apply": "1", "reason": "误判"},
    )
    assert done.status_code == 302
    reversal = Transaction.objects.get(kind=TransactionKind.REVERSAL)
    assert (reversal.reverses, reversal.created_by, reversal.reason) == (txn, operator, "误判")
    assert services.balance_of(alice) == 10_000


def bracket_table_post(rows: list[tuple[int | None, int, int | None, int]]) -> dict[str, object]:
    data: dict[str, object] = {
        "audit-reason": "调整底注 bracket review",
        "form-TOTAL_FORMS": len(rows),
        "form-INITIAL_FORMS": sum(1 for r in rows if r[0]),
        "form-MAX_NUM_FORMS": 1000,
    }
    for n, (pk, low, high, base) in enumerate(rows):
        data |= {
            f"form-{n}-id": pk or "",
            f"form-{n}-min_balance": low,
            f"form-{n}-max_balance": high or "",
            f"form-{n}-base": base,
        }
    return data


def base_for(balance: int) -> int | None:
    bracket = services.bracket_for_balance(balance)
    return bracket.base if bracket else None


def current_rows() -> list[tuple[int | None, int, int | None, int]]:
    return [(b.pk, b.min_balance, b.max_balance, b.base) for b in Bracket.objects.order_by("min_balance")]


def test_the_bracket_table_can_be_split_in_one_save(boss):
    rows = current_rows()
    last = rows[-1]
    rows[-1] = (last[0], last[1], 9_999_999, last[3])
    rows.append((None, 10_000_000, None, 100_000))
    assert boss.post("/admin/ledger/bracket/table/", bracket_table_post(rows)).status_code == 302
    assert base_for(10_000_000) == 100_000


def test_a_bracket_table_with_a_gap_is_refused(boss):
    rows = current_rows()
    rows[0] = (rows[0][0], 160, 2_000, 10)
    response = boss.post("/admin/ledger/bracket/table/", bracket_table_post(rows))
    assert response.status_code == 200
    assert "之间有空档" in response.content.decode()
    assert base_for(2_500) == 10


def test_one_bracket_edited_alone_must_fit_the_table(boss):
    first = Bracket.objects.get(min_balance=160)
    form = {"min_balance": 160, "max_balance": 2000, "base": 10, "reason": "close the gap"}
    assert "之间有空档" in boss.post(f"/admin/ledger/bracket/{first.pk}/change/", form).content.decode()
    form = {"min_balance": 160, "max_balance": 3000, "base": 20, "reason": "raise the first base"}
    assert boss.post(f"/admin/ledger/bracket/{first.pk}/change/", form).status_code == 302
    assert base_for(200) == 20
