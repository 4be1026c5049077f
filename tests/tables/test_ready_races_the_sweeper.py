"""On PostgreSQL, the last player's 准备 and the sweeper's end of the ready time race, each on its own
connection (as two processes would: a daphne and a Celery worker). The table's row lock puts one after
the other: either she is ready in time and the hand is dealt with her, or she is stood up (her ready then
finds no seat) and the hand waits for her seat to be filled; never both, never a hand without her seat."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings

from tests.concurrency import together
from tests.tables.test_ready_or_stand_up import present_until, settled_table

# Not marked `postgres`: that marker means a real Celery worker; here the settlement runs eagerly.
pytestmark = [
    pytest.mark.skipif(not settings.DB_IS_POSTGRES, reason="needs PostgreSQL (row locks, real concurrency)"),
    pytest.mark.django_db(transaction=True),
]

ROUNDS = 4


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_the_last_ready_and_the_ready_time_never_both_win(four_players, seat_at_table, round_):
    from tables.errors import NotSeated
    from tables.models import Hand, Seat
    from tables.services import between_hands

    ming, fang, wang, zhen = four_players
    table = settled_table(four_players, seat_at_table)
    for player in (ming, fang, wang):
        between_hands.set_ready(table.pk, player.pk)
    deadline = table.next_hand_at + timedelta(seconds=1)
    present_until(table, four_players, deadline)

    ready, swept = together(
        lambda: between_hands.set_ready(table.pk, zhen.pk, deadline),
        lambda: between_hands.next_hand(table.pk, deadline),
    )
    seated = Seat.objects.filter(table=table, user=zhen).exists()
    second = Hand.objects.filter(table=table, number=2).first()
    if seated:  # her ready came first: it dealt, and the sweeper found a hand running
        assert ready is None and swept is False
        assert second is not None and second.players[3] == zhen.pk
    else:  # the ready time ended first: stood up, her ready found no seat, the seat waits to be filled
        assert isinstance(ready, NotSeated) and swept is False
        assert second is None
    assert Hand.objects.filter(table=table).count() == (2 if seated else 1)
