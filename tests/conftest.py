"""Shared fixtures. Named players live here so tests read as stories."""

from __future__ import annotations

from collections.abc import Callable

import pytest

PASSWORD = "correct-horse-麻将-2026"


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """The default hasher is deliberately slow; tests only need a real, checkable hash."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


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
