"""The pass (通行证): one click in the match zone buys it at the stated price, a ledger debit of its own kind to
the house; a second click, or an API retry, buys nothing more; a refusal says why and moves nothing."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from ledger import services as ledger
from ledger.models import Account, Transaction, TransactionKind
from match.models import MatchPass

pytestmark = pytest.mark.django_db


@pytest.fixture
def ming(make_player, funded):
    return funded(make_player("ming", "阿明"), 2000)


def house() -> int:
    return ledger.system_account(Account.HOUSE).balance


def test_one_click_buys_the_pass_at_its_price(client, ming, season):
    client.force_login(ming)
    page = client.get("/match/").content.decode()
    assert "购买通行证（500 游戏币）" in page
    client.post("/match/pass/")
    held = MatchPass.objects.get(user=ming, season=season)
    assert held.transaction is not None
    assert (held.price, held.transaction.kind) == (500, TransactionKind.MATCH_PASS)
    assert ledger.balance_of(ming) == 1500 and house() == 500
    assert "你持有本赛季通行证" in client.get("/match/").content.decode()


def test_a_second_click_buys_nothing_and_says_why(client, ming, season):
    client.force_login(ming)
    client.post("/match/pass/")
    page = client.post("/match/pass/", follow=True).content.decode()
    assert "你已经持有测试赛季的通行证" in page
    assert MatchPass.objects.count() == 1 and ledger.balance_of(ming) == 1500


@pytest.mark.parametrize(
    ("setup", "code", "words"),
    [
        ("no season", "no_season", "现在没有进行中的赛季"),
        ("too poor", "insufficient_funds", "通行证价格 500 游戏币，你的余额只有 200"),
    ],
)
def test_a_refused_purchase_says_why_and_moves_nothing(make_player, funded, brackets, season, setup, code, words):
    poor = funded(make_player("poor", "穷小子"), 200)
    if setup == "no season":
        season.delete()
    api = APIClient()
    api.force_authenticate(poor)
    reply = api.post("/api/v1/match/pass/", format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert reply.status_code == 409
    assert reply.json()["error"]["code"] == code and words in reply.json()["error"]["message"]
    assert MatchPass.objects.count() == 0 and ledger.balance_of(poor) == 200
    assert not Transaction.objects.filter(kind=TransactionKind.MATCH_PASS).exists()


def test_the_api_buys_once_per_key_and_refuses_a_second_pass(ming, season):
    api = APIClient()
    api.force_authenticate(ming)
    first = api.post("/api/v1/match/pass/", format="json", HTTP_IDEMPOTENCY_KEY="buy-1")
    again = api.post("/api/v1/match/pass/", format="json", HTTP_IDEMPOTENCY_KEY="buy-1")
    other = api.post("/api/v1/match/pass/", format="json", HTTP_IDEMPOTENCY_KEY="buy-2")
    assert first.status_code == 201 and first.json()["price"] == 500
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert other.status_code == 409 and other.json()["error"]["code"] == "pass_already_held"
    assert ledger.balance_of(ming) == 1500


def test_the_api_tells_the_player_their_pass_pearls_and_rank(ming, season):
    api = APIClient()
    api.force_authenticate(ming)
    assert api.get("/api/v1/match/").json()["pass"] is None
    api.post("/api/v1/match/pass/", format="json", HTTP_IDEMPOTENCY_KEY="buy-1")
    body = api.get("/api/v1/match/").json()
    assert body["season"]["name"] == "测试赛季" and body["pass"]["source"] == "bought"
    assert (body["pearls"], body["hands"], body["rank"]) == (0, 0, 1)


def test_the_schema_documents_the_match_api(client):
    schema = client.get("/api/schema/").content.decode()
    assert "/api/v1/match/pass/" in schema and "pass_already_held" in schema
