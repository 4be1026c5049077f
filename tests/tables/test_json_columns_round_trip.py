"""The JSON columns a table action writes (the hand's state, the events' views, the log's actions) are
encoded by orjson on PostgreSQL (tables.models.QuickJSONField) and read back exactly as the standard
library's encoding would: Chinese text, nested lists and dicts, integer keys as strings, nulls."""

from __future__ import annotations

import json

import pytest

from tables import rows
from tables.models import Hand, TableEvent

pytestmark = pytest.mark.django_db(transaction=True)

ODD = {"name": "阿明的手牌", "tiles": ["1m", "9p"], "nested": {"1": [None, True, 2.5]}, "emoji": "🀄", "n": 2**53}


def test_a_hand_state_written_by_save_and_by_rows_reads_back_as_written(four_players, seat_at_table):
    table = seat_at_table(four_players, "pinghe")
    hand = Hand.objects.get(table=table)
    state = {**hand.state, "ext": ODD}
    hand.state = state
    hand.save(update_fields=["state"])
    assert Hand.objects.get(pk=hand.pk).state == state
    hand.state = {**state, "ext": {**ODD, "name": "老王"}}
    rows.update(hand, ["state"])
    assert Hand.objects.get(pk=hand.pk).state["ext"]["name"] == "老王"


def test_integer_keys_become_strings_as_the_standard_library_makes_them(four_players, seat_at_table):
    table = seat_at_table(four_players, "pinghe")
    hand = Hand.objects.get(table=table)
    views = {1: {"seat": 1}, "public": ODD}
    event = TableEvent(table=table, version=10**6, hand=hand, kind="test", public=views, seats={})
    rows.insert(TableEvent, [event])
    stored = TableEvent.objects.get(table=table, version=10**6)
    assert stored.public == json.loads(json.dumps(views))
