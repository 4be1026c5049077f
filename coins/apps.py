from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoinsConfig(AppConfig):
    name = "coins"
    verbose_name = _("新手礼包与救济金")

    def ready(self) -> None:
        from coins import signals  # noqa: F401  (pays the welcome grant on sign-up)
        from coins.farming import check_company
        from tables.services.friend_rules import register_company_check

        register_company_check(check_company)  # 风控: who may not sit together at a coin friends' room
