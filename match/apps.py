from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MatchConfig(AppConfig):
    name = "match"
    verbose_name = _("比赛专区")

    def ready(self) -> None:
        # signals: 龙珠 and arena points are recorded inside each match-room hand's settlement. tasks: registered
        # in every process, daphne included, as match.jobs and match.arena_live queue them by name (Celery's
        # autodiscovery runs only in a worker).
        from match import signals, tasks  # noqa: F401
