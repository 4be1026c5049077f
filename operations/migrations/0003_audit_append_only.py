"""The database itself refuses to rewrite the audit log (as ledger/0002 does for the ledger).

PostgreSQL: a row trigger refuses UPDATE and DELETE (TRUNCATE, used only to reset
test databases, stays possible). SQLite: UPDATE is refused; DELETE stays possible
because Django's test flush empties tables with DELETE — the ORM refuses it for
application code.
"""

from django.db import migrations

TABLE = "operations_auditentry"

POSTGRES_FUNCTION = """
CREATE OR REPLACE FUNCTION operations_audit_refuse_change() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'the audit log is append-only: %% on %% refused', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
"""


def forwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(POSTGRES_FUNCTION)
        schema_editor.execute(
            f"CREATE TRIGGER {TABLE}_append_only BEFORE UPDATE OR DELETE ON {TABLE} "
            "FOR EACH ROW EXECUTE FUNCTION operations_audit_refuse_change()"
        )
    elif vendor == "sqlite":
        schema_editor.execute(
            f"CREATE TRIGGER {TABLE}_append_only BEFORE UPDATE ON {TABLE} "
            "BEGIN SELECT RAISE(ABORT, 'the audit log is append-only: UPDATE refused'); END"
        )


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {TABLE}_append_only ON {TABLE}")
        schema_editor.execute("DROP FUNCTION IF EXISTS operations_audit_refuse_change()")
    else:
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {TABLE}_append_only")


class Migration(migrations.Migration):
    dependencies = [("operations", "0002_staff_roles")]

    operations = [migrations.RunPython(forwards, backwards)]
