from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = _("房间与牌桌")

    def ready(self) -> None:
        # The wallet API says what each posting was (ledger.descriptions): tables knows the hands.
        from ledger.descriptions import register_describer

        # Register the tasks in every process, daphne included: tables.services.jobs queues them by
        # name, and Celery's autodiscovery only runs in a worker (a daphne process finishing a hand
        # would otherwise fail to queue its settlement: NotRegistered).
        from tables import tasks  # noqa: F401
        from tables.wallet_entries import described

        register_describer(described)
