"""A hand's state goes to JSON by encoders made once per class from its type hints (engine.hand_codec),
and the wall's names are copied from the last state's when the wall is the same object: every table
action stores its hand's state. The JSON is exactly the plain walk's, at every step of erratic hands
in all four variants and at their ends (results, sheets), and reads back as the same state."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.hand import HandState, Phase, new_hand
from engine.hand_codec import encode, encode_walk
from engine.tiles import parse_tiles
from tests.engine.flow.harness import bots_finish, erratic_states

VARIANTS = ["pinghe", "nanping", "guangdong", "erren"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_state_of_erratic_hands_encodes_as_the_plain_walk(variant):
    seen = 0
    for state in erratic_states(variant, hands=6, deal="codec", rng="codec"):
        assert encode(state) == encode_walk(state)
        assert state.to_json() == {k: v for k, v in encode_walk(state).items() if k != "sheet"}
        seen += 1
    assert seen > 100


@pytest.mark.parametrize("variant", VARIANTS)
def test_finished_hands_encode_as_the_plain_walk_and_read_back(variant):
    for n in range(4):
        end = bots_finish(new_hand(variant, seed=f"codec-end-{n}", dealer=n % 2), random.Random(n), listed=False)
        assert end.finished and end.result is not None
        assert encode(end) == encode_walk(end)
        assert HandState.from_json(end.to_json()) == end


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_state_reads_back_as_itself(variant):
    for state in erratic_states(variant, hands=2, deal="codec-back", rng="codec-back"):
        assert HandState.from_json(state.to_json()) == state


def test_the_remembered_wall_is_copied_out_not_shared():
    state = next(iter(erratic_states("pinghe", hands=1, deal="wall", rng="wall")))
    first = state.to_json()
    first["wall"][0] = "changed by the caller"
    again = state.to_json()
    assert again["wall"] == [str(t) for t in state.wall]


def test_a_wall_with_equal_tiles_but_another_object_is_encoded_afresh():
    state = next(iter(erratic_states("pinghe", hands=1, deal="wall2", rng="wall2")))
    state.to_json()  # remembers this wall
    reversed_wall = dataclasses.replace(state, wall=tuple(reversed(state.wall)))
    assert reversed_wall.to_json()["wall"] == [str(t) for t in reversed(state.wall)]


def test_values_that_do_not_fit_their_hints_are_walked():
    state = next(iter(erratic_states("pinghe", hands=1, deal="hint", rng="hint")))
    odd = dataclasses.replace(state, wall=list(parse_tiles("123m")), phase=Phase.TURN, front=True)  # type: ignore[arg-type]
    assert encode(odd) == encode_walk(odd)
