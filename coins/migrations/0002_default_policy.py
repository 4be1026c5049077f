"""The coin policy's one row, with the defaults (a 2000-coin welcome grant, relief of 1000 three times a day)."""

from django.db import migrations


def forwards(apps, schema_editor):
    apps.get_model("coins", "CoinPolicy").objects.get_or_create(pk=1)


class Migration(migrations.Migration):
    dependencies = [("coins", "0001_initial")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
