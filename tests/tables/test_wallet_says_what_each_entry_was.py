"""The wallet says what each entry was, in the page's language, instead of references like `hand:4`: the hand
("第 1 局 平和麻将 底 10 — 抢金") linking to its replay, an escape penalty, a grant, the welcome gift, relief."""

from __future__ import annotations

import pytest
from django.test import Client

from engine.hand_script import arrange
from ledger import services as ledger
from ledger.models import TransactionKind
from tables.models import Hand
from tables.services import actions, settlement
from tests.tables.finished_hands import QIANGJIN

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def robbed(settings, four_players, seat_at_table) -> Hand:
    """小芳 robs the gold at the opening of 阿明's deal: a 自摸 paid by all three."""
    settings.TABLES_ALLOW_SCRIPTED_DEALS = True
    table = seat_at_table(four_players, "pinghe", options=arrange("pinghe", dealer=0, hands=QIANGJIN, gold="8s"))
    actions.act(table.pk, four_players[1].pk, "rob", {"type": "qiangjin", "tile": None})
    return Hand.objects.get(table=table, number=1)


def wallet(user, language: str = "zh-hans") -> str:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    return client.get("/wallet/").content.decode()


def test_the_winner_and_a_loser_read_the_hand_and_reach_its_replay(robbed, four_players):
    replay = f'href="/tables/hands/{robbed.pk}/replay/"'
    fang, ming = wallet(four_players[1]), wallet(four_players[0])
    assert f"{replay}>第 1 局 平和麻将 底 10 — 抢金</a>" in fang
    assert f"{replay}>第 1 局 平和麻将 底 10 — 小芳 抢金</a>" in ming
    assert f"hand:{robbed.pk}" not in ming
    english = wallet(four_players[0], "en")
    assert f"{replay}>Hand 1 · Pinghe mahjong · base 10 — 小芳 Rob the gold (抢金)</a>" in english


def test_grants_relief_the_welcome_gift_and_an_escape_in_words(robbed, four_players):
    ming = four_players[0]
    ledger.issue(TransactionKind.WELCOME_GRANT, ming, 10, reason="新手礼包 welcome grant", key="w")
    ledger.issue(TransactionKind.RELIEF, ming, 10, reason="救济金 relief", key="r")
    ledger.grant(ming, 10, by=None, reason="补偿断线", key="g")
    settlement.apply_escape_penalty(str(robbed.pk), robbed.players, 2, "pinghe", 10)  # 老王 escaped
    page = wallet(ming)
    assert "新手礼包</td>" in page and "救济金</td>" in page and "运营发放：补偿断线" in page
    assert "第 1 局 平和麻将 底 10 — 老王 逃跑，分得罚金" in page
    assert "welcome grant" not in page and "user:" not in page


def api_rows(user, language: str = "zh-hans") -> list[dict]:
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(user)
    return client.get("/api/v1/wallet/transactions/", HTTP_ACCEPT_LANGUAGE=language).json()["results"]


def test_the_wallet_api_says_it_too_with_the_hand_and_its_replay(robbed, four_players):
    newest = api_rows(four_players[0])[0]
    assert newest["reference"] == f"hand:{robbed.pk}"  # the machine's key stays
    assert newest["description"] == "第 1 局 平和麻将 底 10 — 小芳 抢金"
    assert newest["hand_id"] == robbed.pk
    assert newest["replay"] == f"http://testserver/tables/hands/{robbed.pk}/replay/"
    english = api_rows(four_players[0], "en")[0]["description"]
    assert english == "Hand 1 · Pinghe mahjong · base 10 — 小芳 Rob the gold (抢金)"


def test_the_wallet_api_describes_grants_without_a_hand(robbed, four_players):
    ledger.grant(four_players[0], 10, by=None, reason="补偿断线", key="g")
    newest = api_rows(four_players[0])[0]
    assert (newest["description"], newest["hand_id"], newest["replay"]) == ("运营发放：补偿断线", None, None)
