"""Variants are data in a registry: the flow looks them up by id."""

import pytest

from engine import variants
from engine.variants import DeadWall, Game, GoldDiscard, UnknownVariant, Variant


@pytest.mark.parametrize(
    "variant_id, seats, tiles, dealer, other",
    [("pinghe", 4, 144, 17, 16), ("nanping", 4, 144, 17, 16)],
)
def test_gold_games_deal_17_to_the_dealer_and_16_to_the_others(variant_id, seats, tiles, dealer, other):
    variant = variants.get(variant_id)
    assert (variant.n_seats, len(variant.tile_set), variant.dealer_tiles, variant.other_tiles) == (
        seats,
        tiles,
        dealer,
        other,
    )


def test_pinghe_forbids_gold_discards_but_nanping_allows_them():
    pinghe_gold, nanping_gold = variants.get("pinghe").gold, variants.get("nanping").gold
    assert pinghe_gold is not None and pinghe_gold.discard == GoldDiscard.YOUJIN_ONLY
    assert nanping_gold is not None and nanping_gold.discard == GoldDiscard.FREE


def test_exhaustive_draw_thresholds_follow_the_documents():
    assert variants.get("pinghe").dead_wall == DeadWall(16, 2, 4, 0)  # 8墩, 明杠+1墩, 暗杠+2墩
    assert variants.get("nanping").dead_wall == DeadWall(26, 2, 4, 2)  # 13墩, +1墩 per 花分/杠分


def test_unknown_variant_names_the_known_ones():
    with pytest.raises(UnknownVariant, match="pinghe"):
        variants.get("riichi")


def test_registering_a_different_variant_under_a_taken_id_is_refused():
    clash = Variant(
        id="pinghe", name_zh="x", n_seats=2, has_flowers=False, dealer_tiles=14, other_tiles=13, shape_names=()
    )
    with pytest.raises(ValueError, match="twice"):
        variants.register(Game(clash))
