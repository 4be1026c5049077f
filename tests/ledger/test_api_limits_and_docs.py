"""The API slows down floods with a JSON 429, and documents itself without any CDN."""

from __future__ import annotations

import pytest
from rest_framework.throttling import ScopedRateThrottle, UserRateThrottle

from tests.ledger.test_operator_api import GRANTS, post
from tests.ledger.test_wallet_api import client_for

pytestmark = pytest.mark.django_db


def test_operators_are_throttled_with_a_json_429(alice, operator, monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"ledger_operator": "2/min"})
    client = client_for(operator)
    for n in range(2):
        assert post(client, GRANTS, {"user_id": alice.pk, "amount": 1, "reason": "x"}, key=f"t{n}").status_code == 201
    response = post(client, GRANTS, {"user_id": alice.pk, "amount": 1, "reason": "x"}, key="t3")
    assert response.status_code == 429
    assert response.json()["error"]["code"] == "throttled"
    assert int(response["Retry-After"]) > 0


def test_players_are_throttled_too(alice, monkeypatch):
    monkeypatch.setattr(UserRateThrottle, "THROTTLE_RATES", {"user": "1/min", "anon": "1/min"})
    client = client_for(alice)
    assert client.get("/api/v1/wallet/").status_code == 200
    assert client.get("/api/v1/wallet/").status_code == 429


def test_the_schema_describes_the_wallet_api(client):
    schema = client.get("/api/schema/?format=json").json()
    assert schema["openapi"].startswith("3.")
    assert {"/api/v1/wallet/", "/api/v1/wallet/transactions/", "/api/v1/operator/grants/"} <= set(schema["paths"])
    grant = schema["paths"]["/api/v1/operator/grants/"]["post"]
    assert any(p["name"] == "Idempotency-Key" and p["required"] for p in grant["parameters"])


@pytest.mark.parametrize("url, asset", [("/api/docs/", "swagger-ui"), ("/api/redoc/", "redoc")])
def test_interactive_docs_are_served_from_our_own_static_files(client, url, asset):
    page = client.get(url).content.decode()
    assert f"/static/drf_spectacular_sidecar/{asset}" in page
    assert "cdn." not in page and "unpkg" not in page and "jsdelivr" not in page
