"""Settled hands' sheets get what the ledger moved (issue 40): their `paid` had been what was owed."""

from __future__ import annotations

from typing import Any

from django.db import migrations

from engine.sheet import with_posted_transfers


def post_sheets(apps: Any, schema_editor: Any) -> None:
    Hand = apps.get_model("tables", "Hand")
    Transaction = apps.get_model("ledger", "Transaction")
    hands = Hand.objects.filter(settled=True, sheet__isnull=False).only("sheet")
    for hand in hands.iterator():
        if hand.sheet.get("posted"):
            continue
        txn = Transaction.objects.filter(idempotency_key=f"hand:{hand.pk}:settlement").only("detail").first()
        if txn is not None:
            hand.sheet = with_posted_transfers(hand.sheet, txn.detail.get("transfers", []))
            hand.save(update_fields=["sheet"])


class Migration(migrations.Migration):
    dependencies = [("tables", "0014_room_ready_time"), ("ledger", "0006_translated_labels")]

    operations = [migrations.RunPython(post_sheets, migrations.RunPython.noop)]
