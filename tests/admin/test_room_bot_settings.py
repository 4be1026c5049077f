"""Operators set a room's bot level and think time in the admin; a think time whose floor is above
its ceiling is refused and changes nothing."""

from __future__ import annotations

import pytest

from operations.forms import RoomForm
from tables.models import Room

pytestmark = pytest.mark.django_db


def form_for(room: Room, **changes: object) -> RoomForm:
    data = {
        "name": room.name,
        **{f: getattr(room, f) for f in ("turn_seconds", "claim_seconds", "grace_seconds")},
        **{f: getattr(room, f) for f in ("bot_wait_seconds", "between_hands_seconds")},
        "bot_level": room.bot_level,
        "bot_think_min_ms": room.bot_think_min_ms,
        "bot_think_max_ms": room.bot_think_max_ms,
        "reason": "tuning the bots",
        **changes,
    }
    return RoomForm(data=data, instance=room)


def test_a_room_starts_with_normal_bots_thinking_about_a_second(rooms):
    room = Room.objects.get(variant="pinghe", base=10)
    assert (room.bot_level, room.bot_think_min_ms, room.bot_think_max_ms) == ("normal", 800, 2000)


def test_the_level_and_think_time_are_room_settings(rooms):
    room = Room.objects.get(variant="pinghe", base=10)
    form = form_for(room, bot_level="easy", bot_think_min_ms=300, bot_think_max_ms=900)
    assert form.is_valid(), form.errors
    assert (form.cleaned_data["bot_level"], form.cleaned_data["bot_think_max_ms"]) == ("easy", 900)


def test_an_unknown_level_and_a_floor_above_the_ceiling_are_refused(rooms):
    room = Room.objects.get(variant="pinghe", base=10)
    assert "bot_level" in form_for(room, bot_level="hard").errors
    assert "bot_think_max_ms" in form_for(room, bot_think_min_ms=2500, bot_think_max_ms=1000).errors
    room.refresh_from_db()
    assert room.bot_think_min_ms == 800
