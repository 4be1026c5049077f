"""A table action is a fixed handful of queries, whatever it sets off: lock the table, read the running
hand and the seats, then one INSERT for the action and every pass and bot move it sets off, one UPDATE
of the hand, one INSERT for all the events and one UPDATE of the table's version (the last action,
which finishes the hand and, in tests, runs its settlement at once, is not counted). On PostgreSQL the
three reads go as one round trip and the four writes as another (tables.rows.fetch_together, batched).
Counted, not timed: the live tables' cost per action grows with every round trip (issue 17).

Story: four players play a pinghe hand to its end, each choosing the first legal action. Holds for any
deal: a hand that ends at its opening has no action to count.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from engine.hand import HandState, legal_actions
from tables.models import ActionLog, Hand, HandStatus
from tables.services import actions

pytestmark = pytest.mark.django_db(transaction=True)
# lock, hand, seats, action log, hand, events, table version (at most); PostgreSQL: reads, writes
PER_ACTION = {"postgresql": 2, "sqlite": 7}
MAX_ACTIONS = 400
TRANSACTION = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE")  # not queries: the transaction around them


def own_queries(captured: list[dict[str, str]]) -> int:
    """The queries of the action (not the transaction's BEGIN and COMMIT)."""
    return len([q for q in captured if not q["sql"].startswith(TRANSACTION)])


def play_out(table, players) -> list[tuple[int, int]]:
    """(queries, log rows written) of every action until the hand ends."""
    counted = []
    for _ in range(MAX_ACTIONS):
        hand = Hand.objects.get(table=table)
        if hand.status != HandStatus.PLAYING:
            break
        state = HandState.from_json(hand.state)
        seat = min(state.to_act)
        user = next(p for p in players if p.pk == hand.players[seat])
        logged = ActionLog.objects.count()
        with CaptureQueriesContext(connection) as queries:
            actions.act(table.pk, user.pk, None, legal_actions(state, seat)[0].to_json())
        counted.append((own_queries(queries.captured_queries), ActionLog.objects.count() - logged))
    return counted


def test_an_action_and_all_it_sets_off_cost_a_fixed_number_of_queries(four_players, seat_at_table):
    table = seat_at_table(four_players, "pinghe")
    counted = play_out(table, four_players)
    assert Hand.objects.get(table=table).status == HandStatus.FINISHED
    for queries, rows in counted[:-1]:
        # fewer: a secret window answer announces nothing
        assert queries <= PER_ACTION[connection.vendor], (queries, rows)
    assert any(rows > 1 for _, rows in counted) or len(counted) < 4  # passes went into the same INSERT
