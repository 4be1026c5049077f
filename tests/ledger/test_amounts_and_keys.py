"""Amounts are whole numbers in ASCII digits, and the Idempotency-Key has one stated format."""

from __future__ import annotations

import pytest

from ledger import services
from ledger.models import Transaction
from tests.ledger.test_operator_api import GRANTS, post
from tests.ledger.test_wallet_api import client_for

pytestmark = pytest.mark.django_db

# Python's int() takes all of these: "5_0" is 50, full-width and Arabic-Indic digits are 5.
NOT_AMOUNTS = ["5_0", "１_0", "５", "٥", "۵", "5.0", "1e3", True, 5.5, "", " ", "0x10"]


@pytest.mark.parametrize("amount", NOT_AMOUNTS)
def test_the_api_refuses_an_amount_that_is_not_ascii_digits(alice, operator, amount):
    response = post(client_for(operator), GRANTS, {"user_id": alice.pk, "amount": amount, "reason": "x"})
    assert response.status_code == 400
    assert "amount" in response.json()["error"]["details"]
    assert services.balance_of(alice) == 10_000


@pytest.mark.parametrize("user_id", ["1_0", "１"])
def test_the_api_refuses_a_user_id_that_is_not_ascii_digits(alice, operator, user_id):
    response = post(client_for(operator), GRANTS, {"user_id": user_id, "amount": 5, "reason": "x"})
    assert response.status_code == 400


@pytest.mark.parametrize("amount", [50, "50"])
def test_the_api_takes_a_number_or_a_string_of_digits(alice, operator, amount):
    assert post(client_for(operator), GRANTS, {"user_id": alice.pk, "amount": amount, "reason": "x"}).status_code == 201
    assert services.balance_of(alice) == 10_050


@pytest.mark.parametrize("amount", ["5_0", "５", "٥"])
def test_the_admin_grant_form_refuses_them_too(client, alice, operator, amount):
    operator.is_superuser = True
    operator.save()
    client.force_login(operator)
    form = {"user": alice.pk, "direction": "grant", "amount": amount, "reason": "补偿", "key": "abc"}
    response = client.post("/admin/ledger/transaction/adjust/", form)
    assert response.status_code == 200
    assert "ASCII 数字" in response.content.decode()  # the console is in Chinese first
    assert not Transaction.objects.filter(reason="补偿").exists()


@pytest.mark.parametrize("key", ["with space", "键", "a" * 121, "tab\tkey", "new\nline", ""])
def test_a_key_outside_the_stated_format_is_a_400(alice, operator, key):
    response = post(client_for(operator), GRANTS, {"user_id": alice.pk, "amount": 5, "reason": "x"}, key=key or None)
    assert response.status_code == 400
    assert "Idempotency-Key" in response.json()["error"]["details"]
    assert services.balance_of(alice) == 10_000


@pytest.mark.parametrize("key", ["0b5c3e52-9a57-4f7e-9c37-3f0e5a0e4f61", "order-17:retry_2.x", "a" * 120])
def test_a_key_in_the_stated_format_is_taken(alice, operator, key):
    assert (
        post(client_for(operator), GRANTS, {"user_id": alice.pk, "amount": 5, "reason": "x"}, key=key).status_code
        == 201
    )


def test_the_schema_states_the_key_format(client):
    schema = client.get("/api/schema/?format=json").json()
    for path in ("/api/v1/operator/grants/", "/api/v1/operator/debits/"):
        (header,) = [p for p in schema["paths"][path]["post"]["parameters"] if p["name"] == "Idempotency-Key"]
        assert header["required"] is True
        assert header["schema"]["pattern"] == "^[A-Za-z0-9_.:-]{1,120}$"
        assert "1-120 characters" in header["description"]
