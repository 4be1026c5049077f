"""Scripted hands for the review stories, recorded as replays (engine.review.Replay).

A story writes every seat's hand in mpsz and the draws (`live`); `Story.play` applies
the moves it names and, between them, lets every other seat discard the tile it drew
(`Story.until_turn`), recording each action so the hand can be reviewed from its replay.
Alice (seat 0) deals; Bob, Carol and Dave follow.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.actions import Action, Discard, Pass
from engine.hand import HandState, Phase, apply, only_pass, start_hand
from engine.hand_script import arrange
from engine.review import Choice, Decision, HandReview, Replay, review
from tests.engine.flow.harness import bots_finish

ALICE, BOB, CAROL, DAVE = 0, 1, 2, 3


def bot_played(variant: str, seed: str) -> Replay:
    """The replay of a hand dealt from `seed` (seat 0 deals) that the bots play to its end."""
    actions: list[tuple[int, Action]] = []
    state = start_hand(variant, seed=seed, dealer=0).state
    bots_finish(state, random.Random(seed), actions=actions, listed=False)  # erren's exchange is not listed
    return Replay(variant, seed, tuple((seat, action.to_json()) for seat, action in actions))


@dataclass
class Story:
    """A hand being played from a scripted deal, with its actions recorded."""

    variant: str
    hands: list[str]
    live: str = ""
    gold: str | None = None
    back: str = ""
    options: dict[str, object] = field(init=False)
    state: HandState = field(init=False)
    actions: list[tuple[int, dict[str, object]]] = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        self.options = arrange(
            self.variant, dealer=ALICE, hands=self.hands, live=self.live, back=self.back, gold=self.gold
        )
        self.state = start_hand(self.variant, seed="story", dealer=ALICE, options=self.options).state
        while self.state.phase == Phase.OPENING:  # nobody takes 天胡 / 抢金 unless a story says so
            self.play((self.state.to_act[0], Pass()))

    def play(self, *moves: tuple[int, Action]) -> Story:
        """The moves, each followed by the passes the table makes for seats with nothing to claim."""
        for seat, action in moves:
            self.state = apply(self.state, seat, action).state
            self.actions.append((seat, action.to_json()))
            while (idle := next((s for s in self.state.to_act if only_pass(self.state, s)), None)) is not None:
                self.state = apply(self.state, idle, Pass()).state
                self.actions.append((idle, Pass().to_json()))
        return self

    def until_turn(self, seat: int) -> Story:
        """The others discard what they draw (and pass any claim) until `seat` is to discard."""
        while not self.state.finished and not (self.state.phase == Phase.TURN and self.state.turn == seat):
            actor = self.state.to_act[0]
            s = self.state.seats[actor]
            self.play((actor, Discard(s.drawn) if self.state.phase == Phase.TURN and s.drawn else Pass()))
        return self

    @property
    def replay(self) -> Replay:
        assert self.state.finished, "the story's hand is not over"
        return Replay(self.variant, "story", tuple(self.actions), options=self.options, dealer=ALICE)

    def review(self, seat: int) -> HandReview:
        return review(self.replay, seat)

    def step_of(self, seat: int, action: Action) -> int:
        """The step number (1-based) of the seat's first such action."""
        return 1 + self.actions.index((seat, action.to_json()))


def chosen(decision: Decision) -> Choice:
    """The discard a decision chose (the decision must be a discard)."""
    assert decision.chosen is not None, f"step {decision.step} is not a discard"
    return decision.chosen


def win_type(story: Story) -> str:
    """How the story's hand was won, in English ("draw" for a 流局)."""
    result = story.state.result
    assert result is not None
    return result.win_type.en if result.win_type else "draw"
