"""Views show a seat its own hand and the table, never another hand or the wall order;
a hand is (rules, seed, actions): replaying rebuilds the same state and events."""

import json
import random

import pytest

from engine.actions import Action, IllegalAction, action_from_json
from engine.hand import HandState, apply, new_hand, pass_for_idle_seats, start_hand
from engine.replay import replay
from engine.tiles import format_tiles
from engine.view import view
from tests.engine.flow.harness import ALICE, BOB, D, bots_finish


def bot_hand(variant: str, seed: str):
    progress = start_hand(variant, seed=seed, dealer=1)
    events, actions = list(progress.events), list[tuple[int, Action]]()
    state = bots_finish(progress.state, random.Random(seed), events=events, actions=actions)
    return state, events, [(seat, action.to_json()) for seat, action in actions]


@pytest.mark.parametrize("variant", ["pinghe", "nanping"])
def test_replaying_the_actions_rebuilds_the_same_state_and_events(variant):
    state, events, actions = bot_hand(variant, "replay")
    again, again_events = replay(variant, "replay", {}, json.loads(json.dumps(actions)), dealer=1)
    assert again == state and list(again_events) == events
    assert [e.to_json() for e in events] == [type(e).from_json(e.to_json()).to_json() for e in events]


def test_a_seat_sees_its_own_hand_only_and_never_the_wall():
    state = new_hand("pinghe", seed="views", dealer=ALICE)
    mine = view(state, BOB)
    assert mine["seats"][BOB]["hand"] == format_tiles(state.seats[BOB].hand)
    assert all("hand" not in s for i, s in enumerate(mine["seats"]) if i != BOB)
    spectator = view(state, None)
    assert all("hand" not in s for s in spectator["seats"]) and spectator["legal_actions"] == []
    text = json.dumps(mine)
    assert format_tiles(state.wall[state.front : state.front + 8], sort=False) not in text


def test_a_draw_event_shows_the_tile_to_the_drawer_only():
    state = pass_for_idle_seats(new_hand("nanping", seed="events", dealer=ALICE)).state
    progress = apply(state, ALICE, D(str(state.seats[ALICE].hand[0])))
    then = pass_for_idle_seats(progress.state)  # the claim window closes, Bob draws
    draws = [e for e in (*progress.events, *then.events) if e.kind == "draw"]
    assert draws
    for event in draws:
        assert "tile" in (event.view(event.seat) or {})
        assert "tile" not in (event.view((event.seat or 0) + 1) or {}) and "tile" not in (event.view(None) or {})


def test_a_finished_hand_reveals_every_hand_and_the_sheet():
    state, _, _ = bot_hand("nanping", "reveal")
    seen = view(state, None)
    assert all("hand" in s for s in seen["seats"])
    assert seen["result"]["sheet"] is not None and seen["result"]["seed"] == "reveal"


def test_an_illegal_action_changes_nothing():
    state = new_hand("pinghe", seed="illegal", dealer=ALICE)
    before = json.dumps(state.to_json())
    for seat, data in [(BOB, {"type": "discard", "tile": "1m"}), (ALICE, {"type": "pong"}), (ALICE, {"type": "chow"})]:
        with pytest.raises(IllegalAction):
            apply(state, seat, action_from_json(data))
    assert json.dumps(state.to_json()) == before and HandState.from_json(json.loads(before)) == state


@pytest.mark.parametrize(
    "bad", [{"type": "discard", "tile": "0m"}, {"type": "fly"}, ["discard"], {"type": "chow", "tiles": ["1m"]}]
)
def test_malformed_action_json_is_refused_with_a_reason(bad):
    with pytest.raises(IllegalAction) as caught:
        action_from_json(bad)
    assert caught.value.code == "malformed" and caught.value.reason
