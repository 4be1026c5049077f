"""Operators grant and debit through the API with Stripe-style Idempotency-Key semantics; players cannot."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from ledger import services
from ledger.models import Transaction
from tests.ledger.test_wallet_api import client_for

pytestmark = pytest.mark.django_db

GRANTS = "/api/v1/operator/grants/"
DEBITS = "/api/v1/operator/debits/"


def post(client: APIClient, url: str, body: dict, key: str | None = "key-1"):
    headers = {"Idempotency-Key": key} if key else {}
    return client.post(url, body, format="json", headers=headers)


def test_an_operator_grants_coins(alice, operator):
    response = post(client_for(operator), GRANTS, {"user_id": alice.pk, "amount": 500, "reason": "活动"})
    assert response.status_code == 201
    body = response.json()
    assert (body["kind"], body["user_id"], body["amount"], body["balance_after"]) == ("grant", alice.pk, 500, 10_500)
    assert Transaction.objects.get(pk=body["transaction_id"]).created_by == operator


def test_a_retry_with_the_same_key_and_body_replays_the_response(alice, operator):
    client = client_for(operator)
    first = post(client, GRANTS, {"user_id": alice.pk, "amount": 500, "reason": "活动"})
    again = post(client, GRANTS, {"user_id": alice.pk, "amount": 500, "reason": "活动"})
    assert (again.status_code, again.json()) == (first.status_code, first.json())
    assert again["Idempotent-Replayed"] == "true"
    assert services.balance_of(alice) == 10_500


def test_the_same_key_with_another_body_is_a_422(alice, operator):
    client = client_for(operator)
    post(client, GRANTS, {"user_id": alice.pk, "amount": 500, "reason": "活动"})
    response = post(client, GRANTS, {"user_id": alice.pk, "amount": 5000, "reason": "活动"})
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "idempotency_conflict"
    assert post(client, DEBITS, {"user_id": alice.pk, "amount": 500, "reason": "活动"}).status_code == 422
    assert services.balance_of(alice) == 10_500


def test_the_idempotency_key_header_is_required(alice, operator):
    response = post(client_for(operator), GRANTS, {"user_id": alice.pk, "amount": 5, "reason": "x"}, key=None)
    assert response.status_code == 400
    assert "Idempotency-Key" in response.json()["error"]["details"]


def test_an_overdrawing_debit_is_a_409_and_is_replayed(alice, operator):
    client = client_for(operator)
    body = {"user_id": alice.pk, "amount": 10_001, "reason": "罚款"}
    first = post(client, DEBITS, body)
    assert (first.status_code, first.json()["error"]["code"]) == (409, "insufficient_funds")
    assert post(client, DEBITS, body).json() == first.json()
    assert services.balance_of(alice) == 10_000


def test_an_invalid_body_is_a_400_and_not_remembered(alice, operator):
    client = client_for(operator)
    assert post(client, GRANTS, {"user_id": alice.pk, "amount": 0, "reason": "x"}).status_code == 400
    assert post(client, GRANTS, {"user_id": alice.pk, "amount": 7, "reason": "x"}).status_code == 201


def test_an_unknown_user_is_a_400(operator):
    response = post(client_for(operator), GRANTS, {"user_id": 999_999, "amount": 7, "reason": "x"})
    assert response.status_code == 400
    assert "user_id" in response.json()["error"]["details"]


@pytest.mark.parametrize("url", [GRANTS, DEBITS])
def test_a_player_cannot_reach_operator_endpoints(alice, bob, url):
    response = post(client_for(alice), url, {"user_id": alice.pk, "amount": 5, "reason": "free coins"})
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "permission_denied"
    assert services.balance_of(alice) == 10_000


def test_keys_belong_to_each_operator(alice, operator, django_user_model):
    from django.contrib.auth.models import Permission

    other = django_user_model.objects.create_user("boss2", password="x-Long-pass-1")
    other.user_permissions.add(Permission.objects.get(codename="operate_coins"))
    post(client_for(operator), GRANTS, {"user_id": alice.pk, "amount": 5, "reason": "x"})
    assert post(client_for(other), GRANTS, {"user_id": alice.pk, "amount": 6, "reason": "y"}).status_code == 201
    assert services.balance_of(alice) == 10_011
