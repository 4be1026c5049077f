"""The database itself refuses to rewrite ledger history.

PostgreSQL: row triggers refuse UPDATE and DELETE on postings and transactions
(TRUNCATE, used only to reset test databases, is a separate statement and stays
possible). SQLite: UPDATE is refused; DELETE stays possible because Django's test
flush empties tables with DELETE — the ORM guard refuses it for application code.
"""

from django.db import migrations

TABLES = ("ledger_posting", "ledger_transaction")

POSTGRES_FUNCTION = """
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'ledger rows are append-only: %% on %% refused (post a reversal)', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
"""


def forwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(POSTGRES_FUNCTION)
        for table in TABLES:
            schema_editor.execute(
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()"
            )
    elif vendor == "sqlite":
        for table in TABLES:
            schema_editor.execute(
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE ON {table} "
                "BEGIN SELECT RAISE(ABORT, 'ledger rows are append-only: UPDATE refused (post a reversal)'); END"
            )


def backwards(apps, schema_editor):
    for table in TABLES:
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table}")
        else:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only")
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("DROP FUNCTION IF EXISTS ledger_refuse_change()")


class Migration(migrations.Migration):
    dependencies = [("ledger", "0001_initial")]

    operations = [migrations.RunPython(forwards, backwards)]
