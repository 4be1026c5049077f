"""Personal API tokens (个人令牌): 阿明 makes one on his profile page, sees it once, reads his wallet with
it; a read-only token cannot claim relief, a "relief and purchases" one can; revoking it, or changing
the password, shuts it out; no personal token reaches the operators' writes."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import PersonalToken
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def ming_page(ming, brackets) -> Client:
    client = Client()
    client.force_login(ming)
    return client


def make_token(page: Client, name: str = "记账脚本", may_spend: bool = False) -> str:
    data = {"name": name, **({"may_spend": "on"} if may_spend else {})}
    response = page.post("/accounts/tokens/", data)
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    found = re.search(r'<code id="new-token-value">(mjp_[\w-]+)</code>', response.content.decode())
    assert found, "the new token is shown"
    return found.group(1)


def api(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def test_a_player_makes_a_token_and_reads_his_wallet_with_it(ming_page, ming):
    token = make_token(ming_page)
    wallet = api(token).get("/api/v1/wallet/")
    assert wallet.status_code == 200 and wallet.json()["balance"] == 0
    assert api(token).get("/api/v1/wallet/transactions/").status_code == 200
    stored = PersonalToken.objects.get(user=ming)
    assert stored.name == "记账脚本" and stored.last_used_at is not None
    assert token not in {stored.digest, stored.hint} and stored.digest == PersonalToken.digest_of(token)


def test_the_token_is_shown_once_and_listed_by_name_and_hint(ming_page):
    token = make_token(ming_page)
    page = ming_page.get("/accounts/profile/").content.decode()
    assert token not in page
    assert "记账脚本" in page and token[:10] in page and "只读" in page


def test_a_read_only_token_cannot_claim_relief_and_a_spending_one_can(ming_page):
    from coins.models import CoinPolicy

    CoinPolicy.current()
    CoinPolicy.objects.filter(pk=1).update(relief_public_hands=0)  # 阿明 is broke and may claim at once
    read_only, spending = make_token(ming_page, "只读"), make_token(ming_page, "领钱", may_spend=True)
    refused = api(read_only).post("/api/v1/relief/", format="json", HTTP_IDEMPOTENCY_KEY="a")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "permission_denied"
    assert api(spending).post("/api/v1/relief/", format="json", HTTP_IDEMPOTENCY_KEY="b").status_code == 201


def test_no_personal_token_reaches_the_operators_writes(boss, brackets, ming):
    token = PersonalToken.issue(boss, "运维", may_spend=True)[1]
    grant = {"user_id": ming.pk, "amount": 100, "reason": "test"}
    response = api(token).post("/api/v1/operator/grants/", grant, format="json", HTTP_IDEMPOTENCY_KEY="g")
    assert response.status_code == 403
    operator_token = Token.objects.create(user=boss).key  # the operator's own door still works
    assert (
        api(operator_token).post("/api/v1/operator/grants/", grant, format="json", HTTP_IDEMPOTENCY_KEY="g").status_code
        == 201
    )


def test_a_revoked_token_is_refused(ming_page, ming):
    token = make_token(ming_page)
    stored = PersonalToken.objects.get(user=ming)
    assert ming_page.post(f"/accounts/tokens/{stored.pk}/revoke/").status_code == 302
    assert api(token).get("/api/v1/wallet/").status_code == 401


def test_another_players_token_cannot_be_revoked(ming_page, fang):
    stored, _raw = PersonalToken.issue(fang, "小芳的")
    assert ming_page.post(f"/accounts/tokens/{stored.pk}/revoke/").status_code == 404
    assert PersonalToken.objects.filter(pk=stored.pk).exists()


def test_a_password_change_revokes_every_token(ming_page, ming):
    token = make_token(ming_page)
    new = "another-long-麻将-pass"
    changed = ming_page.post(
        "/accounts/password/", {"old_password": PASSWORD, "new_password1": new, "new_password2": new}
    )
    assert changed.status_code == 302
    assert api(token).get("/api/v1/wallet/").status_code == 401
    assert not PersonalToken.objects.filter(user=ming).exists()


@pytest.mark.parametrize("bad", ["mjp_not-a-token", "mjp_"])
def test_an_unknown_personal_token_is_401(bad, brackets):
    assert api(bad).get("/api/v1/wallet/").status_code == 401


def test_a_token_needs_a_name(ming_page):
    assert ming_page.post("/accounts/tokens/", {"name": "  "}).status_code == 400
    assert not PersonalToken.objects.exists()


def test_the_api_docs_are_linked_from_the_footer_and_the_profile(ming_page):
    assert 'id="footer-api-docs"' in Client().get("/").content.decode()
    assert 'href="/api/docs/" id="profile-api-docs"' in ming_page.get("/accounts/profile/").content.decode()
