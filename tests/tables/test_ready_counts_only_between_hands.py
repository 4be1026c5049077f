"""准备: a player's "ready" counts between hands; when every player is ready the next hand is dealt at
once. A "ready" that arrives during a hand (a late second click) changes nothing, so it cannot count
for the hand after this one."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_ready_during_a_hand_changes_nothing(four_players, seat_at_table, scattered_deal):
    from tables.models import Seat, Table
    from tables.services import between_hands

    table = seat_at_table(four_players, "pinghe", options=scattered_deal)  # scattered: the hand runs
    before = Table.objects.get(pk=table.pk).version
    between_hands.set_ready(table.pk, four_players[1].pk)
    assert Table.objects.get(pk=table.pk).version == before
    assert not Seat.objects.get(table=table, user=four_players[1]).ready


def test_when_everyone_is_ready_after_the_settlement_the_next_hand_is_dealt(four_players, seat_at_table):
    from tables.models import Hand, Seat, Table, TableEvent
    from tables.services import actions, between_hands, presence

    table = seat_at_table(four_players)
    for player in four_players:  # pages open (an absent player would stand up before the deal)
        presence.connected(table.pk, player.pk)
    for player in four_players:  # 托管 everywhere: the bots finish the hand, it settles
        actions.set_auto(table.pk, player.pk, True)
    assert Table.objects.get(pk=table.pk).status == "between"
    for player in four_players[:3]:
        between_hands.set_ready(table.pk, player.pk)
    assert not Hand.objects.filter(table=table, number=2).exists()
    assert TableEvent.objects.filter(table=table, kind="ready").count() == 3

    between_hands.set_ready(table.pk, four_players[3].pk)
    assert Hand.objects.filter(table=table, number=2).exists()
    assert not Seat.objects.filter(table=table, ready=True).exists()  # the deal starts everyone afresh
