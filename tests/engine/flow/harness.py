"""Scripted tables for the hand-flow stories.

Alice (seat 0) deals unless a story says otherwise; Bob, Carol and Dave follow in
turn order (Bob is on Carol's left, and so on). A story writes the hands that
matter in mpsz; every other seat gets a "junk" hand that can never claim or win
(no pairs, no two tiles of a suit within two steps, no golds), so nothing happens
that the story did not write.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from engine import bot
from engine.actions import Action, Chow, Discard, Kong, Pass, Pong, QiangJin, Win
from engine.events import Event
from engine.hand import HandState, Phase, apply, legal_actions, new_hand, pass_for_idle_seats, start_hand
from engine.hand_script import arrange
from engine.tiles import BAIBAN, Tile, parse_tiles
from engine.variants import get as get_variant

ALICE, BOB, CAROL, DAVE = 0, 1, 2, 3
WIN, PASS, PONG = Win(), Pass(), Pong()


def D(tile: str) -> Discard:
    return Discard(Tile.parse(tile))


def K(tile: str) -> Kong:
    return Kong(Tile.parse(tile))


def C(tiles: str) -> Chow:
    a, b = parse_tiles(tiles)
    return Chow((a, b))


def QJ(tile: str | None = None) -> QiangJin:
    return QiangJin(Tile.parse(tile) if tile else None)


def deal(variant: str, hands: dict[int, str], *, opening: bool = False, **kwargs: Any) -> HandState:
    """A hand dealt exactly so (see `deal_with_events`); seats not in `hands` get junk.

    Unless `opening` is set, every seat passes the opening window (抢金, 三金倒, 天胡)."""
    state = deal_with_events(variant, hands, **kwargs)[0]
    return state if opening or state.phase != Phase.OPENING else everyone_passes(state)


def deal_with_events(
    variant: str,
    hands: dict[int, str],
    *,
    live: str = "",
    back: str = "",
    gold: str | None = "9s",
    dealer: int = ALICE,
    dice: tuple[int, int] = (6, 6),
    streak: int = 1,
    **options: Any,
) -> tuple[HandState, tuple[Event, ...]]:
    """The hand and its deal events: `live` are the draws after the deal, `back` the replacement
    draws, `gold` the turned-up tile (None: whatever the dice find), other keywords are table options."""
    opts = deal_options(variant, hands, live=live, back=back, gold=gold, dealer=dealer, dice=dice)
    progress = start_hand(variant, seed="story", dealer=dealer, streak=streak, options={**opts, **options})
    idle = pass_for_idle_seats(progress.state)
    return idle.state, (*progress.events, *idle.events)


def deal_options(
    variant: str,
    hands: dict[int, str],
    *,
    live: str = "",
    back: str = "",
    gold: str | None = "9s",
    dealer: int = ALICE,
    dice: tuple[int, int] = (6, 6),
) -> dict[str, Any]:
    """The scripted deal's `new_hand` options (engine.hand_script.arrange): seats not in `hands` get junk."""
    rules = get_variant(variant)
    sizes = [rules.hand_size(s, dealer) for s in range(rules.n_seats)]
    used = Counter(t for h in hands.values() for t in parse_tiles(h))
    used.update(parse_tiles(live + back))
    if gold:
        used[Tile.parse(gold)] += 1
    all_hands = [hands.get(s, "") for s in range(rules.n_seats)]
    for seat in range(rules.n_seats):
        if seat not in hands:
            junk = _junk(rules.tile_set, used, sizes[seat], gold)
            used.update(junk)
            all_hands[seat] = "".join(f"{t}" for t in junk)
    return arrange(variant, dealer=dealer, hands=all_hands, live=live, back=back, gold=gold, dice=dice)


def _junk(tile_set: tuple[Tile, ...], used: Counter[Tile], size: int, gold: str | None) -> list[Tile]:
    pool = Counter(tile_set)
    pool.subtract(used)
    banned = {BAIBAN}
    if gold:
        banned.add(Tile.parse(gold).kind)
    picked: list[Tile] = []
    kinds = sorted(range(34), key=lambda k: (k < 27, k % 9 not in (0, 8), k))  # honours, terminals first
    for kind in kinds:
        tile = Tile(kind)
        if kind in banned or pool[tile] <= 0 or len(picked) >= size:
            continue
        if any(p.suit == tile.suit and abs(p.number - tile.number) <= 2 and not p.is_honor for p in picked):
            continue
        picked.append(tile)
    for kind in range(27, 34):  # then honour pairs: only a discarded honour could be ponged
        tile = Tile(kind)
        if kind not in banned and pool[tile] - picked.count(tile) > 0 and len(picked) < size:
            picked.append(tile)
    for kind in kinds:  # last resort: any single tile not already held
        tile = Tile(kind)
        if kind not in banned and pool[tile] > 0 and tile not in picked and len(picked) < size:
            picked.append(tile)
    if len(picked) < size:
        raise ValueError("the story leaves too few tiles for a junk hand")
    return picked


