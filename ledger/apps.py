from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LedgerConfig(AppConfig):
    name = "ledger"
    verbose_name = _("游戏币账本")

    def ready(self) -> None:
        from ledger import signals  # noqa: F401  (connects the new-user account signal)
