"""Nothing a seat or a spectator sees depends on another seat's concealed tiles (issue 16).

The engine's part: a window is put to every seat it may reach, whoever holds something to answer;
a seat offered nothing has only `pass` (the table passes for it, `pass_for_idle_seats`); answers are
not announced; views show the window's seats and the version it opened at. Played through the same
public moves from two deals that differ only in one hidden tile of the secret seat's (see
`secret_deals`), every other seat and a spectator see the same views at each new decision and the
same events, in all four variants.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import Action, Discard, Pass
from engine.hand import HandState, apply, asked, pass_for_idle_seats, start_hand
from engine.tiles import Tile
from engine.variants import get as get_variant
from engine.view import view
from tests.engine.flow.secret_deals import PAIR, deals

DISCARDS = 6


class Watch:
    """What each audience but the secret seat is shown: the view at every new decision, every event."""

    def __init__(self, state: HandState, secret: int) -> None:
        n = state.n_seats
        self.audiences: list[int | None] = [s for s in range(n) if s != secret] + [None]
        self.shown: dict[int | None, list[Any]] = {a: [] for a in self.audiences}
        self.decision: int | None = None
        self.look(state, ())

    def look(self, state: HandState, events: tuple[Any, ...]) -> None:
        for audience in self.audiences:
            self.shown[audience].extend(e.view(audience) for e in events)
        if state.decision_version != self.decision:  # a new decision: what its prompt would show
            self.decision = state.decision_version
            for audience in self.audiences:
                self.shown[audience].append(view(state, audience))


def next_move(state: HandState, discards: int) -> tuple[int, Action]:
    """The same public moves for both deals: pass every window, let the first 2z go, then each draw."""
    seat = next(s for s in state.to_act if asked(state, s))
    if state.window is not None:
        return seat, Pass()
    drawn = state.seats[seat].drawn
    return seat, Discard(drawn if drawn is not None and discards else Tile.parse(PAIR))


def watched(variant: str, options: dict[str, Any], secret: int) -> tuple[dict[int | None, list[Any]], bool]:
    """Play the public moves; what each audience saw, and whether the secret seat had to answer."""
    start = start_hand(variant, seed="secret", dealer=0, base=10, options=options)
    watch = Watch(start.state, secret)
    watch.look(start.state, start.events)
    idle = pass_for_idle_seats(start.state)
    state, discards, asked_secret = idle.state, 0, False
    watch.look(state, idle.events)
    while discards < DISCARDS and not state.finished:
        seat, action = next_move(state, discards)
        asked_secret = asked_secret or (seat == secret and isinstance(action, Pass) and discards == 1)
        discards += isinstance(action, Discard)
        progress = apply(state, seat, action)
        watch.look(progress.state, progress.events)
        idle = pass_for_idle_seats(progress.state)
        state = idle.state
        watch.look(state, idle.events)
    assert discards == DISCARDS, "the story's hand ended early"
    return watch.shown, asked_secret


@pytest.mark.parametrize("variant", ["pinghe", "nanping", "guangdong", "erren"])
def test_every_other_seat_and_a_spectator_see_the_same_whoever_can_claim(variant):
    with_pair, without, secret = deals(variant)
    seen, asked_with = watched(variant, with_pair, secret)
    seen_again, asked_without = watched(variant, without, secret)
    assert asked_with and not asked_without, "the deals must differ in what the secret seat may claim"
    for audience in seen:
        assert seen[audience] == seen_again[audience], f"seat {audience} saw a difference"


@pytest.mark.parametrize("variant", ["pinghe", "nanping", "guangdong", "erren"])
def test_a_claim_window_is_put_to_every_other_seat_and_only_a_claimant_is_asked(variant):
    with_pair, without, secret = deals(variant)
    n = get_variant(variant).n_seats
    for options, claims in ((with_pair, True), (without, False)):
        state = pass_for_idle_seats(start_hand(variant, seed="secret", dealer=0, options=options).state).state
        while state.phase.name != "TURN":  # erren's opening exchange first: both let it go
            seat = next(s for s in state.to_act if asked(state, s))
            state = pass_for_idle_seats(apply(state, seat, Pass()).state).state
        opened = apply(state, 0, Discard(Tile.parse(PAIR))).state
        assert opened.public_to_act == tuple(range(1, n)) and opened.window is not None
        assert view(opened, None)["claim"]["waiting"] == list(range(1, n))
        assert bool(asked(opened, secret)) is claims
        shown = [view(opened, s) for s in range(n) if s != secret] + [view(opened, None)]
        after = pass_for_idle_seats(opened).state
        assert (after.window is not None) is claims  # the window waits for the claimant only
        if claims:
            assert after.public_to_act == opened.public_to_act and after.decision_version == opened.decision_version
            assert [view(after, s) for s in range(n) if s != secret] + [view(after, None)] == shown