def play(state: HandState, *moves: tuple[int, Action]) -> HandState:
    """The state after the moves, applied in order."""
    return play_events(state, *moves)[0]


def play_events(state: HandState, *moves: tuple[int, Action]) -> tuple[HandState, list[Event]]:
    """Apply the moves in order, each followed by the passes a table makes at once for seats whose
    only choice is to pass (`pass_for_idle_seats`); the state after them and every event they caused."""
    events: list[Event] = []
    for seat, action in moves:
        progress = apply(state, seat, action)
        events.extend(progress.events)
        progress = pass_for_idle_seats(progress.state)
        state = progress.state
        events.extend(progress.events)
    return state, events


def everyone_passes(state: HandState) -> HandState:
    return play(state, *((seat, PASS) for seat in state.to_act))


def tsumogiri(state: HandState, seat: int) -> HandState:
    """The seat in turn discards the tile it just drew."""
    drawn = state.seats[seat].drawn
    assert drawn is not None, f"seat {seat} has not drawn"
    return apply(state, seat, Discard(drawn)).state


def hand(state: HandState, seat: int) -> list[Tile]:
    return sorted(state.seats[seat].hand)


def drain(state: HandState, *, until: Any = None, events: list[Event] | None = None) -> HandState:
    """Play on with nobody claiming or winning: each seat discards what it drew (or its first tile).

    Stops when the hand is over or `until(state)` is true; collects the events into `events`."""
    while not state.finished and not (until and until(state)):
        seat = state.to_act[0]
        action: Action = PASS
        if state.phase == Phase.TURN:
            s = state.seats[seat]
            action = Discard(s.drawn if s.drawn is not None else s.hand[0])
        state = _step(state, seat, action, events)
    return state


def _step(state: HandState, seat: int, action: Action, events: list[Event] | None) -> HandState:
    """One move and the table's passes for idle seats after it; their events into `events`."""
    first = apply(state, seat, action)
    idle = pass_for_idle_seats(first.state)
    if events is not None:
        events.extend((*first.events, *idle.events))
    return idle.state


def bots_finish(
    state: HandState,
    rng: random.Random,
    *,
    events: list[Event] | None = None,
    actions: list[tuple[int, Action]] | None = None,
    listed: bool = True,
) -> HandState:
    """The bots (`engine.bot`, drawing on `rng`) play the hand to its end; `apply` refuses an illegal choice.

    With `listed`, every choice must also be among `legal_actions`; erren's opening exchange is not, since
    its list names the single-tile exchanges only. Collects the events into `events` and each
    (seat, action) into `actions` when they are given."""
    while not state.finished:
        seat = state.to_act[0]
        action = bot.choose(state, seat, rng)
        assert not listed or action in legal_actions(state, seat), (
            f"seat {seat}'s bot chose {action!r}, not a legal action"
        )
        progress = apply(state, seat, action)
        state = progress.state
        if events is not None:
            events.extend(progress.events)
        if actions is not None:
            actions.append((seat, action))
    return state


def erratic_states(
    variant: str, hands: int, deal: str, rng: str, options: Callable[[int], dict[str, Any]] = lambda n: {}
) -> Iterator[HandState]:
    """Every state, before its move, of `hands` hands played by erratic players: a random seat to act
    plays the bot's choice, or (three times in ten) any legal action, a win half of those times it has one.
    Hand n is dealt from seed f"{deal}{variant}-{n}" (dealer n % 2, `options(n)`), moves drawn from
    random.Random(f"{rng}{variant}-{n}")."""
    for n in range(hands):
        draw = random.Random(f"{rng}{variant}-{n}")
        state = new_hand(variant, seed=f"{deal}{variant}-{n}", dealer=n % 2, options=options(n))
        while not state.finished:
            yield state
            seat = draw.choice(state.to_act)
            legal = legal_actions(state, seat)
            wins = [a for a in legal if isinstance(a, Win | QiangJin)]
            if draw.random() < 0.3:
                action = wins[0] if wins and draw.random() < 0.5 else draw.choice(legal)
            else:
                action = bot.choose(state, seat, draw)
            state = apply(state, seat, action).state


def outcome(state: HandState) -> tuple[int | None, str]:
    """(winner, win type in English) of a finished hand; (None, "draw") for a 流局."""
    assert state.finished and state.result is not None, "the hand is not over"
    kind = state.result.win_type
    return state.result.winner, kind.en if kind is not None else "draw"
