from django.apps import AppConfig


class LedgerConfig(AppConfig):
    name = "ledger"
    verbose_name = "Coin ledger"

    def ready(self) -> None:
        from ledger import signals  # noqa: F401  (connects the new-user account signal)
