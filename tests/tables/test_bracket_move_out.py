"""A player whose balance leaves the room's bracket between hands is moved out, with the reason, before the deal."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from tests.tables.conftest import TableClient, bots_fill, finished, play_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(120)]


def grant(user, amount: int) -> None:
    from ledger import services as ledger

    ledger.grant(user, amount, by=None, reason="prize", key=f"prize:{user.pk}")


async def test_a_player_now_in_another_bracket_is_moved_out_after_settlement(four_players, seat_at_table, room):
    from tables.models import Seat

    ming, fang = four_players[:2]
    base_50 = await sync_to_async(room)("pinghe", 50)
    table = await sync_to_async(seat_at_table)([ming, fang], "pinghe")
    clients = [await TableClient.open(ming, table.pk, "ming"), await TableClient.open(fang, table.pk, "fang")]
    await bots_fill(table)
    await sync_to_async(grant)(fang, 3000)  # mid-hand 小芳 wins a prize: about 4000 coins, the base-50 bracket
    await play_until(clients, finished(clients, "settled"))
    await play_until(clients, finished(clients, "moved_out"))

    moved = clients[0].seen("moved_out")[0]
    assert moved["seat"] == 1 and moved["user"] == fang.pk
    assert "base-50" in moved["reason"] and "not base 10" in moved["reason"]
    assert moved["offer_room"] == base_50.pk  # RULINGS: offered the matching room
    seats = await sync_to_async(lambda: list(Seat.objects.filter(table=table).values_list("user_id", flat=True)))()
    assert fang.pk not in seats and ming.pk in seats
    for client in clients:
        await client.close()
