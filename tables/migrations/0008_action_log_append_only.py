"""The database itself refuses to rewrite a table's action log (as it does the ledger and the audit log).

The guard is the shared one (config.append_only.database_guard).
"""

from django.db import migrations

from config.append_only import database_guard

forwards, backwards = database_guard("tables_actionlog", ["tables_actionlog"], "the action log")


class Migration(migrations.Migration):
    dependencies = [("tables", "0007_translated_labels")]

    operations = [migrations.RunPython(forwards, backwards)]
