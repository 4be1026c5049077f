"""A socket opening at a table (`presence.arrive`): who may watch, the connection counted, and the state
that seat may see, all from one locked transaction, so the state's version covers the connect's own
`seats` event; the last hand's end is decoded once per process, not on every connect."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_player_arriving_is_counted_and_sees_a_state_that_includes_it(four_players, seat_at_table, scattered_deal):
    from tables.models import Table, TableEvent
    from tables.services import presence

    ming = four_players[0]
    table = seat_at_table(four_players, "pinghe", options=scattered_deal)  # scattered: the hand runs
    allowed, seat, state = presence.arrive(table.pk, ming.pk)

    assert allowed and seat == 0 and state["seat"] == 0
    stored = Table.objects.get(pk=table.pk).version
    assert state["version"] == stored  # nothing committed by the connect is left for the socket to fetch
    assert TableEvent.objects.get(table=table, version=stored).kind == "seats"
    assert state["seats"][0]["connected"] and not state["seats"][1]["connected"]
    assert state["hand"]["legal"]  # the dealer's first discard is his


def test_a_stranger_may_not_open_a_private_table_and_nothing_changes(four_players, make_player, seat_at_table):
    from tables.models import Table
    from tables.services import presence

    table = seat_at_table(four_players)
    before = Table.objects.get(pk=table.pk).version
    assert presence.arrive(table.pk, make_player("lee", "小李").pk) == (False, None, {})
    assert presence.arrive(987654, four_players[0].pk) == (False, None, {})  # no such table
    assert Table.objects.get(pk=table.pk).version == before


def test_the_last_hands_end_is_the_public_final_view_and_decoded_once(four_players, seat_at_table, monkeypatch):
    from engine.hand import HandState
    from engine.view import view
    from tables.models import Hand
    from tables.services import actions, presence, snapshot

    table = seat_at_table(four_players)
    for player in four_players:  # 托管 everywhere: the bots finish the hand, it settles
        actions.set_auto(table.pk, player.pk, True)
    finished = Hand.objects.get(table=table, number=1)
    expected = view(HandState.from_json(finished.state), None)

    decoded: list[int] = []
    original = HandState.from_json

    def counted(data: dict) -> HandState:
        decoded.append(1)
        return original(data)

    monkeypatch.setattr(HandState, "from_json", staticmethod(counted))
    snapshot._FINALS.clear()
    shown = [presence.arrive(table.pk, p.pk)[2]["last_result"] for p in four_players]

    assert all(r["hand_id"] == finished.pk and r["final"] == expected for r in shown)
    assert all(r["seed"] == finished.seed for r in shown)  # the seed is revealed once the hand is over
    assert len(decoded) == 1
