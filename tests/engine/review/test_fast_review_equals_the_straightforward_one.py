"""A hand's review is the same whether its pieces are computed the fast way or the straightforward
way: each decision's Sight read from the state's fields the seat's view shows, or from the view's
JSON parsed back (`sight_of(view(state, seat), ...)`); each discard judged from one reading of the
hand (`judge.Discards`), or tile by tile (each discard's rest counted by `judge.efficiency`, its
danger by `judge.danger`, the careful choice by `judge.best_discard` alone) with 游金 asked of every
discard. The platform stores these reviews as JSON, so they must match byte for byte.

Stories: bots play hands of all four games; at every step every seat's Sight is the same both
ways, and every seat's review serializes to the same JSON.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

import pytest

from engine import judge, review
from engine.actions import Pass
from engine.hand import apply, only_pass, pass_for_idle_seats, start_hand
from engine.judge import DiscardChoice
from engine.review import review_seats
from engine.review_sight import sight_of
from engine.tiles import Tile
from engine.variants import get as get_variant
from engine.view import view
from tests.engine.review.story import bot_played

VARIANTS = ["pinghe", "nanping", "guangdong", "erren"]


class StraightforwardDiscards:
    """`judge.Discards` the long way: every discard's rest counted on its own, ranked, and
    `best_discard` with the game's style and table."""

    def __init__(self, sight: judge.Sight, candidates: Iterable[Tile]) -> None:
        style = judge.style_for(sight.variant)
        table = judge.table_for(sight, style)
        tiles = sorted(set(candidates))
        self.all = tuple(sorted((self._judged(sight, table, t) for t in tiles), key=self._order(sight)))
        self.best = self.choice(judge.best_discard(sight, style, table, tiles)[0])
        self.steps: dict[Tile, int] = {}  # no shanten known: 游金 asked of every discard

    @staticmethod
    def _judged(sight: judge.Sight, table: judge.Table, tile: Tile) -> DiscardChoice:
        rest = list(sight.hand)
        rest.remove(tile)
        eff = judge.efficiency(rest, sight)
        return DiscardChoice(tile, eff.shanten, eff.count, eff.tiles, judge.danger(sight, table, tile))

    @staticmethod
    def _order(sight: judge.Sight):
        return lambda c: (c.shanten, -c.effective, c.tile == sight.gold, c.danger, c.tile)

    def choice(self, tile: Tile) -> DiscardChoice:
        return next(c for c in self.all if c.tile == tile)

    def ranked(self, shown: int) -> tuple[DiscardChoice, ...]:
        return self.all[:shown]

    def careful(self) -> DiscardChoice:
        return self.best


def straightforward_sight(state, seat):
    if only_pass(state, seat):
        return None
    return sight_of(view(state, seat), judge.sight(state, seat))


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_seat_sees_the_same_from_the_state_as_from_its_view(variant):
    for n in range(2):
        replay = bot_played(variant, f"fast-sight-{variant}-{n}")
        state = start_hand(variant, seed=replay.seed, dealer=0).state
        for actor, data in replay.actions:
            action = review._parse(0, data)
            if not isinstance(action, Pass) and only_pass(state, actor):
                state = pass_for_idle_seats(state).state
            for seat in range(state.n_seats):
                assert review._decision_sight(state, seat) == straightforward_sight(state, seat)
            state = apply(state, actor, action).state


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_seats_review_is_the_same_json_both_ways(variant, monkeypatch):
    replays = [bot_played(variant, f"fast-review-{variant}-{n}") for n in range(4)]
    seats = range(get_variant(variant).n_seats)
    fast = [review_seats(replay, seats) for replay in replays]
    monkeypatch.setattr(review, "_decision_sight", straightforward_sight)
    monkeypatch.setattr(judge, "Discards", StraightforwardDiscards)
    slow = [review_seats(replay, seats) for replay in replays]
    decisions = 0
    for quick, long in zip(fast, slow, strict=True):
        for seat in seats:
            assert json.dumps(quick[seat].to_json(), ensure_ascii=False) == json.dumps(
                long[seat].to_json(), ensure_ascii=False
            )
            decisions += len(quick[seat].decisions)
    assert decisions > 50
