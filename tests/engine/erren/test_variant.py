"""erren is data in the registry: two seats, 136 tiles, 14/13, the 71-tile live wall, options off."""

from engine import variants
from engine.games.erren.rules import DEAD_TILES, LIVE_WALL


def test_erren_is_a_two_seat_game_of_136_tiles_dealing_14_and_13():
    erren = variants.get("erren")
    assert (erren.n_seats, len(erren.tile_set), erren.dealer_tiles, erren.other_tiles) == (2, 136, 14, 13)
    assert not erren.has_flowers and erren.gold is None


def test_the_live_wall_is_71_tiles_and_the_rest_is_dead():
    assert LIVE_WALL == 71
    assert 14 + 13 + LIVE_WALL + DEAD_TILES == 136
    assert variants.get("erren").dead_wall.base == DEAD_TILES


def test_the_opening_exchange_is_on_and_the_table_options_are_off_by_default():
    erren = variants.get("erren")
    assert erren.exchange_phase
    assert erren.option("swap_probability") == 0.0
    assert erren.option("pick_probability") == 0.0


def test_erren_wins_with_the_standard_shape_and_seven_pairs():
    assert variants.get("erren").shape_names == ("STANDARD", "SEVEN_PAIRS")
