"""Named players for the ledger stories: 阿明 (alice), 宝宝 (bob), 春花 (carol), 大东 (dave), and 老板 the operator."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.core.cache import cache

from accounts.models import User
from ledger import services

_keys = itertools.count(1)


def new_player(username: str, display_name: str, coins: int = 0) -> User:
    user = User.objects.create_user(username, password="x-Long-pass-1", display_name=display_name)
    if coins:
        services.grant(user, coins, by=None, reason="starting coins", key=f"start:{username}")
    return user


@pytest.fixture(autouse=True)
def _fresh_throttles() -> Any:
    """Throttle counters live in the shared cache; each story starts with none."""
    cache.clear()
    yield


@pytest.fixture
def alice(db: Any) -> User:
    return new_player("alice", "阿明", 10_000)


@pytest.fixture
def bob(db: Any) -> User:
    return new_player("bob", "宝宝", 10_000)


@pytest.fixture
def carol(db: Any) -> User:
    return new_player("carol", "春花", 10_000)


@pytest.fixture
def dave(db: Any) -> User:
    return new_player("dave", "大东", 10_000)


@pytest.fixture
def table(alice: User, bob: User, carol: User, dave: User) -> list[int]:
    """Four players seated 0 (dealer) to 3."""
    return [alice.pk, bob.pk, carol.pk, dave.pk]


@pytest.fixture
def operator(db: Any) -> User:
    user = User.objects.create_user("boss", password="x-Long-pass-1", display_name="老板", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="operate_coins"))
    for codename in ("view_transaction", "view_account", "view_bracket", "change_bracket"):
        user.user_permissions.add(Permission.objects.get(codename=codename))
    return User.objects.get(pk=user.pk)  # fresh instance: permission cache empty


def next_key() -> str:
    return f"k{next(_keys)}"
