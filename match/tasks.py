"""The match zone's beat task: thin, it calls match.seasons (every step is idempotent)."""

from __future__ import annotations

from celery import shared_task

from match import live, seasons


@shared_task
def roll_seasons() -> int:
    """Make this and next month's seasons if missing; freeze ended seasons and pay their prizes. Seasons ended."""
    seasons.make_monthly_seasons()
    return seasons.end_due_seasons()


@shared_task
def push_standings(season_id: int) -> int:
    """Push a season's standings to its open pages (queued by match.live.announce, at most once a second)."""
    return live.push(season_id)
