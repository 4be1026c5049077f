"""A network blip must not lose the hand. When a player's last socket closes mid-hand the seat stays
theirs: no 托管 at once, the hand waits for their decision on its own timer, and the bots keep their
think time, so whoever comes back a moment later finds the hand where they left it. A turn that runs
out while they are away turns 托管 on as for anyone; staying away past the grace period is an escape
(test_escape.py).

Story: 阿明 plays pinghe with three bots (a scattered deal: nobody wins early) and keeps his page open.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from engine.hand import legal_actions
from tables.models import Hand, HandStatus, Seat, TableEvent
from tables.services import actions, between_hands, presence
from tables.services.states import hand_state
from tables.services.sweeper import sweep_now

pytestmark = pytest.mark.django_db(transaction=True)
THINK = {"bot_think_min_ms": 800, "bot_think_max_ms": 2000, "turn_seconds": 20, "grace_seconds": 120}


@pytest.fixture(autouse=True)
def paced(settings):
    settings.TABLES_BOT_PACING = True


@pytest.fixture
def table(make_player, funded, seat_at_table, scattered_deal):
    ming = funded(make_player("ming", "阿明"), 1000)
    table = seat_at_table([ming], "pinghe", options=scattered_deal, **THINK)
    presence.connected(table.pk, ming.pk)
    between_hands.start_with_bots(table.pk, ming.pk)  # 和机器人开始: he deals (seat 0)
    return table


def running(table) -> Hand:
    return Hand.objects.get(table=table, status=HandStatus.PLAYING)


def ming_seat(table) -> Seat:
    return Seat.objects.get(table=table, index=0)


def ming_id(table) -> int:
    user_id = ming_seat(table).user_id
    assert user_id is not None
    return user_id


def test_a_dropped_player_keeps_the_seat_and_the_hand_waits_for_him(table):
    hand = running(table)
    assert 0 in hand_state(hand).to_act  # the dealer's opening decision
    version = hand.state_version

    presence.disconnected(table.pk, ming_id(table))

    seat, hand = ming_seat(table), running(table)
    assert (seat.connections, seat.auto) == (0, False) and seat.disconnected_at is not None
    assert hand.state_version == version and hand.bot_due is None  # nobody played for him

    presence.connected(table.pk, ming_id(table))  # back a moment later: his decision is still his
    seat = ming_seat(table)
    assert seat.disconnected_at is None and not seat.auto
    state = hand_state(running(table))
    assert legal_actions(state, 0)


def test_while_he_is_away_the_bots_keep_their_think_time(table):
    state = hand_state(running(table))
    ming = ming_id(table)
    actions.act(table.pk, ming, "open", legal_actions(state, 0)[0].to_json())  # his opening move
    assert running(table).bot_due is not None  # a bot's turn next (the deal is scripted)
    presence.disconnected(table.pk, ming)

    hand = running(table)
    assert hand.bot_due is not None and hand.bot_due > timezone.now()  # paced: not handed off to move at once


def test_his_turn_running_out_while_away_turns_on_托管(table):
    ming = ming_id(table)
    presence.disconnected(table.pk, ming)
    hand = running(table)
    assert hand.deadline is not None and 0 in hand_state(hand).to_act
    sweep_now(hand.deadline - timedelta(seconds=1))
    assert running(table).state_version == hand.state_version  # his own timer, not a shorter one for being away
    assert not handed_to_托管(table)

    sweep_now(hand.deadline + timedelta(seconds=1))  # his turn ran out: 托管, as for anyone
    assert handed_to_托管(table)


def handed_to_托管(table) -> bool:
    turned_on = TableEvent.objects.filter(table=table, kind="auto").values_list("public", flat=True)
    return any(view is not None and view["seat"] == 0 and view["auto"] for view in turned_on)
