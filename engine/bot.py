"""A bot that plays every decision legally and sensibly, for empty seats and 托管.

`choose(state, seat, rng)` always returns one of `legal_actions(state, seat)`:
win whenever it can (but hold a 单游 gold to reach 双游 while the wall is long),
抢金 when offered, discard to lower shanten (keeping golds, preferring the 游金
lone-gold wait), claim only when the claim lowers shanten, declare kongs, and
guess a concealed kong only when the unseen tiles make a right guess likely.
The bot sees only what `view(state, seat)` would show it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from engine import hand_rules as rules
from engine.actions import Action, Chow, Discard, Kong, NameGold, Pass, Pong, QiangJin, RobConcealedKong, Win
from engine.hand import HandState, Phase, flow_hooks, legal_actions
from engine.shapes import Shape
from engine.tiles import BAIBAN, Tile
from engine.waits import discard_face_counts, discard_shanten

# Keep a drawn gold in 单游 (to discard it into 双游) only while this many live tiles remain.
SHUANGYOU_MIN_WALL = 12


def choose(state: HandState, seat: int, rng: random.Random) -> Action:
    """A legal action for `seat` (which must be in `state.to_act`)."""
    legal = legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to decide")
    hooks = flow_hooks(state.rules)
    own = hooks.bot_choice(state, seat, legal)
    if own is not None:
        return own
    return hooks.bot_adjust(state, seat, legal, rng, _choose(state, seat, legal, rng))


def on_timeout(state: HandState, seat: int, rng: random.Random) -> Action:
    """What a seat that did not answer in time does: a claim, rob, guess or opening offer
    not answered is a pass (a variant's exchange or offer too: nothing exchanged, offer
    declined); a turn (or 喊金) is played by the bot (托管)."""
    passes = (Phase.CLAIM, Phase.ROB_KONG, Phase.GUESS, Phase.OPENING, Phase.EXCHANGE, Phase.OFFER)
    if state.phase in passes and Pass() in legal_actions(state, seat):
        return Pass()
    return choose(state, seat, rng)


def _choose(state: HandState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    for pick in (_name_gold, _opening, _guess, _turn, _claim):
        action = pick(state, seat, legal, rng)
        if action is not None:
            return action
    return legal[0]


def _name_gold(state: HandState, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
    if state.phase != Phase.NAME_GOLD:
        return None
    return NameGold(Tile(rng.randrange(27)))  # 喊金 before seeing a tile: any suited tile


def _opening(state: HandState, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
    if state.phase != Phase.OPENING:
        return None
    return _first(legal, Win) or _first(legal, QiangJin) or Pass()


def _guess(state: HandState, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
    """抢暗杠 pays every other player a 自摸 when wrong: guess only when a right guess is likely."""
    if state.phase != Phase.GUESS:
        return None
    guesses = [a for a in legal if isinstance(a, RobConcealedKong)]
    if guesses and _guess_odds(state, seat) >= 0.75:
        return guesses[0]
    return Pass()


def _guess_odds(state: HandState, seat: int) -> float:
    """Chance a concealed kong is one of our waits, from the kinds with no copy visible to us."""
    s = state.seats[seat]
    waits, _ = rules.wait_tiles(s.hand, state.gold, rules.shapes_for(state.rules, s.melds))
    seen = Counter(t.kind for t in _visible(state, seat))
    candidates = [k for k in range(34) if seen[k] == 0 and (state.gold is None or k != state.gold.kind)]
    if not candidates:
        return 0.0
    return sum(1 for w in waits if w.kind in candidates) / len(candidates)


def _visible(state: HandState, seat: int) -> list[Tile]:
    tiles = list(state.seats[seat].hand)
    for other in state.seats:
        tiles += other.river
        tiles += [t for m in other.melds if not m.concealed for t in m.tiles]
    return tiles


def _turn(state: HandState, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
    if state.phase != Phase.TURN:
        return None
    win = _first(legal, Win)
    s = state.seats[seat]
    if _hold_for_shuangyou(state, seat, legal):
        assert s.drawn is not None
        return Discard(s.drawn)  # the drawn gold goes out: 双游 doubles the win
    if win is not None:
        return win
    kongs = [a for a in legal if isinstance(a, Kong)]
    if kongs and s.you == 0:
        return kongs[0]
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards:
        return win or legal[0]
    return _best_discard(state, seat, discards, rng)


def _hold_for_shuangyou(state: HandState, seat: int, legal: list[Action]) -> bool:
    """In 单游 with a gold just drawn, discarding the gold (双游) doubles the win: worth it on a long wall."""
    s = state.seats[seat]
    if s.you != 1 or s.drawn is None or not rules.is_gold(s.drawn, state.gold):
        return False
    return Discard(s.drawn) in legal and state.drawable >= SHUANGYOU_MIN_WALL


def _best_discard(state: HandState, seat: int, discards: list[Discard], rng: random.Random) -> Discard:
    """The discard that keeps the lowest shanten; among equals, the most isolated non-gold tile.

    When the hand is not yet ready the best shanten is known up front (that of the
    whole hand), so the candidates are tried most-isolated first and the first
    one that keeps it wins; near ready, every discard is weighed (游金 preference)."""
    s = state.seats[seat]
    gold = state.gold
    shapes = rules.shapes_for(state.rules, s.melds)
    shanten_after = discard_shanten(s.hand, gold=gold, shapes=shapes)  # the hand's counts read once
    target = shanten_after(None)
    faces = discard_face_counts(s.hand, gold)  # the reader's: 白板 counted on the gold's face
    keys = _preferences(discards, faces, gold, rng)  # the noise drawn in the candidates' order, as before
    ordered = [discards[i] for i in sorted(range(len(discards)), key=keys.__getitem__)]  # stable, as sorted()
    if target > 0:
        for action in ordered:
            if shanten_after(action.tile) <= target:
                return action
        return ordered[0]
    # Every discard's 向听 (the reader keeps each), and the waits of those that stay ready.
    return min(ordered, key=lambda a: _ready_key(s.hand, a.tile, shanten_after(a.tile), gold, shapes))


def _preferences(
    discards: list[Discard], faces: Sequence[int], gold: Tile | None, rng: random.Random
) -> list[tuple[int, float]]:
    """Each discard's sort key, in order: keep golds; shed the tiles that connect least to the rest
    (a little noise, drawn discard by discard, breaks ties). One call for them all: every turn asks.

    A (non-gold) tile's isolation, how little it connects to the rest of the hand whose `faces`
    are counted, is written inline (once per candidate of every turn): honours and terminals
    alone score highest."""
    random_ = rng.random
    gold_kind = None if gold is None else gold.kind
    keys = []
    for action in discards:
        tile = action.tile
        if tile is gold:
            keys.append((1, random_() * 0.01))
            continue
        kind = tile.kind
        if kind == BAIBAN and gold_kind is not None:
            kind = gold_kind  # rules.face: 白板 plays as the gold's face
        links = (faces[kind] - 1) * 2
        if kind >= _HONOURS:
            isolation = 0.5 - links
        else:
            links += sum(map(faces.__getitem__, _NEAR[kind]))  # the suit's kinds within two, summed in C
            isolation = _EDGE[kind] - links
        keys.append((0, -isolation + random_() * 0.01))
    return keys


def _ready_key(
    hand: tuple[Tile, ...], tile: Tile, sh: int, gold: Tile | None, shapes: frozenset[Shape]
) -> tuple[int, int, int]:
    """Near ready, for discarding `tile` from `hand`: lowest shanten (`sh`, that of the rest), then
    the 游金 lone-gold wait, then the most waiting tiles (the waits read only where the rest is ready)."""
    if sh > 0:
        return (sh, 1, 0)
    waits, any_tile = rules.wait_tiles(rules.without(hand, tile), gold, shapes)
    return (sh, 0 if any_tile else 1, -len(waits))


# Per numbered kind: the kinds within two in its suit, and the edge bonus of a 1 or 9.
_HONOURS = 27
_NEAR = tuple(tuple(k + d for d in (-2, -1, 1, 2) if 0 <= k % 9 + d <= 8) for k in range(_HONOURS))
_EDGE = tuple(0.3 if k % 9 in (0, 8) else 0.0 for k in range(_HONOURS))


def _claim(state: HandState, seat: int, legal: list[Action], rng: random.Random) -> Action | None:
    if state.phase not in (Phase.CLAIM, Phase.ROB_KONG):
        return None
    win = _first(legal, Win)
    if win is not None:
        return win
    s = state.seats[seat]
    if s.you >= 1 or state.window is None or state.window.tile is None:
        return Pass()
    tile = state.window.tile
    shapes = rules.shapes_for(state.rules, ())
    now = rules.shanten_of(s.hand, state.gold, rules.shapes_for(state.rules, s.melds))
    match = _matching(s.hand, tile, state.gold)
    for action in legal:
        used = _claim_tiles(match, action)
        if used is None:
            continue
        rest = list(s.hand)
        for t in used:
            rest.remove(t)
        if isinstance(action, Kong) or rules.shanten_of(rest, state.gold, shapes) < now:
            return action
    return Pass()


def _matching(hand: tuple[Tile, ...], tile: Tile, gold: Tile | None) -> list[Tile]:
    """The hand's non-gold tiles playing as `tile`'s face (a pong or kong takes them), read once per claim."""
    target = rules.face(tile, gold)
    face_of_gold = gold is not None and gold.kind != BAIBAN  # then 白板 plays as the gold's face
    return [t for t in hand if t is not gold and (gold if face_of_gold and t.kind == BAIBAN else t) is target]


def _claim_tiles(match: list[Tile], action: Action) -> list[Tile] | None:
    if isinstance(action, Kong):
        return match[:3]
    if isinstance(action, Pong):
        return match[:2]
    if isinstance(action, Chow):
        return list(action.tiles)
    return None


def _first(legal: list[Action], cls: type[Action]) -> Action | None:
    return next((a for a in legal if isinstance(a, cls)), None)
