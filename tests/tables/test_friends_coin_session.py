"""A coin room: hands settle in coins at the host's bracket base through the ledger, and the final
account's totals are exactly what each seat's balance moved over the session."""

from __future__ import annotations

import pytest

from tests.tables.friends import fill, open_room, play_out

pytestmark = pytest.mark.django_db(transaction=True)


def test_every_seats_coins_moved_by_its_total_in_the_final_account(ming, fang, funded, rooms):
    from ledger import services as ledger
    from ledger.services import check_ledger
    from tables.models import FriendRoom

    funded(ming, 2000), funded(fang, 2000)
    before = ledger.balances_of([ming.pk, fang.pk])
    table = fill(open_room(ming, "erren", 4, stakes="coins"), [fang])
    assert table.room.base == 10  # the host's bracket
    play_out(table, [ming, fang])

    friend = FriendRoom.objects.get(table=table)
    assert friend.ending == "finished" and len((friend.account or {})["hands"]) == 4
    after = ledger.balances_of([ming.pk, fang.pk])
    totals = {row["user"]: row["total"] for row in (friend.account or {})["rows"]}
    assert totals == {pk: after[pk] - before[pk] for pk in (ming.pk, fang.pk)}
    assert check_ledger().ok
