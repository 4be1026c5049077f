"""Sign-ups are throttled per client address: each new account carries the welcome grant."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from ledger.models import Transaction
from tests.coins.conftest import sign_up

pytestmark = pytest.mark.django_db


def test_an_address_may_sign_up_its_limit_then_is_refused_and_nothing_is_created(settings):
    settings.SIGNUP_LIMIT = 3
    for n in range(3):
        assert sign_up(Client(), f"farm{n}", address="203.0.113.9").status_code == 302
    refused = sign_up(Client(), "farm3", address="203.0.113.9")
    assert refused.status_code == 429
    assert "注册的账号太多" in refused.content.decode()
    assert not User.objects.filter(username="farm3").exists()
    assert Transaction.objects.count() == 3


def test_another_address_is_not_held_back(settings):
    settings.SIGNUP_LIMIT = 1
    assert sign_up(Client(), "one", address="203.0.113.9").status_code == 302
    assert sign_up(Client(), "two", address="203.0.113.10").status_code == 302


def test_a_refused_form_does_not_count(settings):
    settings.SIGNUP_LIMIT = 1
    mismatched = {"username": "x", "password1": "a", "password2": "b"}
    bad = Client().post("/accounts/signup/", mismatched, REMOTE_ADDR="1.2.3.4")
    assert bad.status_code == 200
    assert sign_up(Client(), "good", address="1.2.3.4").status_code == 302
