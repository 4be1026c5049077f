"""A room's bots play at the level its operators chose; 托管 always plays `normal`.

Story: the base-10 nanping room is set to `easy` bots. 阿明 sits, the bots fill the table and
阿明 turns on 托管. Every logged bot move is what its level chooses from the state it was made
in (the same rng the table gives it): the house bots' moves are easy's, 阿明's seat normal's.
Holds for any deal (a hand may end at its opening: then there is nothing to compare).
"""

from __future__ import annotations

import random

import pytest

from engine import bot_levels
from engine.actions import action_from_json
from engine.hand import apply
from tables.models import Room
from tables.services.replay import rebuild
from tests.conftest import hand_played_by_bots

pytestmark = pytest.mark.django_db(transaction=True)


def test_house_bots_play_the_rooms_level_and_toutuo_plays_normal(make_player, funded):
    Room.objects.update_or_create(variant="nanping", base=10, defaults={"bot_level": "easy"})
    ming = funded(make_player("ming", "阿明"), 1000)
    hand = hand_played_by_bots(ming, "nanping")
    ming_seat = hand.players.index(ming.pk)
    state, _ = rebuild(hand)
    for row in hand.actions.order_by("state_version"):
        assert row.source == "bot"
        level = bot_levels.get("normal" if row.seat == ming_seat else "easy")
        rng = random.Random(f"{hand.seed}/{state.version}/{row.seat}")
        assert level.choose(state, row.seat, rng) == action_from_json(row.action)
        state = apply(state, row.seat, action_from_json(row.action)).state
    assert state.to_json() == hand.state
