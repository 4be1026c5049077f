"""Each hand keeps the room's timers of its deal (turn, claim, grace): an operator's change reaches the next hand."""

from django.db import migrations, models


def copy_room_timers(apps, schema_editor):
    """Hands dealt before this migration take their room's current timers (the best record there is)."""
    Hand = apps.get_model("tables", "Hand")
    Room = apps.get_model("tables", "Room")
    for room in Room.objects.all():
        Hand.objects.filter(table__room=room).update(
            turn_seconds=room.turn_seconds, claim_seconds=room.claim_seconds, grace_seconds=room.grace_seconds
        )


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0004_options_help_text"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="claim_seconds",
            field=models.PositiveIntegerField(default=8, help_text="the room's claim timer at the deal"),
        ),
        migrations.AddField(
            model_name="hand",
            name="grace_seconds",
            field=models.PositiveIntegerField(default=60, help_text="the room's reconnect grace at the deal"),
        ),
        migrations.AddField(
            model_name="hand",
            name="turn_seconds",
            field=models.PositiveIntegerField(default=20, help_text="the room's turn timer at the deal"),
        ),
        migrations.RunPython(copy_room_timers, migrations.RunPython.noop),
    ]
