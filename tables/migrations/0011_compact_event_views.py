"""TableEvent: the public view once plus per-seat deltas (tables.view_delta), instead of a full view per audience."""

from typing import Any

from django.db import migrations, models

from tables.view_delta import seat_view, split

SEATS = {"pinghe": 4, "nanping": 4, "erren": 2, "guangdong": 4}


def compact(apps: Any, schema_editor: Any) -> None:
    TableEvent = apps.get_model("tables", "TableEvent")
    batch = []
    for event in TableEvent.objects.only("pk", "views").iterator(chunk_size=500):
        event.public, event.seats = split(dict(event.views))
        batch.append(event)
        if len(batch) >= 500:
            TableEvent.objects.bulk_update(batch, ["public", "seats"])
            batch = []
    TableEvent.objects.bulk_update(batch, ["public", "seats"])


def expand(apps: Any, schema_editor: Any) -> None:
    TableEvent = apps.get_model("tables", "TableEvent")
    batch = []
    for event in TableEvent.objects.select_related("table__room").iterator(chunk_size=500):
        n = SEATS[event.table.room.variant]
        views = {str(s): seat_view(event.public, event.seats, s) for s in range(n)}
        event.views = {**views, "public": event.public}
        batch.append(event)
        if len(batch) >= 500:
            TableEvent.objects.bulk_update(batch, ["views"])
            batch = []
    TableEvent.objects.bulk_update(batch, ["views"])


class Migration(migrations.Migration):
    dependencies = [("tables", "0010_room_bot_level_and_think_time")]

    operations = [
        migrations.AddField(
            model_name="tableevent",
            name="public",
            field=models.JSONField(blank=True, null=True, verbose_name="公开视图"),
        ),
        migrations.AddField(
            model_name="tableevent",
            name="seats",
            field=models.JSONField(blank=True, default=dict, verbose_name="各座位差异"),
        ),
        migrations.AlterField(
            model_name="tableevent",
            name="views",
            field=models.JSONField(null=True, verbose_name="各座位视图"),
        ),
        migrations.RunPython(compact, expand),
        migrations.RemoveField(model_name="tableevent", name="views"),
    ]
