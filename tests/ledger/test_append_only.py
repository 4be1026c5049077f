"""History is never rewritten: postings and transactions refuse update and delete."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db import DatabaseError, connection, transaction

from ledger import services
from ledger.models import AppendOnlyError, Posting, Transaction

pytestmark = pytest.mark.django_db


@pytest.fixture
def grant(alice, operator) -> Transaction:
    return services.grant(alice, 100, by=operator, reason="promo", key="g")


def test_the_orm_refuses_to_save_a_posting_again(grant):
    posting = grant.postings.first()
    posting.amount = 1_000_000
    with pytest.raises(AppendOnlyError):
        posting.save()


@pytest.mark.parametrize("model, change", [(Posting, {"amount": 1}), (Transaction, {"reason": "rewritten"})])
def test_the_orm_refuses_bulk_update_and_delete(grant, model, change):
    with pytest.raises(AppendOnlyError):
        model.objects.update(**change)
    with pytest.raises(AppendOnlyError):
        model.objects.all().delete()
    with pytest.raises(AppendOnlyError):
        model.objects.first().delete()


def test_the_database_refuses_updating_a_posting(grant):
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE ledger_posting SET amount = amount + 1")
    assert sorted(grant.postings.values_list("amount", flat=True)) == [-100, 100]


@pytest.mark.postgres
@pytest.mark.skipif(not settings.DB_IS_POSTGRES, reason="needs PostgreSQL")
@pytest.mark.parametrize("table", ["ledger_posting", "ledger_transaction"])
def test_postgres_refuses_deleting_ledger_rows(grant, table):
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {table}")
    assert Posting.objects.filter(transaction=grant).count() == 2
