"""离开 during a hand: the table states the exact penalty for this table and this player's balance and
asks to confirm; unconfirmed, nothing changes. Confirmed, it is an escape, paid before the next page
(the lobby shows the balance after it). RULINGS "Between hands, and leaving"."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_unconfirmed_leave_states_the_penalty_and_keeps_the_seat(four_players, seat_at_table, scattered_deal):
    from tables.errors import EscapeUnconfirmed
    from tables.models import Escape, Seat
    from tables.services import seating

    zhen = four_players[3]
    table = seat_at_table(four_players, "pinghe", options=scattered_deal)  # the hand runs
    with pytest.raises(EscapeUnconfirmed) as refused:
        seating.leave(zhen, table.pk)
    assert refused.value.params["cost"] == 120  # 4 × base 10 to each of the three others
    assert "120" in refused.value.reason
    assert Seat.objects.get(table=table, user=zhen).leaving is False and not Escape.objects.exists()


def test_the_stated_penalty_is_capped_by_the_balance(make_player, funded):
    """广东: 50 × base; 阿明 holds 300 at base 10, so leaving costs 300, not 500."""
    from tables.errors import EscapeUnconfirmed
    from tables.services import seating
    from tests.conftest import deal_running_with_bots

    ming = funded(make_player("ming", "阿明"), 300)
    table = deal_running_with_bots(ming, "guangdong")
    with pytest.raises(EscapeUnconfirmed) as refused:
        seating.leave(ming, table.pk)
    assert refused.value.params["cost"] == 300


def test_the_leave_page_asks_then_the_lobby_shows_the_balance_after_the_penalty(
    four_players, seat_at_table, scattered_deal
):
    from ledger import services as ledger
    from tables.models import Escape

    zhen = four_players[3]
    table = seat_at_table(four_players, "pinghe", options=scattered_deal)
    browser = Client()
    browser.force_login(zhen)
    asked = browser.post(f"/tables/t/{table.pk}/leave/")
    assert asked.status_code == 409 and "120" in asked.content.decode()
    assert not Escape.objects.exists() and ledger.balance_of(zhen) == 1000

    left = browser.post(f"/tables/t/{table.pk}/leave/", {"confirm": "1"}, follow=True)
    assert Escape.objects.get(user=zhen).penalized
    assert ledger.balance_of(zhen) == 880
    assert "880" in left.content.decode()  # the lobby it lands on shows the balance after the penalty
