"""One room per variant and stake bracket (bases of RULINGS' bracket table)."""

from django.db import migrations

BASES = [10, 50, 100, 500, 1000, 5000, 10000, 50000]
VARIANTS = ["pinghe", "nanping", "erren", "guangdong"]


def forwards(apps, schema_editor):
    Room = apps.get_model("tables", "Room")
    for variant in VARIANTS:
        for base in BASES:
            Room.objects.get_or_create(variant=variant, base=base)


def backwards(apps, schema_editor):
    apps.get_model("tables", "Room").objects.filter(tables__isnull=True).delete()


class Migration(migrations.Migration):
    dependencies = [("tables", "0001_initial")]

    operations = [migrations.RunPython(forwards, backwards)]
