"""游戏中换牌 and 搓牌: table options with a probability, off by default, seeded and shown to both players."""

import random
from collections import Counter

import pytest

from engine.actions import Action
from engine.events import Event
from engine.games.erren.actions import NotOffered
from engine.hand import Phase, apply, legal_actions, start_hand
from engine.replay import replay
from engine.tiles import Tile
from engine.view import view
from tests.engine.flow.harness import bots_finish

from .table import ALICE, BOB, DECLARE, KEEP, PASS, PICK, SWAP, D, hand, kinds, play, table

ALICE_HAND = "123456789m123p5z1z"
BOB_HAND = "456p789p456s789s6z"


def opened(**options):
    state, _ = table(ALICE_HAND, BOB_HAND, live="7z 2z 3z", **options)
    state, _ = play(state, (ALICE, KEEP), (BOB, KEEP))
    return state


def test_搓牌_lets_the_player_name_the_tile_drawn():
    state = opened(pick_probability=1.0)
    state, events = play(state, (ALICE, D("1z")))
    assert state.phase == Phase.OFFER and state.to_act == (BOB,)
    assert kinds(events)[-1] == "cuopai_offer"
    before = Counter(state.wall)
    state, events = play(state, (BOB, PICK("6z")))
    assert state.seats[BOB].drawn == Tile.parse("6z")
    assert Counter(state.wall) == before  # the named tile swapped places with the next one
    shown = [e.view(ALICE) for e in events if e.kind == "cuopai"]
    assert shown == [{"kind": "cuopai", "seat": BOB, "tile": "6z"}]  # the opponent sees it too


def test_搓牌_passed_draws_the_next_tile_as_usual():
    state = opened(pick_probability=1.0)
    state, _ = play(state, (ALICE, D("1z")), (BOB, PASS))
    assert state.seats[BOB].drawn == Tile.parse("7z") and state.phase == Phase.TURN


def test_搓牌_offers_only_tiles_still_unseen():
    state, _ = table("123456789m1p555z1z", "456p789p456s789s5z", live="7z", pick_probability=1.0)
    state, _ = play(state, (ALICE, KEEP), (BOB, KEEP), (ALICE, D("1z")))
    with pytest.raises(NotOffered):
        apply(state, BOB, PICK("5z"))  # every 5z is in a hand
    assert PICK("1z") in legal_actions(state, BOB) and PICK("5z") not in legal_actions(state, BOB)
    assert state.phase == Phase.OFFER


def test_游戏中换牌_offers_a_triplet_after_the_draw():
    state = opened(swap_probability=1.0)
    state, events = play(state, (ALICE, D("1z")))
    offer = state.ext["offer"]
    assert state.phase == Phase.OFFER and offer["kind"] == "swap"
    assert [e.public for e in events if e.kind == "huanpai_offer"] == [{"tile": offer["tile"]}]
    triplet = Tile.parse(offer["tile"])
    state, events = play(state, (BOB, SWAP("7z6z4p")))
    assert state.seats[BOB].hand.count(triplet) >= 3
    assert state.phase == Phase.TURN and state.to_act == (BOB,)
    assert [e.public["gave"] for e in events if e.kind == "huanpai"] == ["4p67z"]


def test_游戏中换牌_may_be_declined():
    state = opened(swap_probability=1.0)
    state, _ = play(state, (ALICE, D("1z")))
    held = hand(state, BOB)
    state, events = play(state, (BOB, PASS))
    assert hand(state, BOB) == held and kinds(events) == ["huanpai_pass"]


def test_a_declared_player_gets_no_offers():
    state = opened(swap_probability=1.0, pick_probability=1.0)
    state, _ = play(state, (ALICE, DECLARE("1z")))
    state, events = play(state, (BOB, PASS), (BOB, PASS), (BOB, D("7z")))  # Bob passes both offers
    assert "auto_discard" in kinds(events)
    assert {e.seat for e in events if e.kind.endswith("_offer")} == {BOB}  # Alice's draws come with none


def test_the_options_are_off_by_default():
    events: list[Event] = []
    bots_finish(start_hand("erren", seed="quiet", options={}).state, random.Random(1), events=events, listed=False)
    assert not {"cuopai_offer", "huanpai_offer"} & set(kinds(events))


def _bot_hand(seed: str, options: dict) -> list[dict]:
    events: list[Event] = []
    bots_finish(start_hand("erren", seed=seed, options=options).state, random.Random(7), events=events, listed=False)
    return [e.to_json() for e in events]


def test_the_offers_follow_from_the_seed_so_a_replay_gives_the_same_hand():
    options = {"swap_probability": 0.3, "pick_probability": 0.3}
    first = _bot_hand("fair-seed", options)
    assert first == _bot_hand("fair-seed", options)
    assert {"cuopai_offer", "huanpai_offer"} <= {e["kind"] for e in first}


def test_the_offer_is_in_both_players_view():
    state = opened(swap_probability=1.0)
    state, _ = play(state, (ALICE, D("1z")))
    assert view(state, ALICE)["table"]["offer"] == state.ext["offer"]
    assert legal_actions(state, ALICE) == []


def test_a_hand_with_offers_replays_from_its_seed_and_the_actions_as_json():
    options = {"swap_probability": 0.4, "pick_probability": 0.4}
    moves: list[tuple[int, Action]] = []
    state = bots_finish(
        start_hand("erren", seed="replay-me", options=options).state, random.Random(3), actions=moves, listed=False
    )
    actions = [(seat, action.to_json()) for seat, action in moves]
    replayed, _ = replay("erren", "replay-me", options, actions)
    assert replayed == state and replayed.sheet == state.sheet
    assert {a["type"] for _, a in actions} & {"pick", "swap", "exchange"}


@pytest.mark.parametrize("value", [1.5, -0.1, "often", True])
def test_an_option_that_is_not_a_probability_deals_no_hand(value):
    with pytest.raises(ValueError, match="probability"):
        start_hand("erren", seed="x", options={"swap_probability": value})
