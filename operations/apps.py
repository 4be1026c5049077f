from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class OperationsConfig(AppConfig):
    name = "operations"
    verbose_name = _("运营")

    def ready(self) -> None:
        from django.contrib import admin

        from accounts.services import register_login_refusal
        from operations import signals  # noqa: F401  (records operator coin movements in the audit log)
        from operations.services import login_refusal

        register_login_refusal(login_refusal)  # a sanctioned player is told why at log-in

        admin.site.index_template = "operations/admin_index.html"
        # The operator console carries the product's name, not Django's ("Django 管理").
        admin.site.site_header = _("闽粤麻将 · 运营后台")
        admin.site.site_title = _("闽粤麻将运营后台")
        admin.site.index_title = _("运营后台")
        post_migrate.connect(_sync_roles, sender=self, dispatch_uid="operations_sync_roles")


def _sync_roles(sender: Any, **kwargs: Any) -> None:
    """After every migrate (and test flush): the staff groups hold exactly their role's permissions."""
    from django.apps import apps

    from operations.roles import sync_roles

    sync_roles(apps, using=kwargs.get("using", "default"))
