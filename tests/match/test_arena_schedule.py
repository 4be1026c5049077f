"""The default schedule: a guangdong arena every day at 20:00 site time in each guangdong match room, made once
however often the beat asks (today's and tomorrow's, so players see the next one), started at its time and, once
its hour is over, frozen with nobody ranked if nobody played."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from match import arena
from match.models import Arena, ArenaStatus


def test_each_match_room_gets_todays_and_tomorrows_arena_once(match_rooms):
    noon = timezone.make_aware(datetime(2026, 12, 7, 12, 0))
    made = arena.make_daily_arenas(noon)
    assert len(made) == 2 * Arena.objects.values("room").distinct().count() and made
    assert arena.make_daily_arenas(noon) == []  # a second beat makes nothing
    first = Arena.objects.filter(room__base=10).order_by("starts_at").first()
    assert first is not None
    assert timezone.localtime(first.starts_at).strftime("%Y-%m-%d %H:%M") == "2026-12-07 20:00"
    assert (first.minutes, first.prizes, first.entry_fee) == (60, [3000, 1500, 500], 0)


def test_the_tick_starts_an_arena_then_ends_it(match_rooms):
    start = timezone.make_aware(datetime(2026, 12, 7, 20, 0))
    arena.make_daily_arenas(start - timedelta(hours=1))
    the_arena = Arena.objects.filter(room__base=10, starts_at=start).get()
    arena.tick(start + timedelta(seconds=1))
    the_arena.refresh_from_db()
    assert the_arena.status == ArenaStatus.RUNNING
    arena.tick(start + timedelta(minutes=61))  # time up, then (no hand under way) frozen
    arena.tick(start + timedelta(minutes=61, seconds=1))
    the_arena.refresh_from_db()
    assert the_arena.status == ArenaStatus.FINISHED and not the_arena.places.exists()
