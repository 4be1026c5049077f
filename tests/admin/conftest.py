"""The operator stories' cast: staff in each role, players, rooms, and tables with hands.

Staff (from tests/conftest.py): 小李 (`li`, support), 财务 (`cai`, finance), 老板 (`boss`, admin) — each
is staff and a member of one role group, nothing more. Players: 阿明 (`ming`),
小芳 (`fang`). Celery runs eagerly, so a finished hand settles at its commit.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from tests.conftest import deal_running_with_bots, deal_with_bots, hand_played_by_bots


@pytest.fixture(autouse=True)
def _operator_stories(eager_celery, fresh_channel_layer) -> None:
    """Every story here: Celery runs eagerly, and each test gets a fresh channel layer."""


@pytest.fixture(autouse=True)
def fresh_cache():
    from django.core.cache import cache

    cache.clear()  # log-in throttles live in the shared cache


@pytest.fixture
def brackets(brackets, rooms) -> None:
    """Here the bracket table always comes with its rooms: the operator stories edit both."""


@pytest.fixture
def as_staff() -> Callable[[Any], Client]:
    """A logged-in admin client for a staff member."""

    def login(user: Any) -> Client:
        client = Client()
        client.force_login(user)
        return client

    return login


@pytest.fixture
def ming(make_player, funded):
    """阿明, a player with 1000 coins (the base-10 bracket)."""
    return funded(make_player("ming", "阿明", email="ming@example.com"))


@pytest.fixture
def fang(make_player, funded):
    """小芳, another player with 1000 coins."""
    return funded(make_player("fang", "小芳", email="fang@example.com"))


def table_with_running_hand(player: Any) -> Any:
    """`player` and three bots at a pinghe table, a hand running, `player` has moved once, the bots answered."""
    from tables.models import TableStatus
    from tables.services.closing import close_table

    for _attempt in range(5):
        table = deal_running_with_bots(player)
        play_once(player, table)
        table.refresh_from_db()
        if table.status == TableStatus.PLAYING:
            return table
        close_table(table.pk, "a bot won on the first discard: deal at a fresh table")  # rare; try again
    raise AssertionError("five hands in a row ended on the first move")


@pytest.fixture
def running_table(ming):
    """阿明 and three bots at a pinghe table, a hand running and waiting for 阿明."""
    return table_with_running_hand(ming)


def play_once(player: Any, table: Any) -> None:
    """`player` makes one legal move (a discard if they can) in the running hand; the bots answer."""
    from engine.hand import HandState, legal_actions
    from tables.models import Hand
    from tables.services import actions

    hand = Hand.objects.get(table=table, status="playing")
    seat = hand.seat_of(player.pk)
    assert seat is not None
    moves = [a.to_json() for a in legal_actions(HandState.from_json(hand.state), seat)]
    move = next((m for m in moves if m["type"] == "discard"), moves[0])
    actions.act(table.pk, player.pk, f"{player.username}-{hand.state_version}", move)


@pytest.fixture
def finished_hand(ming):
    """阿明 plays one pinghe hand with bots under 托管 to its end; it is settled."""
    hand = hand_played_by_bots(ming)
    assert hand.status == "finished"
    return hand


@pytest.fixture
def won_hand(ming, django_capture_on_commit_callbacks):
    """阿明 under 托管 plays pinghe hands with three bots until one ends with a winner; it is settled."""
    from tables.models import Hand
    from tables.services import actions
    from tables.services.sweeper import sweep_now

    with django_capture_on_commit_callbacks(execute=True):
        table = deal_with_bots(ming)
        actions.set_auto(table.pk, ming.pk, True)
    for n in range(1, 30):
        hand = Hand.objects.get(table=table, number=n)
        if hand.sheet:
            assert hand.settled
            return hand
        with django_capture_on_commit_callbacks(execute=True):
            sweep_now(timezone.now() + timedelta(hours=n))  # the pause is over: the next deal, played by bots
    raise AssertionError("29 hands without a winner")
