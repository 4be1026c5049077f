"""Adding a game is one package and one registration (issue 45): the example game, pinghe
without flowers, is dealt and played through by the bots like a built-in game."""

from __future__ import annotations

import pytest

from engine import bot, variants
from engine.cli_simulate import simulate
from engine.hand import HandState, apply_then_idle, new_hand, pass_idle_run
from engine.tiles import FLOWERS
from engine.wall import derive_rng
from tests.engine.example_game import GAME, ID

SEEDS = ("example:1", "example:2", "example:3")


@pytest.fixture(autouse=True)
def registered() -> None:
    variants.register(GAME)  # the one registration (the same object again is accepted)


def played(seed: str) -> list[HandState]:
    """Every state of one hand played by easy bots from its deal to its end."""
    rng = derive_rng(seed, "bots")
    states = [pass_idle_run(new_hand(ID, seed=seed, dealer=0)).state]
    while not states[-1].finished:
        seat = states[-1].to_act[0]
        states.append(apply_then_idle(states[-1], seat, bot.choose(states[-1], seat, rng)).state)
    return states


def test_the_registry_knows_the_game_by_its_id() -> None:
    assert variants.get(ID) is GAME.rules and GAME.rules.gold == variants.get("pinghe").gold
    assert variants.game(ID) is GAME
    assert ID in variants.all_ids()


@pytest.mark.parametrize("seed", SEEDS)
def test_a_hand_is_dealt_without_flowers_and_ends_settled(seed: str) -> None:
    states = played(seed)
    first, last = states[0], states[-1]
    assert len(variants.get(ID).tile_set) == 136
    assert not set(first.wall) & set(FLOWERS)
    assert not any(t in FLOWERS for state in states for seat in state.seats for t in seat.hand)
    assert all(not seat.flowers for seat in last.seats)
    assert last.sheet is not None and last.sheet.variant == ID
    assert sum(last.sheet.deltas) == 0


def test_the_bots_play_many_hands_of_it_without_a_fault() -> None:
    summary = simulate(ID, 12, "example")
    assert summary["variant"] == ID
    assert summary["hands"] == 12
    assert sum(summary["wins"].values()) + summary["draws"] == 12
    assert (summary["errors"], summary["illegal_actions"], summary["coins_sum"]) == ([], 0, 0)
