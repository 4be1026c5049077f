"""The match zone opens with guangdong at every bracket (RULINGS "比赛专区"); operators may mark other rooms.

The 龙珠 log and the frozen standings are append-only in the database too (config.append_only)."""

from django.db import migrations

from config.append_only import database_guard

guard_forwards, guard_backwards = database_guard(
    "match_history", ["match_pearlentry", "match_standing"], "the match history"
)


def forwards(apps, schema_editor):
    Room = apps.get_model("tables", "Room")
    MatchRoom = apps.get_model("match", "MatchRoom")
    for room in Room.objects.filter(variant="guangdong"):
        MatchRoom.objects.get_or_create(room=room)


def backwards(apps, schema_editor):
    apps.get_model("match", "MatchRoom").objects.filter(room__variant="guangdong").delete()


class Migration(migrations.Migration):
    dependencies = [("match", "0001_initial"), ("tables", "0002_seed_rooms")]

    operations = [migrations.RunPython(forwards, backwards), migrations.RunPython(guard_forwards, guard_backwards)]
