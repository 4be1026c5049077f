"""Seating an arena's pool with the database: players are seated the moment a table's worth is free (the join's
own commit queues the pairing); three players wait, and after the arena's bot wait the beat's tick seats them with
a bot, which scores nothing; a withdrawn player is not seated; two accounts of one client address never share a
table, and operators see them flagged."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from match import arena
from match.models import ArenaEntry, ArenaScore, ArenaTable, EntryState
from tables.models import Hand, Seat
from tables.services import actions

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]


def states(the_arena) -> dict[str, str]:
    return dict(ArenaEntry.objects.filter(arena=the_arena).values_list("user__username", "state"))


def test_three_wait_then_the_tick_seats_them_with_a_bot_that_scores_nothing(players, arena_of):
    the_arena = arena_of(bot_wait_seconds=30)
    for player in players[:3]:
        arena.join(player, the_arena, address=f"10.0.0.{player.pk}")
    assert set(states(the_arena).values()) == {EntryState.WAITING}
    assert arena.tick(timezone.now() + timedelta(seconds=10))["paired"] == 0  # not yet
    assert arena.tick(timezone.now() + timedelta(seconds=31))["paired"] == 1
    table = ArenaTable.objects.get(arena=the_arena)
    assert table.players == [p.pk for p in players[:3]] + [None]
    assert Seat.objects.get(table=table.table, index=3).is_bot
    for person in players[:3]:
        actions.set_auto(table.table_id, person.pk, True)  # the bots play it out; it settles (eager)
    hand = Hand.objects.get(table=table.table)
    assert hand.settled
    assert set(ArenaScore.objects.filter(hand=hand).values_list("seat", flat=True)) == {0, 1, 2}


def test_a_withdrawn_player_is_not_seated(players, arena_of):
    the_arena = arena_of()
    arena.join(players[0], the_arena)
    arena.withdraw(players[0], the_arena)
    for player in players[1:]:
        arena.join(player, the_arena)
    arena.tick(timezone.now() + timedelta(seconds=31))
    assert states(the_arena)["ming"] == EntryState.WITHDRAWN
    assert ArenaTable.objects.get(arena=the_arena).players == [p.pk for p in players[1:]] + [None]


def test_two_accounts_of_one_address_never_share_a_table(players, make_player, funded, arena_of):
    the_arena = arena_of()
    twin = funded(make_player("twin", "双胞胎"), 2000)
    for player in [*players, twin]:
        address = "203.0.113.9" if player in (players[0], twin) else f"10.0.0.{player.pk}"
        arena.join(player, the_arena, address=address)
    table = ArenaTable.objects.get(arena=the_arena)
    assert not {players[0].pk, twin.pk} <= set(table.players)
    assert arena.flagged_pairs(the_arena) == [(arena.address_digest("203.0.113.9"), ["ming", "twin"])]
