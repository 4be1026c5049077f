"""The three histories — the ledger, the operators' audit log and a table's action log — share one
append-only base: the ORM and the database itself refuse to rewrite any of them."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db import DatabaseError, connection, transaction

from config.append_only import AppendOnlyError, AppendOnlyModel
from ledger.models import Posting, Transaction
from operations.audit import record
from operations.models import AuditAction, AuditEntry
from tables.models import ActionLog

pytestmark = pytest.mark.django_db
HISTORIES = [Transaction, Posting, AuditEntry, ActionLog]


@pytest.fixture
def histories(boss, ming, finished_hand) -> None:
    """A row in each: the hand's actions and settlement postings, and an operator's audit entry."""
    record(boss, AuditAction.LIFT, ming, "复核 review", subject=ming)
    assert all(model.objects.exists() for model in HISTORIES)


@pytest.mark.parametrize("model", HISTORIES)
def test_every_history_shares_the_base(model):
    assert issubclass(model, AppendOnlyModel)


@pytest.mark.parametrize("model", HISTORIES)
def test_the_orm_refuses_to_rewrite_any_history(histories, model):
    row = model.objects.first()
    with pytest.raises(AppendOnlyError):
        row.save()
    with pytest.raises(AppendOnlyError):
        row.delete()
    with pytest.raises(AppendOnlyError):
        model.objects.update(pk=row.pk)
    with pytest.raises(AppendOnlyError):
        model.objects.all().delete()


@pytest.mark.parametrize("model", HISTORIES)
def test_the_database_refuses_to_update_any_history(histories, model):
    table = model._meta.db_table
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"UPDATE {table} SET id = id")


@pytest.mark.postgres
@pytest.mark.skipif(not settings.DB_IS_POSTGRES, reason="needs PostgreSQL (SQLite's test flush deletes rows)")
@pytest.mark.parametrize("model", HISTORIES)
def test_postgres_refuses_to_delete_any_history(histories, model):
    count = model.objects.count()
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {model._meta.db_table}")
    assert model.objects.count() == count
