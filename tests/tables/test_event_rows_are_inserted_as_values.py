"""An action's event rows and log rows go to PostgreSQL as one `INSERT ... VALUES (...), (...)`, not as
`UNNEST` of arrays: Django 5.2 bulk inserts several rows as arrays, and psycopg then quotes every JSON
document into an array literal in Python, more than twice the insert's own cost (issue 17). The JSON
columns are `ValuesJSONField`s, which opt out. SQLite has no UNNEST: nothing to check there.

Story: four players sit down and the hand is dealt: the deal's events are one INSERT of several rows,
and the first action's passes and events are too.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from engine.hand import HandState, legal_actions
from tables.models import Hand
from tables.services import actions

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="UNNEST inserts are PostgreSQL's"),
]


def inserts_into(captured: list[dict[str, str]], table: str) -> list[str]:
    return [q["sql"] for q in captured if q["sql"].startswith(f'INSERT INTO "{table}"')]


def test_several_event_rows_are_one_values_insert(four_players, seat_at_table):
    table = seat_at_table(four_players, "pinghe")
    hand = Hand.objects.get(table=table)
    state = HandState.from_json(hand.state)
    seat = min(state.to_act)
    user = next(p for p in four_players if p.pk == hand.players[seat])
    with CaptureQueriesContext(connection) as queries:
        actions.act(table.pk, user.pk, None, legal_actions(state, seat)[0].to_json())
    inserts = inserts_into(queries.captured_queries, "tables_tableevent")
    inserts += inserts_into(queries.captured_queries, "tables_actionlog")
    assert inserts, "the action stored no rows"
    for sql in inserts:
        assert "UNNEST" not in sql.upper() and "VALUES" in sql.upper(), sql
