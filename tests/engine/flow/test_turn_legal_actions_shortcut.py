"""A turn's legal actions are most of what a bot asks for, and most of them are discards: the
rule step checks a turn's discards on a shortcut (the variant's `check` only when it has one,
双游 read once per hand), and it must allow exactly what the rule step itself accepts.

Story: erratic players (the bot, or any legal action at random) play hands of every variant, so
turns come with golds, 游金 and 双游, kongs to declare, erren's 报听 and locked hands. At every turn,
the legal actions are exactly the turn actions (a win, a kong, a discard or 报听 of any tile) that
`apply` accepts, discards in tile order.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.actions import Action, Discard, IllegalAction, Kong, Win
from engine.games.erren.actions import Declare
from engine.hand import HandState, Phase, apply, legal_actions, validate
from engine.hand.state import replace_seat
from engine.tiles import NON_FLOWER_TILES
from tests.engine.flow.harness import erratic_states

VARIANTS = ["pinghe", "nanping", "guangdong", "erren"]
TURN_ACTIONS: list[Action] = [Win(), *(cls(t) for cls in (Kong, Discard, Declare) for t in NON_FLOWER_TILES)]
DISCARDS: list[Action] = [Discard(t) for t in NON_FLOWER_TILES]


def accepted(state: HandState, seat: int, actions: list[Action]) -> set[Action]:
    """The slow way: every one of `actions` tried on the rule step itself."""
    out = set()
    for action in actions:
        try:
            apply(state, seat, action)
        except IllegalAction:
            continue
        out.add(action)
    return out


def assert_legal_is_accepted(state: HandState) -> list[Action]:
    legal = legal_actions(state, state.turn)
    assert set(legal) == accepted(state, state.turn, TURN_ACTIONS)
    discards = [a.tile for a in legal if isinstance(a, Discard)]
    assert discards == sorted(discards)
    return legal


def turns_of_erratic_hands(variant: str, hands: int) -> list[HandState]:
    def options(n: int) -> dict[str, bool]:
        return {"named_gold": True} if variant in ("pinghe", "nanping") and n % 3 == 0 else {}

    states = erratic_states(variant, hands, deal="turns-", rng="turns-", options=options)
    return [s for s in states if s.phase == Phase.TURN]


def with_another_seat_in_shuangyou(state: HandState) -> HandState:
    """The same turn while the next seat is in 双游 (rare in play): only the drawn tile may go out."""
    other = (state.turn + 1) % state.n_seats
    seats = list(state.seats)
    seats[other] = replace_seat(seats[other], you=2)
    return replace(state, seats=tuple(seats))


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_turns_legal_actions_are_what_the_rule_step_accepts(variant):
    turns = turns_of_erratic_hands(variant, 8)
    for state in turns:
        assert_legal_is_accepted(state)
    assert len(turns) > 150


@pytest.mark.parametrize("variant", ["pinghe", "nanping"])
def test_while_another_seat_is_in_shuangyou_too(variant):
    drawn_tiles_out = 0
    for state in map(with_another_seat_in_shuangyou, turns_of_erratic_hands(variant, 4)):
        legal = [a for a in legal_actions(state, state.turn) if isinstance(a, Discard)]
        assert legal == [a for a in DISCARDS if validated(state, a)]
        assert [a.tile for a in legal] in ([], [state.seats[state.turn].drawn])
        drawn_tiles_out += len(legal)
    assert drawn_tiles_out > 50


def validated(state: HandState, action: Action) -> bool:
    """The shared validator's word (the made-up state cannot be played on: the next seat's draw
    could end the hand in a 双游 its tiles do not hold)."""
    try:
        validate(state, state.turn, action)
    except IllegalAction:
        return False
    return True
