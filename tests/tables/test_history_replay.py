"""A player's hand history, and the replay of a hand step by step with the provably-fair seed check."""

from __future__ import annotations

import hashlib

import pytest
from django.urls import reverse

from tables.services.replay import rebuild
from tests.conftest import hand_played_by_bots

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def finished_hand(make_player, funded):
    """阿明 sits, the bots join, and 阿明 turns on 托管: the bot plays his seat to the end of the hand."""
    ming = funded(make_player("ming", "阿明"), 1000)
    return ming, hand_played_by_bots(ming)


def test_the_bot_plays_a_whole_hand_and_it_is_settled(finished_hand):
    """Holds for any deal: the hand may end at its opening (天胡, 三金倒, 抢金), mid-wall, or in a 流局."""
    _ming, hand = finished_hand
    assert hand.status == "finished" and hand.settled  # a 流局 has no sheet: nothing to pay
    sources = set(hand.actions.values_list("source", flat=True))
    assert sources <= {"bot", "timer"}  # nobody but the bots moved: 阿明's seat was 托管
    dealt, steps = rebuild(hand)
    final = steps[-1][1] if steps else dealt
    assert final.to_json() == hand.state  # the logged moves are the whole hand, from the deal to its end


def test_history_lists_the_hand_and_the_replay_checks_the_seed(client, finished_hand):
    ming, hand = finished_hand
    client.force_login(ming)
    history = client.get(reverse("tables:history")).content.decode()
    assert reverse("tables:replay", args=[hand.pk]) in history
    page = client.get(reverse("tables:replay", args=[hand.pk])).content.decode()
    assert hashlib.sha256(hand.seed.encode()).hexdigest() == hand.commitment
    assert hand.seed in page and hand.commitment in page
    assert "✓ 种子与承诺一致" in page and "✓ 用种子和动作记录重放得到相同结果" in page


def test_only_the_hands_players_may_replay_it(client, finished_hand, make_player):
    _ming, hand = finished_hand
    client.force_login(make_player("stranger", "路人"))
    assert client.get(reverse("tables:replay", args=[hand.pk])).status_code == 302


def test_the_action_log_is_append_only(finished_hand):
    from tables.models import ActionLog, AppendOnlyError

    _ming, hand = finished_hand
    first = hand.actions.order_by("state_version").first()
    first.seat = (first.seat + 1) % 4
    with pytest.raises(AppendOnlyError):
        first.save()
    with pytest.raises(AppendOnlyError):
        first.delete()
    with pytest.raises(AppendOnlyError):
        ActionLog.objects.filter(hand=hand).update(seat=0)
    with pytest.raises(AppendOnlyError):
        ActionLog.objects.filter(hand=hand).delete()
