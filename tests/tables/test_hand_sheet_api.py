"""A player reads their own hand's sheet through the wallet API, with the words the table showed, in their
language; nobody else's hand (404, as for a hand that does not exist); the schema documents it."""

from __future__ import annotations

import pytest

from engine.hand_script import arrange
from tables.models import Hand
from tables.services import actions
from tests.ledger.test_wallet_api import client_for
from tests.tables.finished_hands import QIANGJIN

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def robbed(settings, four_players, seat_at_table) -> Hand:
    settings.TABLES_ALLOW_SCRIPTED_DEALS = True
    table = seat_at_table(four_players, "pinghe", options=arrange("pinghe", dealer=0, hands=QIANGJIN, gold="8s"))
    actions.act(table.pk, four_players[1].pk, "rob", {"type": "qiangjin", "tile": None})
    return Hand.objects.get(table=table, number=1)


def test_a_player_reads_the_sheet_the_table_showed(robbed, four_players):
    url = f"/api/v1/wallet/hands/{robbed.pk}/sheet/"
    body = client_for(four_players[0]).get(url).json()
    assert body["title"] == "第 1 局 平和麻将 底 10" and body["win_type"] == "抢金" and body["posted"]
    assert [s["paid"] for s in body["seats"]] == [-40, 80, -20, -20]
    assert [s["name"] for s in body["seats"]] == ["阿明", "小芳", "老王", "阿珍"]
    assert [s["lines"] for s in body["seats"]] == robbed.sheet["explained"]["zh-hans"]["seats"]
    assert body["your_seat"] == 0 and body["replay"] == f"/tables/hands/{robbed.pk}/replay/"
    english = client_for(four_players[0]).get(url, HTTP_ACCEPT_LANGUAGE="en").json()
    assert english["win_type"] == "Rob the gold (抢金)"
    assert [s["lines"] for s in english["seats"]] == robbed.sheet["explained"]["en"]["seats"]


def test_someone_else_s_hand_is_not_found(robbed, make_player):
    stranger = client_for(make_player("lu", "路人"))
    mine, missing = (
        stranger.get(f"/api/v1/wallet/hands/{robbed.pk}/sheet/"),
        stranger.get("/api/v1/wallet/hands/999999/sheet/"),
    )
    assert mine.status_code == missing.status_code == 404
    assert mine.json()["error"]["code"] == missing.json()["error"]["code"]


def test_the_schema_documents_the_hand_sheet(client):
    schema = client.get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/v1/wallet/hands/{hand_id}/sheet/"]["get"]
    assert "200" in operation["responses"] and "404" in operation["responses"]
