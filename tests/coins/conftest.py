"""The coins stories: 阿兰 signs up through the site; 阿明 (broke) and 小芳 play; 财务 (finance) and 小李
(support) are the staff of tests/conftest.py. Celery runs eagerly; throttles start empty for every story."""

from __future__ import annotations

from typing import Any

import pytest
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


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def relief_needs_no_public_hands() -> None:
    """For the relief stories about other rules: a claim asks for no public hands first
    (that rule has its own stories, tests/coins/test_farming.py)."""
    from coins.models import CoinPolicy

    CoinPolicy.current()
    CoinPolicy.objects.filter(pk=1).update(relief_public_hands=0)
