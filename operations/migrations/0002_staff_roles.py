"""Create the staff roles: groups `support`, `finance` and `admin` (see operations/roles.py)."""

from django.contrib.auth.management import create_permissions
from django.db import migrations


def create_roles(apps, schema_editor):
    # Permissions are normally created after the whole migrate run; make them now
    # so the groups can be given them (create_permissions is idempotent).
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, verbosity=0, apps=apps, using=schema_editor.connection.alias)
        app_config.models_module = None
    from operations.roles import sync_roles

    sync_roles(apps, using=schema_editor.connection.alias)


def remove_roles(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=["support", "finance", "admin"]).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("operations", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("accounts", "0001_initial"),
        ("ledger", "0003_seed_brackets_and_issuance"),
        ("tables", "0002_seed_rooms"),
    ]

    operations = [migrations.RunPython(create_roles, remove_roles)]
