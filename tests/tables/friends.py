"""Friends' rooms (好友房) for the stories: open one, fill it by code, play a session out.

Hands are played by the bots under 托管 (each player turns it on) and each person readies after the
settlement, as the table asks; whatever the secret deals give, every hand ends and is settled, so the
stories assert what holds for any outcome (totals that add up, the same account for everyone)."""

from __future__ import annotations

from typing import Any

import pytest

from tables.models import Table, TableStatus
from tables.services import actions, between_hands, friends, presence, seating


@pytest.fixture(autouse=False)
def short_sessions(settings: Any) -> None:
    """Sessions of 1 or 2 hands may be opened (the test-only lengths, with TABLES_ALLOW_SCRIPTED_DEALS)."""
    settings.TABLES_ALLOW_SCRIPTED_DEALS = True


def open_room(host: Any, variant: str = "erren", length: int = 2, **choices: Any) -> Table:
    """`host` opens a friends' room (points, no bots unless said) and is seated in its waiting room."""
    return friends.create(host, friends.Choices(variant=variant, length=length, **choices))


def fill(table: Table, players: list[Any]) -> Table:
    """Each player joins by the invite code and opens the table page (present for the deals)."""
    for player in players:
        seating.join_by_code(player, str(table.invite_code))
    table.refresh_from_db()
    return table


def play_out(table: Table, people: list[Any], limit: int = 40) -> None:
    """Play the session to its end: 托管 through each hand, 准备 after each settlement."""
    for _step in range(limit):
        table.refresh_from_db()
        if table.status == TableStatus.CLOSED:
            return
        for person in people:
            presence.connected(table.pk, person.pk)
        if table.status == TableStatus.PLAYING:
            for person in people:
                actions.set_auto(table.pk, person.pk, True)
        else:
            for person in people:
                between_hands.set_ready(table.pk, person.pk)
    raise AssertionError(f"the session did not end in {limit} steps")
