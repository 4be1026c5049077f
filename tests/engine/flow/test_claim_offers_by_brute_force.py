"""Every discard asks each other seat what it may claim, and the rule step answers on quick tests
(tables of the tiles near each face, counts instead of lists). What a window offers must be what
the rules say, read the slow way.

Story: erratic players play hands of every variant. At every claim window, each seat is offered
- the win exactly when the full discard-win check passes (`validate` of a win, which runs no quick
  test), then what the variant narrows (guangdong 漏胡, erren 报听 and 海底捞月);
- a pong when two of its non-gold tiles play as the discard's face, a kong when three do and the
  wall still has a tile;
- a chow when it sits next after the discarder (in a game with chows) and two of its non-gold tiles
  make a run with the discard's face.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from engine import hand_rules as rules
from engine.actions import Chow, IllegalAction, Win
from engine.hand import HandState, Phase, flow_hooks, legal_actions, validate
from tests.engine.flow.harness import erratic_states

VARIANTS = ["pinghe", "nanping", "guangdong", "erren"]


def windows_of_erratic_hands(variant: str, hands: int) -> list[HandState]:
    states = erratic_states(variant, hands, deal="claims-", rng="claims-")
    return [s for s in states if s.phase == Phase.CLAIM and s.window is not None and not s.window.answers]


def slow_offers(state: HandState, seat: int) -> tuple[str, ...]:
    assert state.window is not None and state.window.tile is not None and state.window.source is not None
    tile, gold = state.window.tile, state.gold
    face = rules.face(tile, gold)
    hand = [t for t in state.seats[seat].hand if not rules.is_gold(t, gold)]
    offers = []
    try:
        validate(state, seat, Win())
        offers.append("win")
    except IllegalAction:
        pass
    same = sum(1 for t in hand if rules.face(t, gold) == face)
    if same >= 3 and state.drawable > 0:
        offers.append("kong")
    if same >= 2:
        offers.append("pong")
    if state.rules.chow and seat == (state.window.source + 1) % state.n_seats and makes_a_run(hand, face, gold):
        offers.append("chow")
    return flow_hooks(state.rules).claims(state, seat, tuple(offers))


def makes_a_run(hand: list, face, gold) -> bool:
    return bool(run_faces(hand, face, gold))


def run_faces(hand: list, face, gold) -> set[tuple[int, int]]:
    """The pairs of faces (kinds) of two hand tiles that make a run with the discard's face."""
    found: set[tuple[int, int]] = set()
    if face.is_honor:
        return found
    for a, b in combinations(hand, 2):
        fa, fb = rules.face(a, gold), rules.face(b, gold)
        faces = sorted({fa.kind, fb.kind, face.kind})
        same_suit = not fa.is_honor and not fb.is_honor and fa.suit == fb.suit == face.suit
        if same_suit and len(faces) == 3 and faces[2] - faces[0] == 2:
            found.add((min(fa.kind, fb.kind), max(fa.kind, fb.kind)))
    return found


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_seat_is_offered_what_the_slow_reading_of_the_rules_offers(variant):
    windows = windows_of_erratic_hands(variant, 10)
    offered = chows = 0
    for state in windows:
        assert state.window is not None
        for seat in state.window.asked:
            assert state.window.offered(seat) == slow_offers(state, seat)
            offered += bool(state.window.offered(seat))
            chows += assert_chows_are_the_runs(state, seat)
    assert len(windows) > 150 and offered > 50
    assert chows > 10 or variant == "erren"


def assert_chows_are_the_runs(state: HandState, seat: int) -> int:
    """A seat offered chows may take each run its tiles make with the discard, once per pair of faces."""
    assert state.window is not None and state.window.tile is not None
    if "chow" not in state.window.offered(seat):
        return 0
    gold = state.gold
    chows = [a for a in legal_actions(state, seat) if isinstance(a, Chow)]
    hand = [t for t in state.seats[seat].hand if not rules.is_gold(t, gold)]
    faces = [tuple(sorted(rules.face(t, gold).kind for t in a.tiles)) for a in chows]
    assert sorted(faces) == sorted(run_faces(hand, rules.face(state.window.tile, gold), gold))
    return len(chows)
