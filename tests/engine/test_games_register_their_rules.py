"""Each game's rules are its registered data (issue 45): the escape penalty, the settle
function and the flow hooks are read from the `Variant`, and a game lacking one fails loudly."""

from __future__ import annotations

import dataclasses

import pytest

from engine import variants
from engine.hand import FlowHooks, flow_hooks
from engine.payments import escape_penalty
from engine.scoring import settle_hand
from engine.sheet import SheetError
from engine.variants import EscapeSharing, Game, MissingRule, Variant
from tests.engine.scoring.situations import BO, finished

PLAIN = {"concealed": "123m456m789p234s111z55s", "win_tile": "5s"}


def a_game(**rules: object) -> Variant:
    plain: dict[str, object] = dict(
        id="demo", name_zh="演示", n_seats=4, has_flowers=False, dealer_tiles=14, other_tiles=13, shape_names=()
    )
    return Variant(**{**plain, **rules})  # type: ignore[arg-type]


@pytest.mark.parametrize("game", variants.all_ids())
def test_the_escape_penalty_is_the_games_data(game):
    rules = variants.get(game)
    penalty = escape_penalty(game, 10, 0, rules.n_seats)
    assert sum(t.owed for t in penalty) == rules.escape_penalty_bases * 10
    if rules.escape_sharing == EscapeSharing.EACH_OTHER_EQUALLY:
        assert {t.owed for t in penalty} == {rules.escape_share_bases * 10}


def test_the_sharing_of_each_game_is_as_the_rulings_say():
    sharing = {game: variants.get(game).escape_sharing for game in ("pinghe", "nanping", "erren", "guangdong")}
    assert sharing == {
        "pinghe": EscapeSharing.EACH_OTHER_EQUALLY,  # 4 × base to each of three
        "nanping": EscapeSharing.EACH_OTHER_EQUALLY,
        "erren": EscapeSharing.EACH_OTHER_EQUALLY,  # 12 × base to the opponent
        "guangdong": EscapeSharing.SHARED_REMAINDER_TO_NEXT,  # 50 × base, remainder to the next seat
    }


def test_a_penalty_that_cannot_be_shared_in_whole_bases_is_refused():
    with pytest.raises(ValueError, match="equal whole share"):
        a_game(escape_penalty_bases=10, escape_sharing=EscapeSharing.EACH_OTHER_EQUALLY)


def test_a_game_without_a_settle_function_is_not_registered():
    with pytest.raises(MissingRule, match="settle"):
        variants.register(Game(a_game(id="demo-without-scoring")))
    with pytest.raises(variants.UnknownVariant):
        variants.get("demo-without-scoring")


def test_a_discard_win_minimum_without_its_points_counter_is_refused():
    with pytest.raises(MissingRule, match="discard_win_points"):
        a_game(discard_win_min_points=3)


def test_every_game_settles_through_its_registered_function():
    for game in variants.all_ids():
        assert callable(variants.get(game).settle_function())


def test_a_hand_settles_through_its_games_registered_function():
    ctx = finished("pinghe", "zimo", BO, **PLAIN)
    assert settle_hand(ctx) == variants.get("pinghe").settle_function()(ctx)
    assert settle_hand(ctx).deltas[BO] > 0


def test_settling_an_unknown_game_is_a_clear_error():
    with pytest.raises(SheetError, match="riichi"):
        settle_hand(dataclasses.replace(finished("pinghe", "zimo", BO, **PLAIN), variant="riichi"))


def test_flow_hooks_are_the_registered_class_and_a_wrong_factory_is_refused():
    assert type(flow_hooks(variants.get("guangdong"))).__name__ == "GuangdongFlow"
    assert type(flow_hooks(variants.get("pinghe"))) is FlowHooks
    with pytest.raises(TypeError, match="not a FlowHooks"):
        flow_hooks(a_game(id="demo-bad-flow", flow=object))
