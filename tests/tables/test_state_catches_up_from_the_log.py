"""A process that last saw a hand a few actions ago catches up by replaying the logged actions
(tables.services.states): it hands out exactly the stored state and never reads or decodes the stored
JSON. One too far behind decodes the JSON, as a process that has never seen the hand does.

Story: 阿明, 小芳, 老王 and 阿珍 play a dealt-to-order pinghe hand (scattered hands: nobody is near a win
in the first rounds), each taking the first legal action; a second process's view of the hand is
played by forgetting everything and remembering only an old state.
"""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from engine.hand import HandState, legal_actions
from engine.hand_script import arrange

pytestmark = pytest.mark.django_db(transaction=True)
HANDS = ["1357m1357p1357s1234z9s", "2468m2468p2468s1234z", "1357m1357p1357s5566z", "2468m2468p2468s5677z"]


@pytest.fixture
def table(four_players, seat_at_table, settings):
    settings.TABLES_ALLOW_SCRIPTED_DEALS = True  # the story needs a known deal
    return seat_at_table(four_players, "pinghe", options=arrange("pinghe", dealer=0, hands=HANDS, gold="9p"))


def running_hand(table):
    from tables.models import Hand

    return Hand.objects.get(table=table, status="playing")


def play(table, players, n: int) -> HandState:
    """`n` actions, each seat to act taking its first legal one; the state after them."""
    from tables.services import actions

    for _ in range(n):
        hand = running_hand(table)
        state = HandState.from_json(hand.state)
        seat = min(state.to_act)
        user = next(p for p in players if p.pk == hand.players[seat])
        actions.act(table.pk, user.pk, None, legal_actions(state, seat)[0].to_json())
    return HandState.from_json(running_hand(table).state)


def read_as_another_process(table) -> tuple[HandState, list[str]]:
    """The state `open_play` hands out, and the queries that read the stored state column."""
    from tables.services import actions

    started = running_hand(table).started_at
    with CaptureQueriesContext(connection) as queries, transaction.atomic():
        state = actions.open_play(actions.lock_table(table.pk), started).state
    return state, [q["sql"] for q in queries.captured_queries if '"tables_hand"."state"' in q["sql"]]


def test_a_process_a_few_actions_behind_replays_them(table, four_players):
    from tables.services import states

    old = play(table, four_players, 2)
    stored = play(table, four_players, 5)
    assert stored.version > old.version
    states.forget_all()
    states.remember(running_hand(table), old)  # all this process saw of the hand

    state, state_reads = read_as_another_process(table)

    assert state.to_json() == stored.to_json()
    assert state_reads == []  # neither read nor decoded: replayed from the log


def test_a_process_far_behind_decodes_the_stored_state(table, four_players, monkeypatch):
    from tables.services import states

    monkeypatch.setattr(states, "MAX_REPLAY", 2)
    old = play(table, four_players, 1)
    stored = play(table, four_players, 4)  # more logged actions since than a replay takes
    states.forget_all()
    states.remember(running_hand(table), old)

    state, state_reads = read_as_another_process(table)

    assert state.to_json() == stored.to_json()
    assert len(state_reads) == 1


def test_a_newer_state_is_never_replaced_by_an_older_one(table, four_players):
    from tables.services import states

    old = play(table, four_players, 1)
    new = play(table, four_players, 2)
    hand = running_hand(table)
    states.remember(hand, new)
    states.remember(hand, old)  # a late commit callback of an earlier action

    assert states.hand_state(hand) is new
