"""Seed the stake brackets (RULINGS.md, pinghe document's 麻将底注 table) and the issuance account.

Lower bounds are inclusive; a balance under 160 cannot sit; 50000 is the cap.
"""

from django.db import migrations

BRACKETS = [
    (160, 3000, 10),
    (3001, 6000, 50),
    (6001, 30000, 100),
    (30001, 60000, 500),
    (60001, 300000, 1000),
    (300001, 600000, 5000),
    (600001, 3000000, 10000),
    (3000001, None, 50000),
]


def forwards(apps, schema_editor):
    Bracket = apps.get_model("ledger", "Bracket")
    Account = apps.get_model("ledger", "Account")
    for low, high, base in BRACKETS:
        Bracket.objects.get_or_create(min_balance=low, defaults={"max_balance": high, "base": base})
    Account.objects.get_or_create(code="issuance", defaults={"kind": "system"})


def backwards(apps, schema_editor):
    apps.get_model("ledger", "Bracket").objects.filter(min_balance__in=[row[0] for row in BRACKETS]).delete()


class Migration(migrations.Migration):
    dependencies = [("ledger", "0002_append_only_triggers")]

    operations = [migrations.RunPython(forwards, backwards)]
