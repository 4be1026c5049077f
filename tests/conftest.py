"""Shared fixtures. Named players live here so tests read as stories.

`brackets`, `rooms` and `funded` put the migrated seed data and coins under the
table and operator stories; `eager_celery` and `fresh_channel_layer` are what those stories'
conftests switch on for every test.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest

PASSWORD = "correct-horse-麻将-2026"


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """The default hasher is deliberately slow; tests only need a real, checkable hash."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _pool_connections_closed() -> Iterator[None]:
    """Database threads keep their connections (DB_CONN_MAX_AGE): the table sockets' pool (tables.dbpool)
    and Channels' one database thread. Close them after each test, before the test database is dropped."""
    yield
    from asgiref.sync import SyncToAsync
    from django.db import connections

    from tables import dbpool

    dbpool.close_connections()
    SyncToAsync.single_thread_executor.submit(connections.close_all).result(timeout=10)


@pytest.fixture(autouse=True)
def bots_move_at_once(settings):
    """Bots' think time (tables.services.pacing) is for people watching; the stories want them quick
    and deterministic, but for the pacing stories, which turn it back on."""
    settings.TABLES_BOT_PACING = False


@pytest.fixture
def make_player(django_user_model) -> Callable[..., object]:
    """Create a player with the shared test PASSWORD."""

    def make(username: str, display_name: str = "", **extra: object) -> object:
        return django_user_model.objects.create_user(username, password=PASSWORD, display_name=display_name, **extra)

    return make


@pytest.fixture
def ming(make_player):
    """阿明, an ordinary player."""
    return make_player("ming", "阿明")


@pytest.fixture
def fang(make_player):
    """小芳, another player."""
    return make_player("fang", "小芳")


# Staff: 小李 (`li`, support), 财务 (`cai`, finance), 老板 (`boss`, admin): staff in one role group each.


@pytest.fixture
def staff(db, make_player) -> Callable[[str, str, str], Any]:
    from django.contrib.auth.models import Group

    def make(username: str, display_name: str, role: str) -> Any:
        user = make_player(username, display_name, is_staff=True)
        user.groups.add(Group.objects.get(name=role))
        return user

    return make


@pytest.fixture
def li(staff):
    """小李, support: reads everything, suspends and bans."""
    return staff("li", "小李", "support")


@pytest.fixture
def cai(staff):
    """财务, finance: reads everything, grants, debits and reverses."""
    return staff("cai", "财务", "finance")


@pytest.fixture
def boss(staff):
    """老板, admin: everything."""
    return staff("boss", "老板", "admin")


def run_seed_migration(name: str) -> None:
    """Run a data migration's `forwards` again: transactional tests flush what the migrations seeded."""
    from django.apps import apps

    importlib.import_module(name).forwards(apps, None)


@pytest.fixture
def brackets(db) -> None:
    """RULINGS' bracket table and the issuance account, as the ledger migration seeds them."""
    run_seed_migration("ledger.migrations.0003_seed_brackets_and_issuance")


@pytest.fixture
def rooms(db) -> None:
    """A room per variant and bracket base, as the tables migration seeds them."""
    run_seed_migration("tables.migrations.0002_seed_rooms")


@pytest.fixture
def funded(brackets) -> Callable[..., Any]:
    """Give a player coins through the ledger (an operator grant)."""
    from ledger import services as ledger

    def fund(user: Any, amount: int = 1000) -> Any:
        ledger.grant(user, amount, by=None, reason="starting coins", key=f"start:{user.pk}:{amount}")
        return user

    return fund


@pytest.fixture
def eager_celery(request, settings) -> Iterator[None]:
    """Tasks run in the test's process right away (a multi-process test, marked postgres, runs a real worker)."""
    if request.node.get_closest_marker("postgres"):
        yield
        return
    settings.CELERY_TASK_ALWAYS_EAGER = True
    from config.celery import app

    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = False


@pytest.fixture
def fresh_channel_layer() -> Iterator[None]:
    """Each test runs in its own event loop: don't reuse a layer whose connections belong to a closed one."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def deal_with_bots(player: Any, variant: str = "pinghe") -> Any:
    """`player` quick-seats in the base-10 room; after the room's bot wait the bots sit and the hand is dealt."""
    from datetime import timedelta

    from django.utils import timezone

    from tables.models import Room
    from tables.services import seating
    from tables.services.sweeper import sweep_now

    room, _ = Room.objects.get_or_create(variant=variant, base=10)  # a transactional test flushed the seeded one
    table = seating.quick_seat(player, room)
    sweep_now(timezone.now() + timedelta(seconds=table.room.bot_wait_seconds + 1))
    table.refresh_from_db()
    return table


def deal_running_with_bots(player: Any, variant: str = "pinghe", tries: int = 10) -> Any:
    """`deal_with_bots` whose hand is still running after the deal. The seed is secret, so a hand can
    end at its opening (天胡, 三金倒, 抢金) or on the bots' first moves: such a table is closed and
    `player` is dealt in again at a fresh one."""
    from tables.models import TableStatus
    from tables.services.closing import close_table

    for _attempt in range(tries):
        table = deal_with_bots(player, variant)
        if table.status == TableStatus.PLAYING:
            return table
        close_table(table.pk, "the hand ended before the player's turn: deal at a fresh table")
    raise AssertionError(f"{tries} hands in a row ended before the player's turn")


def hand_played_by_bots(player: Any, variant: str = "pinghe") -> Any:
    """`player` sits with three bots and turns on 托管: the bots play the first hand to its end. That hand."""
    from tables.models import Hand
    from tables.services import actions

    table = deal_with_bots(player, variant)
    actions.set_auto(table.pk, player.pk, True)
    return Hand.objects.get(table=table, number=1)
