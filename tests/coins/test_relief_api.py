"""`/api/v1/relief/`: the wallet API's relief, with the API's one Idempotency-Key mechanism; and the buttons."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from coins.models import CoinPolicy
from ledger import services as ledger
from ledger.models import Transaction, TransactionKind
from tests.coins.conftest import logged_in

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("relief_needs_no_public_hands")]


@pytest.fixture
def ming(make_player, funded):
    """阿明, down to 100 coins."""
    return funded(make_player("ming", "阿明"), 100)


@pytest.fixture
def api(ming) -> APIClient:
    client = APIClient()
    client.force_authenticate(ming)
    return client


def claim(api: APIClient, key: str | None = "r-1", path: str = "/api/v1/relief/"):
    headers: dict[str, Any] = {} if key is None else {"HTTP_IDEMPOTENCY_KEY": key}
    return api.post(path, format="json", **headers)


def test_a_claim_pays_and_says_how_many_are_left(api, ming):
    response = claim(api)
    assert response.status_code == 201
    body = response.json()
    assert (body["kind"], body["amount"], body["balance_after"]) == ("relief", 1000, 1100)
    assert (body["claimed_today"], body["left_today"]) == (1, 2)
    assert ledger.balance_of(ming) == 1100


def test_a_retry_with_the_same_key_replays_the_answer_and_pays_nothing_more(api, ming):
    first = claim(api, "same")
    again = claim(api, "same")
    assert again.status_code == 201 and again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert Transaction.objects.filter(kind=TransactionKind.RELIEF).count() == 1


def test_without_a_key_nothing_is_paid(api, ming):
    response = claim(api, key=None)
    assert response.status_code == 400 and "Idempotency-Key" in response.json()["error"]["details"]
    assert ledger.balance_of(ming) == 100


def test_a_refusal_is_a_409_with_its_reason_code_and_is_replayed_too(api, ming):
    claim(api, "first")  # 1100: no longer broke
    refused = claim(api, "second")
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "not_broke"
    assert claim(api, "second").json() == refused.json()
    assert ledger.balance_of(ming) == 1100


def test_the_status_says_whether_a_claim_would_be_paid(api):
    status = api.get("/api/v1/relief/").json()
    assert status["claimable"] and status["refusal"] is None
    assert (status["amount"], status["per_day"], status["left_today"], status["minimum_to_sit"]) == (1000, 3, 3, 160)
    CoinPolicy.objects.filter(pk=1).update(relief_enabled=False)
    assert api.get("/api/v1/relief/").json()["refusal"] == "relief_disabled"


def test_the_path_without_the_slash_claims_too(api):
    assert claim(api, path="/api/v1/relief").status_code == 201


def test_anonymous_callers_are_refused(db):
    assert APIClient().post("/api/v1/relief/", HTTP_IDEMPOTENCY_KEY="x").status_code in (401, 403)


def test_the_schema_documents_the_endpoint_and_its_key():
    schema = APIClient().get("/api/schema/?format=json").json()
    post = schema["paths"]["/api/v1/relief/"]["post"]
    assert any(p["name"] == "Idempotency-Key" and p["required"] for p in post["parameters"])
    assert {"201", "409", "422"} <= set(post["responses"])
    assert "/api/v1/relief" not in schema["paths"]  # the slashless alias is not a second endpoint


def test_the_lobby_offers_the_button_and_it_pays(ming):
    client = logged_in(ming)
    lobby = client.get("/tables/").content.decode()
    assert 'id="claim-relief"' in lobby and "领取救济金 1000 游戏币" in lobby
    response = client.post("/coins/relief/", {"next": "/tables/"})
    assert response.status_code == 302 and response["Location"] == "/tables/"
    assert ledger.balance_of(ming) == 1100
    assert 'id="claim-relief"' not in client.get("/tables/").content.decode()  # she can sit now


def test_the_wallet_says_why_not_once_the_days_claims_are_used(ming):
    CoinPolicy.objects.filter(pk=1).update(relief_amount=10, relief_per_day=1)
    client = logged_in(ming)
    client.post("/coins/relief/", {"next": "https://evil.example/"})
    wallet = client.get("/wallet/").content.decode()
    assert 'data-code="relief_limit_reached"' in wallet and "已经领完" in wallet
    assert 'id="claim-relief"' not in wallet
    assert client.post("/coins/relief/")["Location"] == "/wallet/"
