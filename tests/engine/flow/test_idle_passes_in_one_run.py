"""A bot table passes at once for every seat whose only choice is to pass; `pass_idle_run` does it
for the seats first in line, and must leave exactly what those passes applied one by one leave.

Story: erratic players (the bot, or any legal action at random, from a random seat) play hands of
every variant, so windows open after discards, added kongs and before draws with all sorts of
offers. At every step, the run of passes gives the very state (versions and the window's answers
included) and the very events that `apply(Pass())` gives when repeated while the first seat to act
may only pass; and a seat with a choice is never passed for.
"""

from __future__ import annotations

import pytest

from engine.actions import Pass
from engine.events import Event
from engine.hand import HandState, Progress, apply, apply_then_idle, legal_actions, only_pass, pass_idle_run
from tests.engine.flow.harness import erratic_states

VARIANTS = ["pinghe", "nanping", "guangdong", "erren"]


def one_by_one(state: HandState) -> Progress:
    """The slow way: ask `only_pass` for the first seat to act, and apply its pass, again and again."""
    events: list[Event] = []
    while state.to_act and only_pass(state, state.to_act[0]):
        progress = apply(state, state.to_act[0], Pass())
        state = progress.state
        events.extend(progress.events)
    return Progress(state, tuple(events))


def states_of_erratic_hands(variant: str, hands: int) -> list[HandState]:
    return list(erratic_states(variant, hands, deal="idle-", rng=""))


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_run_of_idle_passes_is_the_passes_applied_one_by_one(variant):
    windows = 0
    for state in states_of_erratic_hands(variant, 12):
        fast, slow = pass_idle_run(state), one_by_one(state)
        assert fast.state == slow.state
        assert fast.state.version == slow.state.version
        assert fast.state.window == slow.state.window  # the answers, in order, and when it opened
        assert fast.events == slow.events
        if fast.state is not state and not fast.state.finished:
            assert not only_pass(fast.state, fast.state.to_act[0])  # the seat left to act has a choice
        windows += state.window is not None
    assert windows > 200  # the hands opened plenty of windows


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_decision_then_its_idle_passes_is_apply_then_the_run(variant):
    """`apply_then_idle` (a bot table's step: the passes a discard nobody can claim leaves, on the
    discard's own draft) leaves what `apply` followed by `pass_idle_run` leaves, for every legal action."""
    fused = 0
    for state in states_of_erratic_hands(variant, 6):
        for seat in state.to_act[:1]:
            for action in legal_actions(state, seat):
                applied = apply(state, seat, action)
                rest = pass_idle_run(applied.state)
                both = apply_then_idle(state, seat, action)
                assert both.state == rest.state
                assert both.state.version == rest.state.version
                assert both.state.window == rest.state.window
                assert both.state.sheet == rest.state.sheet
                assert both.events == (*applied.events, *rest.events)
                fused += rest.state is not applied.state
    assert fused > 100  # plenty of decisions were followed by passes
