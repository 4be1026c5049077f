"""A hand keeps the timers of its deal: an operator who changes the room's turn, claim or grace
seconds mid-hand changes the next hand, never the running one (like the base and 喊金)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from django.utils import timezone

from engine.hand import HandState, legal_actions
from engine.hand_script import arrange
from tests.conftest import deal_with_bots

# 阿明 deals (seat 0); every hand is scattered, so nobody is near a win in the first round and
# 阿明's next decision after his first discard comes whatever the bots choose.
HANDS = ["1357m1357p1357s1234z9s", "2468m2468p2468s1234z", "1357m1357p1357s5566z", "2468m2468p2468s5677z"]
SLOWER = {"turn_seconds": 100, "claim_seconds": 50, "grace_seconds": 10}


def running_hand(table: Any) -> Any:
    from tables.models import Hand

    return Hand.objects.get(table=table, status="playing")


def timers(hand: Any) -> tuple[int, int, int]:
    return hand.turn_seconds, hand.claim_seconds, hand.grace_seconds


def deadline_after(hand: Any, start: datetime, end: datetime) -> tuple[datetime, datetime]:
    """The earliest and latest the hand's deadline may be if it was set between `start` and `end`
    by one of the hand's own timers (claim is the shorter, turn the longer)."""
    return start + timedelta(seconds=hand.claim_seconds), end + timedelta(seconds=hand.turn_seconds)


@pytest.fixture
def scripted_room(room, settings):
    settings.TABLES_ALLOW_SCRIPTED_DEALS = True  # the story needs a known deal
    return room("pinghe", 10, options=arrange("pinghe", dealer=0, hands=HANDS, gold="9p"))


def test_a_timer_change_reaches_the_next_hand_not_the_running_one(
    ming, funded, scripted_room, django_capture_on_commit_callbacks
):
    from operations.services import change_room
    from tables.services import actions, between_hands, presence

    funded(ming)
    with django_capture_on_commit_callbacks(execute=True):
        table = deal_with_bots(ming)
    first = running_hand(table)
    assert timers(first) == (20, 8, 60)  # the room's defaults at the deal

    change_room(scripted_room, SLOWER, "slower tables for the evening", by=None)

    # 阿明's next decision is timed by the hand's own timers, not the room's new ones.
    state = HandState.from_json(first.state)
    discard = next(a for a in legal_actions(state, 0) if a.to_json()["type"] == "discard")
    start = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        actions.act(table.pk, ming.pk, "ming-1", discard.to_json())
    end = timezone.now()
    first.refresh_from_db()
    assert first.status == "playing" and timers(first) == (20, 8, 60)
    earliest, latest = deadline_after(first, start, end)
    assert first.deadline is not None and earliest <= first.deadline <= latest
    # 阿明 never had a socket: his grace runs from when he sat, and is still the deal's 60 s, not 10.
    seat = table.seats.get(index=0)
    assert presence.grace_expired(seat.pk, seat.disconnected_at + timedelta(seconds=30)) is None

    # His socket opens; he lets the bot play the hand out (托管), it is settled, he takes his seat back.
    presence.connected(table.pk, ming.pk)
    with django_capture_on_commit_callbacks(execute=True):
        actions.set_auto(table.pk, ming.pk, True)
    first.refresh_from_db()
    assert first.status == "finished" and first.settled
    actions.set_auto(table.pk, ming.pk, False)

    # The next deal takes the new timers (its grace period too: `grace_expired` reads the hand's).
    later = timezone.now() + timedelta(seconds=5)  # within the ready time
    presence.seen(table.pk, ming.pk, later)  # his page kept pinging meanwhile (the heartbeat decides presence)
    with django_capture_on_commit_callbacks(execute=True):
        between_hands.set_ready(table.pk, ming.pk, later)  # 准备: the only person at the table, so the deal
    second = running_hand(table)
    assert timers(second) == (100, 50, 10)
    earliest, latest = deadline_after(second, later, later)
    assert second.deadline is not None and earliest <= second.deadline <= latest
