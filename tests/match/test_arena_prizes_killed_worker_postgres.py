"""A Celery worker killed while paying an arena's prizes (the first prize posted, the transaction not yet
committed), then a new worker, the task run twice more and the beat's tick: each place's prize is paid exactly
once, the standings are frozen once, and the ledger checks clean. PostgreSQL and real worker processes (as in
tests/tables/test_multiprocess_postgres)."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from ledger import services as ledger
from ledger.models import Transaction, TransactionKind
from match import arena
from match.models import ArenaEntry, ArenaPlace, ArenaStatus
from tests.tables.test_multiprocess_postgres import Stack, stack, wait_until  # noqa: F401 (stack: the fixture)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True), pytest.mark.timeout(180)]


def prizes() -> int:
    return Transaction.objects.filter(kind=TransactionKind.ARENA_PRIZE).count()


def paying_in_an_open_transaction() -> bool:
    """Whether a backend sits inside a transaction that has paid a prize and written its place (the doomed worker)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE state = 'idle in transaction' AND query ILIKE %s",
            ["%match_arenaplace%"],
        )
        return bool(cursor.fetchone()[0])


def test_a_worker_killed_while_paying_prizes_then_reruns_pay_each_prize_once(
    stack: Stack,  # noqa: F811 (the imported fixture)
    players,
    arena_of,
):
    from match.tasks import arena_tick, finish_arena

    the_arena = arena_of(prizes=[1000, 500, 200], min_hands=1)
    for player in players:
        arena.join(player, the_arena)
    for n, (player, points) in enumerate(zip(players, [9, 7, 5, 0], strict=True), start=1):
        ArenaEntry.objects.filter(user=player).update(points=points, hands=2, reached_at=n)
    assert arena.time_up(the_arena.pk, timezone.now() + timedelta(hours=2))

    doomed = stack.worker("doomed", ARENA_FINISH_PAUSE_AFTER_PRIZE="60")
    finish_arena.delay(the_arena.pk)
    wait_until(paying_in_an_open_transaction, 60, "the doomed worker paying the first prize")
    stack.kill(doomed)
    assert prizes() == 0 and not ArenaPlace.objects.filter(arena=the_arena).exists()  # rolled back whole

    stack.worker("rescuer")
    time.sleep(1.5)
    finish_arena.delay(the_arena.pk)
    finish_arena.delay(the_arena.pk)
    arena_tick.delay()
    wait_until(lambda: ArenaPlace.objects.filter(arena=the_arena).count() == 4, 60, "the rescuer's end")
    time.sleep(6)  # let a redelivery of the killed task (visibility timeout 5 s) arrive and be answered too
    the_arena.refresh_from_db()
    assert the_arena.status == ArenaStatus.FINISHED
    assert list(ArenaPlace.objects.filter(arena=the_arena).values_list("rank", "prize")) == [
        (1, 1000), (2, 500), (3, 200), (4, 0),
    ]  # fmt: skip
    assert prizes() == 3
    assert [ledger.balance_of(p) for p in players] == [3000, 2500, 2200, 2000]
    assert ledger.check_ledger().ok
