"""A seat's review uses only what that seat could see when it decided: two hands that differ
only in another seat's concealed tiles (and so in the undrawn wall) give the same review."""

import json

import pytest

from engine.actions import Discard, Win
from engine.replay import replay
from engine.tiles import Tile, format_tiles
from tests.engine.review.story import ALICE, BOB, CAROL, Story

ALICE_HAND, BOB_HAND = "123m456m789m45p11z2z", "258m258p258s3456z"
LIVE = "7s7s9s6p" + "9s9s7s7p"
# Carol's concealed tiles differ by one tile (7z or 1p), Dave's by two: nobody else ever sees them.
CAROLS = ("258m258p258s3457z", "258m258p258s345z1p")
DAVES = ("258m258p258s3467z", "258m258p258s34z19p")


def played(carol: str, dave: str) -> Story:
    hand = Story("guangdong", [ALICE_HAND, BOB_HAND, carol, dave], live=LIVE)
    hand.play((ALICE, Discard(Tile.parse("4p")))).until_turn(ALICE).play((ALICE, Discard(Tile.parse("2z"))))
    return hand.until_turn(ALICE).play((ALICE, Win()))


@pytest.mark.parametrize("seat", [ALICE, BOB])
def test_another_seats_concealed_tiles_never_change_a_review(seat):
    one, other = played(CAROLS[0], DAVES[0]), played(CAROLS[1], DAVES[1])
    assert one.actions == other.actions and one.state.seats[CAROL].hand != other.state.seats[CAROL].hand
    assert one.state.wall != other.state.wall
    assert json.dumps(one.review(seat).to_json()) == json.dumps(other.review(seat).to_json())


def test_the_review_of_a_seat_shows_its_own_hand_only():
    hand = played(CAROLS[0], DAVES[0])
    for decision in hand.review(ALICE).decisions:
        before, _ = replay("guangdong", "story", hand.options, hand.actions[: decision.step - 1])
        assert decision.hand == format_tiles(before.seats[ALICE].hand)
    text = json.dumps(hand.review(ALICE).to_json())
    assert "6z" not in text and "7z" not in text  # the others' honours appear nowhere
