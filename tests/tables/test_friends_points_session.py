"""A points room (积分) played to its end: each hand settles in points as the game's rules say, no coin
moves (no ledger posting at all), and the final account (总结算) adds up: each player's total is the sum
of what they won and lost, the totals sum to zero, the 大赢家 has the highest (RULINGS "Friends' rooms")."""

from __future__ import annotations

import pytest

from tests.tables.friends import fill, open_room, play_out, short_sessions

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures(short_sessions.__name__)]


def test_a_points_session_moves_no_coin_and_its_account_adds_up(ming, fang, funded, rooms):
    from ledger.models import Transaction
    from ledger.services import check_ledger
    from tables.models import FriendRoom, Hand

    funded(ming), funded(fang)
    postings = Transaction.objects.count()
    table = fill(open_room(ming, "erren", 2), [fang])
    play_out(table, [ming, fang])

    friend = FriendRoom.objects.get(table=table)
    assert friend.ending == "finished" and friend.account is not None
    assert Transaction.objects.count() == postings  # no hand, no escape, no bot float posted
    assert check_ledger().ok
    hands = Hand.objects.filter(table=table, settled=True).order_by("number")
    assert hands.count() == 2
    rows = {row["user"]: row for row in friend.account["rows"]}
    assert set(rows) == {ming.pk, fang.pk}
    for player in (ming, fang):
        seat_results = [(h.sheet or {})["seats"][h.players.index(player.pk)]["paid"] for h in hands]
        assert rows[player.pk]["total"] == sum(seat_results)
    assert sum(r["total"] for r in rows.values()) == 0
    top = max(r["total"] for r in rows.values())
    assert all(r["big_winner"] == (top > 0 and r["total"] == top) for r in rows.values())
    assert [h["id"] for h in friend.account["hands"]] == [h.pk for h in hands]
    assert sorted(friend.players) == sorted([ming.pk, fang.pk])
