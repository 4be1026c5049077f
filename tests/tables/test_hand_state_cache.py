"""Each process decodes a hand's engine state once (tables.services.states.hand_state): what it hands
out is always what the database holds, and a version that rolled back is never kept."""

from __future__ import annotations

import pytest
from django.db import transaction

from engine.hand import HandState, legal_actions

pytestmark = pytest.mark.django_db(transaction=True)


class RolledBack(Exception):
    pass


def running_hand(table):
    from tables.models import Hand

    return Hand.objects.get(table=table, status="playing")


def test_the_cached_state_is_the_stored_one_and_a_rolled_back_one_is_not_kept(
    four_players, seat_at_table, scattered_deal
):
    from tables.services import actions, states

    table = seat_at_table(four_players, "pinghe", options=scattered_deal)  # a secret deal can end at its opening
    hand = running_hand(table)
    before = hand.state_version

    # A transaction that saves a new state and then fails: the state must not be remembered.
    with pytest.raises(RolledBack), transaction.atomic():
        play = actions.open_play(actions.lock_table(table.pk), hand.started_at)
        seat = min(play.state.to_act)
        actions._apply(play, seat, legal_actions(play.state, seat)[0], "player")
        actions._save_hand(play)
        raise RolledBack()
    hand = running_hand(table)
    assert hand.state_version == before
    assert states.hand_state(hand).version == before  # the kept state is not the rolled-back one

    # A committed action: the next read hands out the remembered object, equal to the stored JSON.
    state = states.hand_state(hand)
    seat = min(state.to_act)
    user = next(p for p in four_players if p.pk == hand.players[seat])
    actions.act(table.pk, user.pk, "cache-1", legal_actions(state, seat)[0].to_json(), state.version)
    hand = running_hand(table)  # scattered: nobody wins on the first move
    cached = states.hand_state(hand)
    assert cached is states.hand_state(hand)  # decoded once
    assert cached.to_json() == hand.state


def test_a_state_this_process_decoded_is_not_read_again_and_a_new_one_is(four_players, seat_at_table, scattered_deal):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tables.services import actions, states

    table = seat_at_table(four_players, "pinghe", options=scattered_deal)
    hand = running_hand(table)
    state = HandState.from_json(hand.state)
    states.forget_all()  # as in another process: the first read decodes the stored JSON
    with CaptureQueriesContext(connection) as cold, transaction.atomic():
        assert actions.open_play(actions.lock_table(table.pk), hand.started_at).state.to_json() == hand.state
    with CaptureQueriesContext(connection) as warm, transaction.atomic():
        states.remember(hand, state)
        assert actions.open_play(actions.lock_table(table.pk), hand.started_at).state is state
    assert len(reads_of_state(cold.captured_queries)) == 1
    assert reads_of_state(warm.captured_queries) == []


def reads_of_state(captured: list[dict[str, str]]) -> list[str]:
    return [q["sql"] for q in captured if q["sql"].startswith("SELECT") and '"tables_hand"."state"' in q["sql"]]
