"""The site offers the engine's built-in games, and a table's seat count is what the game's rules say
(no second copy of either in the tables app)."""

from __future__ import annotations

import pytest

from engine.games import BUILT_IN
from tables.models import VARIANT_IDS, seats_of


def test_the_games_offered_are_the_engines_built_in_games():
    assert {game.id for game in BUILT_IN} == VARIANT_IDS


@pytest.mark.parametrize(("variant", "seats"), [("pinghe", 4), ("nanping", 4), ("guangdong", 4), ("erren", 2)])
def test_a_tables_seats_are_the_games(variant, seats):
    assert seats_of(variant) == seats
