"""The wallet page shows a player their balance, room bracket and recent transactions."""

from __future__ import annotations

import pytest

from engine.payments import Transfer
from ledger import services
from tables.services import settlement

pytestmark = pytest.mark.django_db


def test_the_wallet_page_shows_balance_bracket_and_history(client, table, alice):
    settlement.post_hand_settlement("h1", table, [Transfer(1, 0, 40)])
    client.force_login(alice)
    page = client.get("/wallet/").content.decode()
    assert 'id="balance">10040<' in page
    assert 'id="bracket-base">100<' in page
    assert "牌局结算" in page and "hand:h1" not in page and "+40" in page


def test_a_poor_player_is_told_the_minimum(client, alice, operator):
    services.debit(alice, 9_850, by=operator, reason="set up", key="d")
    client.force_login(alice)
    page = client.get("/wallet/").content.decode()
    assert "160以下 无法游戏" in page


def test_the_wallet_needs_a_login(client):
    response = client.get("/wallet/")
    assert response.status_code == 302
    assert "/accounts/login" in response["Location"]
