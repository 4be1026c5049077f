"""风控's view of clients: each log-in and sign-up notes its address and the browser's device cookie
(as keyed digests only), so accounts that share one address or one browser can be told apart from
strangers (`accounts.services.share_a_client`), for the pair scoring and seating rules."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.middleware import DEVICE_COOKIE
from accounts.models import ClientSighting
from accounts.services import share_a_client
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def log_in(client: Client, username: str, address: str) -> None:
    response = client.post("/accounts/login/", {"username": username, "password": PASSWORD}, REMOTE_ADDR=address)
    assert response.status_code == 302


def test_a_browser_gets_a_device_cookie_it_keeps(client):
    first = client.get("/")
    cookie = first.cookies[DEVICE_COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax" and len(cookie.value) >= 20
    assert DEVICE_COOKIE not in client.get("/").cookies  # kept, not replaced


def test_two_accounts_from_one_address_share_a_client(ming, fang):
    log_in(Client(), "ming", "198.51.100.5")
    log_in(Client(), "fang", "198.51.100.5")
    assert share_a_client(ming.pk, fang.pk)


def test_two_accounts_in_one_browser_share_a_client_from_any_address(ming, fang):
    browser = Client()
    log_in(browser, "ming", "198.51.100.5")
    browser.post("/accounts/logout/")
    log_in(browser, "fang", "203.0.113.77")
    assert share_a_client(ming.pk, fang.pk)


def test_strangers_do_not(ming, fang):
    log_in(Client(), "ming", "198.51.100.5")
    log_in(Client(), "fang", "203.0.113.77")
    assert not share_a_client(ming.pk, fang.pk)


def test_a_sign_up_is_noted_too_and_only_digests_are_kept():
    data = {"username": "lan", "display_name": "阿兰", "password1": PASSWORD, "password2": PASSWORD}
    assert Client().post("/accounts/signup/", data, REMOTE_ADDR="198.51.100.5").status_code == 302
    kinds = sorted(ClientSighting.objects.filter(user__username="lan").values_list("kind", flat=True))
    assert kinds == ["address", "device"]
    assert not ClientSighting.objects.filter(digest__contains="198.51").exists()
