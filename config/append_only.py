"""History that is written once: the ledger, the operators' audit log and each table's action log.

One base for all three. The ORM refuses to save a stored row again, to delete one, and
bulk update/delete (`AppendOnlyModel`); the database refuses it too (`database_guard`, used
by each app's migration): on PostgreSQL a row trigger refuses UPDATE and DELETE (TRUNCATE,
which only resets test databases, stays possible); on SQLite UPDATE is refused, while DELETE
stays possible because Django's test flush empties tables with DELETE.

This module imports no app: every layer may build on it (tests/test_layers.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.db import models


class AppendOnlyError(RuntimeError):
    """History is never changed or deleted; a correction is a new row (e.g. a reversal)."""


class AppendOnlyQuerySet(models.QuerySet[Any]):
    """Bulk update/delete are refused: history is never rewritten."""

    def update(self, **kwargs: Any) -> int:
        raise AppendOnlyError(f"{self.model.__name__} rows are append-only")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError(f"{self.model.__name__} rows are append-only")

    def bulk_update(self, objs: Any, fields: Any, batch_size: int | None = None) -> int:
        raise AppendOnlyError(f"{self.model.__name__} rows are append-only")


class AppendOnlyModel(models.Model):
    """A row that may be inserted once and never saved again or deleted."""

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError(f"{type(self).__name__} {self.pk} is append-only")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError(f"{type(self).__name__} {self.pk} is append-only")


Step = Callable[[Any, Any], None]


def database_guard(name: str, tables: Sequence[str], what: str) -> tuple[Step, Step]:
    """RunPython (forwards, backwards) that make the database refuse to rewrite `tables`.

    `name` names the PostgreSQL function (unique per guard); `what` words the refusal
    ("the action log"), and every refusal says "append-only".
    """
    function = f"{name}_refuse_change"

    def forwards(apps: Any, schema_editor: Any) -> None:
        vendor = schema_editor.connection.vendor
        if vendor == "postgresql":
            schema_editor.execute(
                f"CREATE OR REPLACE FUNCTION {function}() RETURNS trigger AS $$ BEGIN "
                f"RAISE EXCEPTION '{what} is append-only: %% on %% refused', TG_OP, TG_TABLE_NAME "
                "USING ERRCODE = 'integrity_constraint_violation'; END; $$ LANGUAGE plpgsql;"
            )
        for table in tables:
            if vendor == "postgresql":
                schema_editor.execute(
                    f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                    f"FOR EACH ROW EXECUTE FUNCTION {function}()"
                )
            elif vendor == "sqlite":
                schema_editor.execute(
                    f"CREATE TRIGGER {table}_append_only BEFORE UPDATE ON {table} "
                    f"BEGIN SELECT RAISE(ABORT, '{what} is append-only: UPDATE refused'); END"
                )

    def backwards(apps: Any, schema_editor: Any) -> None:
        postgres = schema_editor.connection.vendor == "postgresql"
        for table in tables:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only" + (f" ON {table}" if postgres else ""))
        if postgres:
            schema_editor.execute(f"DROP FUNCTION IF EXISTS {function}()")

    return forwards, backwards
