"""The coins stories' cast: 阿兰 signs up through the site; 阿明 (broke) and 小芳 play; 财务 (finance) and
小李 (support) are staff. Celery runs eagerly; throttles start empty for every story."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import Group
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.conftest import PASSWORD


@pytest.fixture(autouse=True)
def _coins_stories(eager_celery, fresh_channel_layer, brackets, rooms) -> None:
    """Every story: the seeded brackets and rooms (the lowest room admits 160), no throttle counts."""
    cache.clear()


def sign_up(client: Client, username: str = "lan", address: str = "198.51.100.7") -> Any:
    """A visitor signs up through the form, from `address`."""
    data = {"username": username, "display_name": "阿兰", "password1": PASSWORD, "password2": PASSWORD}
    return client.post(reverse("accounts:signup"), data, REMOTE_ADDR=address)


@pytest.fixture
def staff(db, make_player) -> Callable[[str, str, str], Any]:
    def make(username: str, display_name: str, role: str) -> Any:
        user = make_player(username, display_name, is_staff=True)
        user.groups.add(Group.objects.get(name=role))
        return user

    return make


@pytest.fixture
def cai(staff):
    """财务, finance: sets the coin policy."""
    return staff("cai", "财务", "finance")


@pytest.fixture
def li(staff):
    """小李, support: reads it only."""
    return staff("li", "小李", "support")


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client
