"""Every failure under /api/ answers in the API's one JSON error shape, never an HTML page or a 500.

`{"error": {"code": ..., "message": ..., "details"?: ...}}` for a path that does not exist, a body
too large or nested too deeply to parse, a forged pagination cursor, and Redis being down (503).
"""

from __future__ import annotations

import base64
import json

import pytest
from django.test import Client

from tests.ledger.test_operator_api import GRANTS
from tests.ledger.test_wallet_api import client_for

pytestmark = pytest.mark.django_db


def error_of(response, status: int) -> dict:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    body = response.json()["error"]
    assert isinstance(body["code"], str) and isinstance(body["message"], str)
    return body


@pytest.mark.parametrize("path", ["/api/v1/nowhere/", "/api/v2/wallet/", "/api/v1/wallet/transactions/1/"])
def test_an_unknown_api_path_is_a_json_404(alice, path):
    assert error_of(client_for(alice).get(path), 404)["code"] == "not_found"


def test_an_anonymous_unknown_api_path_is_a_json_404_too():
    assert error_of(Client().get("/api/nowhere"), 404)["code"] == "not_found"


def test_a_wrong_method_is_a_json_405(alice):
    assert error_of(client_for(alice).delete("/api/v1/wallet/"), 405)["code"] == "method_not_allowed"


def test_a_deeply_nested_body_is_a_json_400_and_moves_nothing(alice, operator):
    nested = "[" * 100_000 + "]" * 100_000
    response = client_for(operator).post(
        GRANTS, nested, content_type="application/json", headers={"Idempotency-Key": "deep"}
    )
    assert error_of(response, 400)["code"] == "parse_error"
    assert client_for(alice).get("/api/v1/wallet/").json()["balance"] == 10_000


def test_an_oversized_body_is_a_json_413(operator, alice, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    body = json.dumps({"user_id": alice.pk, "amount": 1, "reason": "x" * 20_000})
    response = client_for(operator).post(
        GRANTS, body, content_type="application/json", headers={"Idempotency-Key": "big"}
    )
    assert error_of(response, 413)["code"] == "too_large"
    assert client_for(alice).get("/api/v1/wallet/").json()["balance"] == 10_000


def cursor(query: str) -> str:
    return base64.b64encode(query.encode()).decode()


@pytest.mark.parametrize("query", ["o=0&r=0&p=abc", "o=0&r=0&p=1e5", "o=x", "p=", "o=-1&p=5", "p=12345678901234567890"])
def test_a_forged_cursor_is_a_json_400(alice, query):
    response = client_for(alice).get("/api/v1/wallet/transactions/", {"cursor": cursor(query)})
    assert error_of(response, 400)["code"] == "invalid"


def test_redis_down_is_a_json_503_with_retry_after(alice, settings):
    client = client_for(alice)
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there
        }
    }
    response = client.get("/api/v1/wallet/")
    assert error_of(response, 503)["code"] == "service_unavailable"
    assert int(response["Retry-After"]) > 0


def test_a_bug_is_a_json_500_without_details(alice, monkeypatch):
    from ledger import api

    def broken(user):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(api, "wallet_data", broken)
    client = client_for(alice)
    client.raise_request_exception = False
    body = error_of(client.get("/api/v1/wallet/"), 500)
    assert body["code"] == "server_error"
    assert "secret" not in body["message"]


def test_pages_outside_the_api_keep_their_html_404(client):
    response = client.get("/nowhere/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
