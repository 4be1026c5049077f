"""The arena, told whole: four players join a running arena, are seated together at once, play their hand
(under 托管: whatever the secret deal gives, it ends and is settled), score by the 龙珠 rule, and are back in the
pool and seated again without passing by the lobby."""

from __future__ import annotations

import pytest

from match import arena
from match.models import ArenaEntry, ArenaScore, ArenaTable, EntryState
from tables.models import Hand, Table, TableStatus
from tables.services import actions

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]


def play_out(table: Table, people: list) -> Hand:
    """托管 for everyone: the bots play the hand to its end, and the settlement runs (eager Celery)."""
    for person in people:
        actions.set_auto(table.pk, person.pk, True)
    return Hand.objects.get(table=table, number=1)


def test_four_players_are_seated_together_as_soon_as_they_join(players, arena_of):
    the_arena = arena_of()
    for player in players:
        arena.join(player, the_arena, address=f"10.0.0.{player.pk}")
    entries = list(ArenaEntry.objects.filter(arena=the_arena))
    assert {e.state for e in entries} == {EntryState.PLAYING}
    assert len({e.table_id for e in entries}) == 1
    table = Table.objects.get(arena_table__arena=the_arena)
    assert table.private and table.invite_code is None
    assert ArenaTable.objects.get(table=table).players == [p.pk for p in players]
    assert Hand.objects.filter(table=table).count() == 1


def test_a_settled_hand_scores_closes_its_table_and_seats_the_players_again(players, arena_of):
    the_arena = arena_of()
    for player in players:
        arena.join(player, the_arena, address=f"10.0.0.{player.pk}")
    first = Table.objects.get(arena_table__arena=the_arena)
    hand = play_out(first, players)
    hand.refresh_from_db()
    assert hand.settled
    first.refresh_from_db()
    assert first.status == TableStatus.CLOSED
    scores = ArenaScore.objects.filter(hand=hand)
    assert scores.count() == 4
    for entry in ArenaEntry.objects.filter(arena=the_arena):
        assert entry.hands == 1
        assert entry.points == sum(s.points for s in scores if s.user_id == entry.user_id)
        assert entry.state == EntryState.PLAYING and entry.table_id != first.pk  # seated again at once
    assert ArenaTable.objects.filter(arena=the_arena).count() == 2
