from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MatchConfig(AppConfig):
    name = "match"
    verbose_name = _("比赛专区")

    def ready(self) -> None:
        from match import signals  # noqa: F401  (龙珠 are awarded inside each match-room hand's settlement)

        # Registered in every process, daphne included: match.jobs and match.arena_live queue them by name
        # (Celery's autodiscovery runs only in a worker).
        from match import tasks  # noqa: F401
