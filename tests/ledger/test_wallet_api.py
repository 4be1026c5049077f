"""A player reads their own balance, bracket and transactions through /api/v1/, nobody else's."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from engine.payments import Transfer
from ledger import services
from tables.services import settlement

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def test_the_wallet_shows_balance_and_bracket(alice):
    response = client_for(alice).get("/api/v1/wallet/")
    assert response.status_code == 200
    assert response.json() == {
        "user_id": alice.pk,
        "balance": 10_000,
        "bracket": {"min_balance": 6001, "max_balance": 30000, "base": 100},
        "can_sit": True,
    }


def test_a_poor_player_has_no_bracket(alice, operator):
    services.debit(alice, 9_900, by=operator, reason="set up", key="d")
    assert client_for(alice).get("/api/v1/wallet/").json()["bracket"] is None


def test_session_login_works_too(alice, client):
    client.force_login(alice)
    assert client.get("/api/v1/wallet/").json()["balance"] == 10_000


def test_anonymous_callers_get_a_json_error():
    response = APIClient().get("/api/v1/wallet/")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "not_authenticated"


def test_transactions_are_the_callers_own_newest_first(table, alice, bob, carol):
    settlement.post_hand_settlement("h1", table, [Transfer(0, 1, 40)])
    settlement.post_hand_settlement("h2", [bob.pk, carol.pk], [Transfer(1, 0, 70)])
    rows = client_for(bob).get("/api/v1/wallet/transactions/").json()["results"]
    assert [(r["kind"], r["reference"], r["amount"], r["balance_after"]) for r in rows] == [
        ("hand_settlement", "hand:h2", 70, 10_110),
        ("hand_settlement", "hand:h1", 40, 10_040),
        ("grant", f"user:{bob.pk}", 10_000, 10_000),
    ]
    alices = client_for(alice).get("/api/v1/wallet/transactions/").json()["results"]
    assert "hand:h2" not in [r["reference"] for r in alices]


def test_transactions_page_with_a_cursor(table, alice):
    for n in range(5):
        settlement.post_hand_settlement(f"h{n}", table, [Transfer(1, 0, 10)])
    client = client_for(alice)
    first = client.get("/api/v1/wallet/transactions/?page_size=4").json()
    second = client.get(first["next"]).json()
    references = [r["reference"] for r in first["results"] + second["results"]]
    assert references == ["hand:h4", "hand:h3", "hand:h2", "hand:h1", "hand:h0", f"user:{alice.pk}"]
    assert second["next"] is None


def test_transactions_filter_by_kind_and_date(table, alice):
    settlement.apply_escape_penalty("h1", table, escaper=1, variant="pinghe", base=10)
    client = client_for(alice)
    kinds = [r["kind"] for r in client.get("/api/v1/wallet/transactions/?kind=escape_penalty").json()["results"]]
    assert kinds == ["escape_penalty"]
    today = timezone.localdate()
    tomorrow = today + dt.timedelta(days=1)
    assert len(client.get(f"/api/v1/wallet/transactions/?since={today}&until={today}").json()["results"]) == 2
    assert client.get(f"/api/v1/wallet/transactions/?since={tomorrow}").json()["results"] == []


@pytest.mark.parametrize("query", ["kind=lottery", "since=yesterday", "until=2026-13-01"])
def test_bad_filters_are_a_json_400(alice, query):
    response = client_for(alice).get(f"/api/v1/wallet/transactions/?{query}")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid"
