"""Hints for the player at the table: the waits of a ready hand (听牌) and, in the player's
turn, which discards leave the hand ready. Tiles in mpsz; the deal is scripted."""

from __future__ import annotations

import pytest

from engine.hand import new_hand
from engine.hand_script import arrange
from tables.services.hints import hints

# 阿明 (dealer, seat 0) holds 17 tiles: throwing 7s leaves a 9s wait, throwing 9s a 7s wait.
# 小芳 (seat 1) holds 16 tiles waiting on 7s. The gold (9p) is in nobody's hand, and a drawn
# gold wins any single wait (it stands in for the missing tile), so 9p is a wait too.
# 老王 (seat 2) holds scattered tiles, far from ready.
HANDS = [
    "123456789m123456p79s",
    "123456789m123456p7s",
    "1357m1357p1357s1234z",
    "777z111222333444s8s",
]


@pytest.fixture
def deal():
    options = arrange("pinghe", dealer=0, hands=HANDS, gold="9p")
    return new_hand("pinghe", seed="hints-story", dealer=0, streak=1, base=10, options=options)


def test_a_ready_hand_shows_its_waits(deal):
    assert hints(deal, 1) == {"waits": {"tiles": ["9p", "7s"], "any": False}, "discard_waits": {}}


def test_a_hand_that_is_not_ready_shows_no_waits(deal):
    assert hints(deal, 2) == {"waits": None, "discard_waits": {}}


@pytest.mark.parametrize(
    ("discard", "waits"),
    [
        ("7s", ["9p", "9s"]),
        ("9s", ["9p", "7s"]),
    ],
)
def test_in_turn_each_discard_that_leaves_the_hand_ready_is_named_with_its_waits(deal, discard, waits):
    after = hints(deal, 0)["discard_waits"]
    assert after[discard] == {"tiles": waits, "any": False}


def test_in_turn_a_discard_that_breaks_the_hand_is_not_named(deal):
    assert set(hints(deal, 0)["discard_waits"]) == {"7s", "9s"}


def test_the_table_state_carries_hints_for_the_seat_only(deal):
    from tables.models import Hand
    from tables.services.snapshot import hand_info

    hand = Hand(number=1, variant="pinghe", dealer=0, streak=1, base=10, commitment="c", state=deal.to_json())
    mine, watcher = hand_info(hand, 1), hand_info(hand, None)
    assert mine["hints"]["waits"] == {"tiles": ["9p", "7s"], "any": False}
    assert "hints" not in watcher and watcher["last_discard"] is None


def test_after_the_draw_the_waits_of_the_hand_before_it_stay_shown(deal):
    from engine.actions import Discard
    from engine.hand import apply
    from engine.tiles import Tile

    # past the opening (nobody robs the gold), 阿明 throws 9s (waiting on 7s); the others
    # pass or throw what they drew until his next turn
    state = apply(past_opening(deal), 0, Discard(Tile.parse("9s"))).state
    state = play_to_seat(state, 0)
    assert state.seats[0].drawn is not None
    assert hints(state, 0)["waits"] == {"tiles": ["9p", "7s"], "any": False}


def past_opening(state):
    """Everybody passes the opening's 抢金 question."""
    from engine.actions import Pass
    from engine.hand import apply

    while state.phase.name == "OPENING":
        state = apply(state, min(state.to_act), Pass()).state
    return state


def play_to_seat(state, seat):
    """Every seat answers claims with 过 and the others discard what they drew, until `seat` has drawn."""
    from engine.actions import Discard, Pass
    from engine.hand import apply, legal_actions

    while not (seat in state.to_act and state.seats[seat].drawn is not None):
        other = min(state.to_act)
        legal = legal_actions(state, other)
        drawn = state.seats[other].drawn
        action = next((a for a in legal if isinstance(a, Pass)), None) or Discard(drawn)
        state = apply(state, other, action).state
    return state
