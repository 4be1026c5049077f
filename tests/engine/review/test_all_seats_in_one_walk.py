"""Reviewing every seat walks through the hand once (`review_seats`), and each seat's review is the
one it gets alone: the platform stores the people's seats' reviews after each hand from one walk.

Story: bots play a hand of each variant to its end; the reviews of all seats together equal each
seat's own review. Holds for any deal (a hand that ends at its opening has no decision to judge).
"""

from __future__ import annotations

import pytest

from engine.review import ReplayError, review, review_seats
from engine.variants import get as get_variant
from tests.engine.review.story import bot_played

VARIANTS = ["pinghe", "nanping", "guangdong", "erren"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_seat_reviewed_in_one_walk_is_reviewed_as_alone(variant):
    replay = bot_played(variant, f"one-walk-{variant}")
    seats = range(get_variant(variant).n_seats)
    together = review_seats(replay, seats)
    assert list(together) == list(seats)
    for seat in seats:
        assert together[seat].to_json() == review(replay, seat).to_json()


def test_a_seat_the_variant_does_not_have_is_refused_before_the_walk():
    with pytest.raises(ReplayError, match=r"erren has seats 0\.\.1, not 2"):
        review_seats(bot_played("erren", "one-walk-refused"), [0, 2])
