"""A room's options cannot replace the committed shuffle outside tests: scripted walls and dice are dropped."""

from __future__ import annotations

import pytest

from engine.hand_script import arrange
from engine.wall import verify

pytestmark = pytest.mark.django_db

HANDS = ["123456789m123456p79s", "123456789m123456p7s", "1357m1357p1357s1234z", "777z111222333444s8s"]


def test_a_scripted_wall_in_the_room_options_is_ignored_and_the_deal_checks_against_its_seed(
    ming, funded, room, django_capture_on_commit_callbacks
):
    from tables.models import Hand
    from tests.conftest import deal_with_bots

    scripted = arrange("pinghe", dealer=0, hands=HANDS, gold="9p")
    room("pinghe", 10, options={**scripted, "named_gold": False})
    funded(ming, 1000)
    table = deal_with_bots(ming)
    assert table.effective_options == {"named_gold": False}
    hand = Hand.objects.get(table=table, number=1)
    assert "wall" not in hand.options and "dice" not in hand.options
    assert verify(hand.seed, hand.commitment)


def test_tests_may_allow_scripted_deals(room, settings):
    settings.TABLES_ALLOW_SCRIPTED_DEALS = True
    from tables.models import Table

    scripted = arrange("pinghe", dealer=0, hands=HANDS, gold="9p")
    table = Table(room=room("pinghe", 10, options=scripted), options={})
    assert table.effective_options["wall"] == scripted["wall"]
