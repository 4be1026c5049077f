from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate


class OperationsConfig(AppConfig):
    name = "operations"
    verbose_name = "Operations 运营"

    def ready(self) -> None:
        from django.contrib import admin

        from operations import signals  # noqa: F401  (records operator coin movements in the audit log)

        admin.site.index_template = "operations/admin_index.html"
        post_migrate.connect(_sync_roles, sender=self, dispatch_uid="operations_sync_roles")


def _sync_roles(sender: Any, **kwargs: Any) -> None:
    """After every migrate (and test flush): the staff groups hold exactly their role's permissions."""
    from django.apps import apps

    from operations.roles import sync_roles

    sync_roles(apps, using=kwargs.get("using", "default"))
