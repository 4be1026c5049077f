"""An arena's coins: the entry fee once per player (a second join resumes, free), refused with a reason when it
cannot be paid; every fee refunded once when the arena is cancelled; at the end the prizes (the house's own plus
the fees' pool split) paid once to the ranked places, however often the end runs."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from ledger import services as ledger
from ledger.models import Transaction, TransactionKind
from match import arena, arena_end
from match.models import ArenaEntry, ArenaPlace, ArenaStatus, EntryState


def balance(user) -> int:
    return ledger.balance_of(user)


def test_the_fee_is_paid_once_and_a_second_join_resumes_free(players, arena_of):
    ming = players[0]
    the_arena = arena_of(entry_fee=100, status=ArenaStatus.SCHEDULED, starts_at=timezone.now() + timedelta(hours=1))
    arena.join(ming, the_arena)
    arena.withdraw(ming, the_arena)
    entry = arena.join(ming, the_arena)
    assert entry.state == EntryState.WAITING
    assert balance(ming) == 2000 - 100
    assert Transaction.objects.filter(kind=TransactionKind.ARENA_FEE).count() == 1


def test_a_fee_the_player_cannot_pay_is_refused_and_nothing_moves(make_player, funded, arena_of):
    poor = funded(make_player("poor", "穷"), 1000)  # still the base-10 bracket
    the_arena = arena_of(entry_fee=5000)
    with pytest.raises(arena.TooPoor, match="5000"):
        arena.join(poor, the_arena)
    assert balance(poor) == 1000 and not ArenaEntry.objects.exists()


def test_a_player_of_another_bracket_is_refused(make_player, funded, arena_of):
    rich = funded(make_player("rich", "富"), 500_000)
    with pytest.raises(arena.NotAdmitted):
        arena.join(rich, arena_of())
    assert not ArenaEntry.objects.exists()


def test_an_ended_arena_takes_no_one(players, arena_of):
    with pytest.raises(arena.ArenaClosed):
        arena.join(players[0], arena_of(starts_at=timezone.now() - timedelta(hours=2), minutes=60))


def test_cancelling_refunds_every_fee_once(players, arena_of):
    the_arena = arena_of(entry_fee=100)
    for player in players:
        arena.join(player, the_arena)
    assert arena.cancel(the_arena, "服务器维护") == 4
    assert arena.cancel(the_arena, "again") == 0
    assert [balance(p) for p in players] == [2000] * 4
    assert Transaction.objects.filter(kind=TransactionKind.ARENA_REFUND).count() == 4
    assert set(ArenaEntry.objects.values_list("state", flat=True)) == {EntryState.WITHDRAWN}
    assert ledger.check_ledger().ok


def scored(the_arena, points_by_player: dict, hands: int = 3) -> None:
    """Entries with these points (as settled hands would leave them; the scoring has its own tests)."""
    for n, (player, points) in enumerate(points_by_player.items(), start=1):
        ArenaEntry.objects.filter(arena=the_arena, user=player).update(points=points, hands=hands, reached_at=n)


def test_the_prizes_are_paid_once_to_the_ranked_places(players, arena_of):
    ming, fang, wang, zhen = players
    the_arena = arena_of(entry_fee=100, prizes=[1000, 500], pool_split=[60, 40], min_hands=3)
    for player in players:
        arena.join(player, the_arena)
    scored(the_arena, {fang: 9, ming: 4, wang: 4, zhen: 0})
    ArenaEntry.objects.filter(user=zhen).update(hands=2)  # under the minimum: not ranked
    assert arena.time_up(the_arena.pk, timezone.now() + timedelta(hours=2))
    assert arena_end.finish(the_arena.pk)
    assert not arena_end.finish(the_arena.pk)  # a second run pays nothing
    places = list(ArenaPlace.objects.filter(arena=the_arena).values_list("rank", "user__username", "prize"))
    # pool 400: first 1000 + 240, second 500 + 160; ming and wang tie on 4 points: ming reached it first
    assert places == [(1, "fang", 1240), (2, "ming", 660), (3, "wang", 0)]
    assert balance(fang) == 2000 - 100 + 1240 and balance(ming) == 2000 - 100 + 660
    assert Transaction.objects.filter(kind=TransactionKind.ARENA_PRIZE).count() == 2
    assert ledger.check_ledger().ok


def test_the_end_waits_for_the_hands_under_way(players, arena_of, finished_hand):
    from match.models import ArenaTable
    from tables.models import TableStatus

    the_arena = arena_of()
    hand = finished_hand({"transfers": []})
    ArenaTable.objects.create(arena=the_arena, table=hand.table, players=hand.players)
    arena.time_up(the_arena.pk, timezone.now() + timedelta(hours=2))
    assert not arena_end.finish(the_arena.pk)  # its table is still open
    hand.table.__class__.objects.filter(pk=hand.table_id).update(status=TableStatus.CLOSED)
    assert arena_end.finish(the_arena.pk)
