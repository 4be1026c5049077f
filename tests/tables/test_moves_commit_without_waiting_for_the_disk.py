"""A player's move commits without waiting for its WAL flush (PostgreSQL, TABLES_ASYNC_COMMIT): the
setting is local to the move's transaction, so the settlement that posts the hand's coins, and every
other transaction of the connection after it, commits synchronously (docs/operations.md)."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from engine.hand import HandState, legal_actions
from tables.models import Hand, HandStatus
from tables.services import actions, settlement

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="synchronous_commit is PostgreSQL's"),
]
ASYNC = "SET LOCAL synchronous_commit TO OFF"


def move(table, players) -> list[str]:
    """The running hand's seat to act plays its first legal action: the SQL it ran."""
    hand = Hand.objects.get(table=table, status=HandStatus.PLAYING)
    state = HandState.from_json(hand.state)
    seat = min(state.to_act)
    user = next(p for p in players if p.pk == hand.players[seat])
    with CaptureQueriesContext(connection) as queries:
        actions.act(table.pk, user.pk, None, legal_actions(state, seat)[0].to_json())
    return [q["sql"] for q in queries.captured_queries]


def synchronous_commit() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        return str(cursor.fetchone()[0])


def test_a_move_commits_asynchronously_and_nothing_after_it_does(four_players, seat_at_table, scattered_deal):
    table = seat_at_table(four_players, "pinghe", options=scattered_deal)
    assert any(sql.startswith(ASYNC) for sql in move(table, four_players))
    assert synchronous_commit() == "on"  # local to the move's transaction
    with transaction.atomic():
        assert synchronous_commit() == "on"


def test_the_setting_off_keeps_every_move_synchronous(four_players, seat_at_table, scattered_deal, settings):
    settings.TABLES_ASYNC_COMMIT = False
    table = seat_at_table(four_players, "pinghe", options=scattered_deal)
    assert not any("synchronous_commit" in sql for sql in move(table, four_players))


def test_settling_a_hand_posts_its_coins_with_a_synchronous_commit(four_players, seat_at_table):
    table = seat_at_table(four_players, "pinghe")
    hand = Hand.objects.get(table=table)
    Hand.objects.filter(pk=hand.pk).update(status=HandStatus.FINISHED)  # settle what there is to settle
    with CaptureQueriesContext(connection) as queries:
        assert settlement.settle_hand(hand.pk) == "settled"
    assert any("ledger_" in q["sql"] and q["sql"].startswith("INSERT") for q in queries.captured_queries)
    assert not any("synchronous_commit" in q["sql"] for q in queries.captured_queries)
