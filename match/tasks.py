"""The match zone's tasks: thin, they call match.seasons and the arena modules (every step is idempotent)."""

from __future__ import annotations

from celery import shared_task
from django.core.cache import cache

from match import arena, arena_end, arena_live, arena_pairing, live, seasons


@shared_task
def roll_seasons() -> int:
    """Make this and next month's seasons if missing; freeze ended seasons and pay their prizes. Seasons ended."""
    seasons.make_monthly_seasons()
    return seasons.end_due_seasons()


@shared_task
def push_standings(season_id: int) -> int:
    """Push a season's standings to its open pages (queued by match.live.announce, at most once a second)."""
    return live.push(season_id)


@shared_task
def arena_tick() -> dict[str, int]:
    """The beat's arena step (every second): schedule, start, pair, time up, finish (match.arena.tick)."""
    return arena.tick()


@shared_task
def pair_arena(arena_id: int) -> int:
    """Seat an arena's waiting players now (queued when players enter its pool, match.jobs)."""
    cache.delete(f"arena:pairing:{arena_id}")  # players entering the pool from now on queue the next pairing
    return arena_pairing.pair(arena_id)


@shared_task(acks_late=True)
def finish_arena(arena_id: int) -> bool:
    """Freeze an ended arena's standings and pay its prizes, exactly once (match.arena_end.finish)."""
    finished = arena_end.finish(arena_id)
    if finished:
        arena_live.announce(arena_id)
    return finished


@shared_task
def push_arena(arena_id: int) -> int:
    """Push an arena's standings changes to its open pages (queued by match.arena_live.announce, ≤ 1/s)."""
    return arena_live.push(arena_id)
