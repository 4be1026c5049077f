"""In a points room (积分) an escape costs points, not coins: the player is told the penalty in points
before confirming, no ledger posting is made, and the final account charges the escaper the game's
penalty (pinghe: 12 × the 底分, 4 to each other player) on top of the hand's result."""

from __future__ import annotations

import pytest

from tests.tables.friends import fill, open_room, play_out, short_sessions

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures(short_sessions.__name__)]


def test_leaving_a_points_hand_costs_points_and_no_coin(four_players, room, scattered_deal):
    from ledger.models import Transaction
    from tables.errors import EscapeUnconfirmed
    from tables.models import Escape, FriendRoom, Hand
    from tables.services import seating

    ming, fang, wang, zhen = four_players
    room("pinghe", 10, options=scattered_deal)  # a deal nobody wins early: the hand runs
    postings = Transaction.objects.count()
    table = fill(open_room(ming, "pinghe", 1), [fang, wang, zhen])
    with pytest.raises(EscapeUnconfirmed) as asked:
        seating.leave(zhen, table.pk)
    assert asked.value.params["cost"] == 120 and "积分" in asked.value.reason
    seating.leave(zhen, table.pk, confirmed=True)
    play_out(table, [ming, fang, wang])

    assert Transaction.objects.count() == postings
    assert Escape.objects.get(user=zhen).penalized
    friend = FriendRoom.objects.get(table=table)
    hand = Hand.objects.get(table=table, number=1)
    totals = {row["user"]: row["total"] for row in (friend.account or {})["rows"]}
    result = {pk: (hand.sheet or {})["seats"][seat]["paid"] for seat, pk in enumerate(hand.players)}
    assert totals[zhen.pk] == result[zhen.pk] - 120
    assert all(totals[p.pk] == result[p.pk] + 40 for p in (ming, fang, wang))
