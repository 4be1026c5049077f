from django.db import migrations, models


def ready_time_15(apps, schema_editor):
    """Rooms still on the old 8-second pause get the 15-second ready time (RULINGS "Between hands")."""
    apps.get_model("tables", "Room").objects.filter(between_hands_seconds=8).update(between_hands_seconds=15)


class Migration(migrations.Migration):

    dependencies = [
        ("tables", "0013_values_json_fields"),
    ]

    # The field's default and labels live in Python only: state only, no table rebuild on SQLite.
    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="room",
                    name="between_hands_seconds",
                    field=models.PositiveIntegerField(
                        default=15,
                        help_text="一局结算后等玩家准备的时间：人人准备即开局，到时未准备的玩家离座（不扣游戏币）",
                        verbose_name="准备时限（秒）",
                    ),
                ),
            ]
        ),
        migrations.RunPython(ready_time_15, migrations.RunPython.noop),
    ]
