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


def test_a_bots_scheduled_move_is_a_move_too(make_player, funded, seat_at_table, settings):
    """阿明 watches a nanping table of bots; the first bot move scheduled for its moment is played by the
    worker's task in two round trips after finding the hand's table, and commits as a move does."""
    from datetime import timedelta

    from django.utils import timezone

    from tables.models import Seat
    from tables.services.sweeper import sweep_now

    settings.TABLES_BOT_PACING = True
    ming = funded(make_player("ming", "阿明"), 1000)
    table = seat_at_table([ming], "nanping", bot_think_min_ms=800, bot_think_max_ms=2000)
    Seat.objects.filter(table=table, user=ming).update(connections=1)
    assert sweep_now(timezone.now() + timedelta(seconds=table.room.bot_wait_seconds + 1))["bots"] == 1
    hand = Hand.objects.get(table=table)
    while hand.status == HandStatus.PLAYING and hand.bot_due is None:  # 阿明's own decisions first
        state = HandState.from_json(hand.state)
        seat = hand.players.index(ming.pk)
        actions.act(table.pk, ming.pk, None, legal_actions(state, seat)[0].to_json())
        hand.refresh_from_db()
    if hand.status != HandStatus.PLAYING:
        return  # the hand ended on his moves: no bot move was scheduled (holds for any deal)
    with CaptureQueriesContext(connection) as queries:
        assert actions.play_due_bot(hand.pk, hand.state_version, hand.bot_due) is True
    sql = [
        q["sql"]
        for q in queries.captured_queries
        if not q["sql"].startswith(("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE"))
    ]
    # the hand's table; the lock with the reads; the writes (then the tasks its commit queued, eager in tests)
    assert sql[1].startswith(ASYNC), sql[1][:80]
    assert sql[2].startswith('INSERT INTO "tables_actionlog"') and 'UPDATE "tables_hand"' in sql[2], sql[2][:80]
