"""Scripted guangdong tables for the flow stories.

Alice (seat 0, 东) deals unless a story says otherwise; Bob (南), Carol (西) and
Dave (北) follow in turn order, so Bob chows Alice's discards. A story writes the
hands that matter in mpsz; every other seat gets a junk hand: singles of 2/5/8 in
each suit and four single honours, which can never claim, win or become 十三幺.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.actions import Discard
from engine.hand import HandState, Phase, apply, legal_actions, start_hand
from engine.hand_script import arrange
from engine.tiles import Tile, parse_tiles
from engine.variants import get as get_variant
from tests.engine.flow.harness import ALICE, PASS, WIN, play

VARIANT = "guangdong"
BASE = 10


def deal(
    hands: dict[int, str], *, live: str = "", back: str = "", dealer: int = ALICE, opening: bool = False, **options: Any
) -> HandState:
    """A guangdong hand dealt exactly so (base 10); the opening window (天胡) is passed unless `opening`."""
    opts = deal_options(hands, live=live, back=back, dealer=dealer)
    state = start_hand(VARIANT, seed="story", dealer=dealer, base=BASE, options={**opts, **options}).state
    if state.phase == Phase.OPENING and not opening:
        state = everyone_passes(state)
    return state


def deal_options(hands: dict[int, str], *, live: str = "", back: str = "", dealer: int = ALICE) -> dict[str, Any]:
    """The scripted deal's `new_hand` options: the story's hands, every other seat a junk hand."""
    rules = get_variant(VARIANT)
    used = Counter(t for h in hands.values() for t in parse_tiles(h))
    used.update(parse_tiles(live + back))
    all_hands = [hands.get(s, "") for s in range(4)]
    for seat in range(4):
        story = list(parse_tiles(all_hands[seat]))
        junk = _junk(rules.tile_set, used, story, rules.hand_size(seat, dealer) - len(story))
        used.update(junk)
        all_hands[seat] = "".join(str(t) for t in (*story, *junk))
    return arrange(VARIANT, dealer=dealer, hands=all_hands, live=live, back=back)


def _junk(tile_set: tuple[Tile, ...], used: Counter[Tile], story: list[Tile], size: int) -> list[Tile]:
    """`size` tiles that make no pair, run or partial run with each other or the story's tiles."""
    pool = Counter(tile_set)
    pool.subtract(used)
    picked: list[Tile] = []
    numbers = [Tile(9 * suit + n - 1) for n in (2, 5, 8, 3, 6, 9, 1, 4, 7) for suit in range(3)]
    for tile in [*numbers, *(Tile(kind) for kind in range(27, 34))]:
        held = [*story, *picked]
        near = any(p.suit == tile.suit and abs(p.number - tile.number) <= (0 if tile.is_honor else 2) for p in held)
        if pool[tile] > 0 and not near and len(picked) < size:
            picked.append(tile)
    if len(picked) < size:
        raise ValueError("the story leaves too few tiles for a junk hand")
    return picked


def everyone_passes(state: HandState) -> HandState:
    for seat in state.to_act:
        state = apply(state, seat, PASS).state
    return state


def throw_drawn(state: HandState, *seats: int) -> HandState:
    """Each seat in turn discards the tile it just drew; nobody claims those discards."""
    for seat in seats:
        assert state.phase == Phase.TURN and state.turn == seat, (state.phase, state.turn, seat)
        drawn = state.seats[seat].drawn
        assert drawn is not None
        state = play(state, (seat, _discard(drawn)))
        if state.phase == Phase.CLAIM:
            state = everyone_passes(state)
    return state


def play_to_the_end(state: HandState, winner: int | None = None) -> HandState:
    """Everyone throws what they draw and passes every claim; `winner` wins as soon as it may."""
    while not state.finished:
        if state.phase != Phase.TURN:
            state = everyone_passes(state)
            continue
        seat = state.turn
        if seat == winner and WIN in legal_actions(state, seat):
            return play(state, (seat, WIN))
        drawn = state.seats[seat].drawn
        assert drawn is not None
        state = play(state, (seat, _discard(drawn)))
    return state


def _discard(tile: Tile) -> Discard:
    return Discard(tile)


def facts(state: HandState) -> dict[str, Any]:
    assert state.result is not None
    return dict(state.result.facts)
