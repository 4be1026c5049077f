"""The `normal` bot: plays for the best result it can see, the way a careful person would.

`choose(state, seat, rng)` always returns one of `legal_actions(state, seat)`, judged only from
what `view(state, seat)` shows the seat, through `engine.judge` (the judgement the hand review
shares): the seat's `Sight`, the opponents' `Table`, each game's `Style`, and the one
`best_discard` (lowest 向听 and most live 进张, the win weighed by the game's value, the deal-in
priced as the game's payments make it cost, folding as a yes/no decision). This module adds the
decisions around the discard:

- **Value**: in the gold games a ready hand that could win now holds on for 游金 / 双游 when the
  wall is long (the win it waits for is worth twice as much and comes at the next draw), unless
  another seat is in 游金 (it wins with its next draw: win now); nanping declares every kong for
  its 杠分; erren declares 报听 when the wait is good enough to pay for a locked hand.
- **Claims**: a claim is taken when it brings the hand a step closer; in the gold games a ready
  hand also claims for more live waits (the 游金 lone-gold wait above all); guangdong claims by
  its plan; erren only when the win chance × 番 after the claim beats passing's (`_passing_worth`:
  a set shown costs 门清, and 断幺九 with a terminal or honour).

The phases with little to judge (喊金, the opening, 抢暗杠 guesses, erren's exchanges and offers)
are played as the `easy` bot plays them. Why each weight is what it is (the measurements): the
tuning history in docs/engine.md.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine import bot as easy
from engine import hand_rules as rules
from engine import judge
from engine.actions import Action, Chow, Discard, Kong, Pass, Pong, Win
from engine.games.erren.actions import Declare
from engine.games.guangdong import bot as gd
from engine.games.guangdong.flow import take_discard_win, valued_honours
from engine.hand import HandState, Phase, legal_actions
from engine.judge import Choice, Sight, Style, Table, minus, sight, table_for, win_chance
from engine.shapes import Shape
from engine.sheet import Meld, MeldKind
from engine.tiles import Tile

HOLD_FOR_YOU_DRAWS = 2  # hold for 游金/双游 only with this many own draws still to come


def choose(state: HandState, seat: int, rng: random.Random) -> Action:
    """A legal action for `seat` (which must be in `state.to_act`)."""
    legal = legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to decide")
    if state.phase not in (Phase.TURN, Phase.CLAIM, Phase.ROB_KONG):
        return easy.choose(state, seat, rng)
    if len(legal) == 1:
        return legal[0]
    if state.phase == Phase.TURN:
        return _turn(state, seat, legal)
    return _claim(state, seat, legal)


def style_of(state: HandState) -> Style:
    return judge.style_for(state.variant)


# ====================================================================== the turn


def _turn(state: HandState, seat: int, legal: list[Action]) -> Action:
    discards = sorted({a.tile for a in legal if isinstance(a, Discard)})
    can_win = Win() in legal
    step = _youjin_step(state, seat, discards, can_win)
    if step is not None:
        return Discard(step)
    if can_win:
        return Win()
    sg = sight(state, seat)
    style = style_of(state)
    table = table_for(sg, style)
    kong = _turn_kong(state, seat, legal, sg, table)
    if kong is not None:
        return kong
    if not discards:
        return legal[0]
    tile, choice = judge.best_discard(sg, style, table, discards)
    if style.declare_waits and _declare_pays(state, seat, style, choice) and Declare(tile) in legal:
        return Declare(tile)
    return Discard(tile)


def _youjin_step(state: HandState, seat: int, discards: Sequence[Tile], can_win: bool) -> Tile | None:
    """The discard that raises the 游金 level (into 单游, or a gold into 双游): any drawn tile then
    wins, at twice the value (in 双游 nobody else may win on a discard). Taken instead of a win
    now only while the wall leaves this seat enough draws."""
    gold = state.gold
    s = state.seats[seat]
    if gold is None or gold not in s.hand or rules.gold_count(s.hand, gold) >= 3:
        return None  # no gold: no 游金; three golds: 三金倒 now
    if can_win and state.drawable < HOLD_FOR_YOU_DRAWS * state.n_seats:
        return None
    if can_win and any(other.you >= 1 for i, other in enumerate(state.seats) if i != seat):
        return None  # another seat in 游金 wins on its next draw: win now, do not give it that draw
    shapes = rules.shapes_for(state.rules, s.melds)
    if judge.shanten(s.hand, gold, shapes) > 0:
        return None  # no discard leaves it ready, let alone on a lone gold
    best, best_level = None, s.you
    for tile in discards:
        rest = list(s.hand)
        rest.remove(tile)
        if not rules.lone_gold_wait(rest, gold, shapes):
            continue
        level = (2 if s.you <= 1 else s.you + 1) if tile == gold else max(s.you, 1)
        if level > best_level:
            best, best_level = tile, level
    return best


def _turn_kong(state: HandState, seat: int, legal: list[Action], sg: Sight, table: Table) -> Action | None:
    """A concealed or added kong: its 杠分 and replacement draw are worth taking unless it costs a
    step towards ready (guangdong: its own plan's test; nanping: always, `Style.kong_points`). Not
    in 游金 (the hand is set)."""
    kongs = [a for a in legal if isinstance(a, Kong)]
    s = state.seats[seat]
    if not kongs or s.you >= 1:
        return None
    for kong in kongs:
        if style_of(state).steer:
            if gd.wants_kong(s.hand, s.melds, kong.tile):
                return kong
        elif style_of(state).kong_points or _kong_keeps_shanten(sg, kong.tile):
            return kong
    return None


def _kong_keeps_shanten(sg: Sight, tile: Tile) -> bool:
    """A concealed kong (four held) or an added one (the fourth to a pong) that leaves the hand
    no further from ready than its best discard would."""
    held = sum(1 for t in sg.hand if t == tile)
    rest = [t for t in sg.hand if t != tile] if held == 4 else minus(sg.hand, [tile])
    reader = judge.DiscardReader(sg)
    now = min(reader.shanten(t) for t in set(sg.hand))
    return judge.shanten(rest, sg.gold, _with_a_meld(sg.shapes)) <= now


def _with_a_meld(shapes: frozenset[Shape]) -> frozenset[Shape]:
    """The shapes left once a set is declared: the concealed-only ones (对对胡, 七对) are gone."""
    return frozenset(s for s in shapes if s == Shape.STANDARD)


# ====================================================================== erren 报听


def _declare_pays(state: HandState, seat: int, style: Style, choice: Choice) -> bool:
    """报听 (+1 番, 门清 only) locks the hand: worth it on a ready hand with enough live waits."""
    s = state.seats[seat]
    return choice.shanten == 0 and choice.effective >= style.declare_waits and all(m.concealed for m in s.melds)


# ====================================================================== claims


def _claim(state: HandState, seat: int, legal: list[Action]) -> Action:
    """Win when it can (guangdong: a 0-番 win waits while a bigger plan is on); claim a set only
    when it brings the hand closer and the table is not too hot."""
    if Win() in legal and (not style_of(state).steer or take_discard_win(state, seat)):
        into = _claim_into_youjin(state, seat, legal)
        return into if into is not None else Win()
    window = state.window
    s = state.seats[seat]
    if window is None or window.tile is None or s.you >= 1 or state.phase != Phase.CLAIM:
        return Pass()
    tile = window.tile
    style = style_of(state)
    sg = sight(state, seat)
    table = table_for(sg, style)
    shanten = judge.shanten(sg.hand, sg.gold, sg.shapes)
    if _folding(style, shanten, table):
        return Pass()
    if style.steer:
        return _steered_claim(state, seat, legal, tile)
    kept = _passing_worth(sg, style, shanten) if style.claim_by_worth else 0.0
    for action in legal:
        used = _claim_tiles(sg, action, tile)
        if used is None:
            continue
        if style.claim_by_worth and _claimed_worth(sg, style, action, used, tile) <= kept:
            continue
        if isinstance(action, Kong):
            return action
        if _claim_helps(sg, used, shanten, style.claim_for_waits):
            return action
    return Pass()


def _claim_into_youjin(state: HandState, seat: int, legal: list[Action]) -> Action | None:
    """nanping (a hand holding one gold may win on a discard): a chow or pong of the tile a discard
    win would take, after which a discard leaves the hand on the lone gold, is taken instead of the
    点炮 (1番): the next draw then wins 单游 (4番). As `_youjin_step`, only with the wall long and
    nobody else in 游金."""
    gold = state.gold
    s = state.seats[seat]
    window = state.window
    if gold is None or gold not in s.hand or window is None or window.tile is None:
        return None
    if state.drawable < HOLD_FOR_YOU_DRAWS * state.n_seats:
        return None
    if any(other.you >= 1 for i, other in enumerate(state.seats) if i != seat):
        return None
    sg = sight(state, seat)
    shapes = _with_a_meld(sg.shapes)
    for action in legal:
        used = _claim_tiles(sg, action, window.tile) if isinstance(action, Chow | Pong) else None
        if used is None:
            continue
        rest = minus(sg.hand, used)
        for tile in set(rest) - {gold}:
            after = list(rest)
            after.remove(tile)
            if rules.lone_gold_wait(after, gold, shapes):
                return action
    return None


def _folding(style: Style, shanten: int, table: Table) -> bool:
    """Far from ready against a likely-ready table: no claims (they cost the safe tiles held),
    where the game makes a deal-in costly at all (`Style.claim_fold`)."""
    return style.claim_fold is not None and shanten >= 2 and table.threat >= style.claim_fold


def _claim_helps(sg: Sight, used: list[Tile], shanten: int, for_waits: bool) -> bool:
    """Does the claim bring the hand a step closer (after its best discard), or (`for_waits`, a
    ready hand) leave it ready on more live waits, the 游金 lone-gold wait above all?

    A claim is a tile taken without spending a draw, so a better wait is worth a set shown
    (docs/engine.md, the tuning history)."""
    after = judge.DiscardReader(sg, minus(sg.hand, used), _with_a_meld(sg.shapes))
    steps = {t: after.shanten(t) for t in set(after.hand)}
    best = min(steps.values())
    if best != shanten or not for_waits or shanten > 0:
        return best < shanten
    now = judge.efficiency(sg.hand, sg).count
    return any(after.efficiency(t).count > now for t, n in steps.items() if n == best)


def _passing_worth(sg: Sight, style: Style, shanten: int) -> float:
    """erren: the hand's win chance × its 番 (`judge.fan_estimate`) as it stands, what passing a claim
    keeps: a claim is taken only when `_claimed_worth` beats it. A claim shows a set: the hand loses
    门清 (with 报听 and 门清自摸, a 门清 win carries about 2.5x an open one's 番), and a set holding a
    terminal or honour its 断幺九. Read once per window, for every claim offered in it."""
    now = win_chance(shanten, judge.efficiency(sg.hand, sg).count, sg, style.far_full)
    return now * judge.fan_estimate(style, sg.hand, sg.melds)


def _claimed_worth(sg: Sight, style: Style, action: Action, used: list[Tile], tile: Tile) -> float:
    """erren: the win chance × 番 of the hand once the claim is shown and its best discard made
    (a kong: its replacement draw is a tile to come)."""
    kind = MeldKind.KONG if isinstance(action, Kong) else MeldKind.CHOW if isinstance(action, Chow) else MeldKind.PUNG
    melds = (*sg.melds, Meld(kind, tuple(sorted([*used, tile])), concealed=False))
    rest = minus(sg.hand, used)
    shapes = _with_a_meld(sg.shapes)
    if isinstance(action, Kong):
        eff = judge.efficiency(rest, sg, shapes)
        return win_chance(eff.shanten, eff.count, sg, style.far_full) * judge.fan_estimate(style, rest, melds)
    after = judge.DiscardReader(sg, rest, shapes)
    best = 0.0
    for t in set(rest):
        eff = after.efficiency(t)
        fan = judge.fan_estimate(style, minus(rest, [t]), melds)
        best = max(best, win_chance(eff.shanten, eff.count, sg, style.far_full) * fan)
    return best


def _claim_tiles(sg: Sight, action: Action, tile: Tile) -> list[Tile] | None:
    face = rules.face(tile, sg.gold)
    match = [t for t in sg.hand if t != sg.gold and rules.face(t, sg.gold) == face]
    if isinstance(action, Kong):
        return match[:3]
    if isinstance(action, Pong):
        return match[:2]
    if isinstance(action, Chow):
        return list(action.tiles)
    return None


def _steered_claim(state: HandState, seat: int, legal: list[Action], tile: Tile) -> Action:
    """guangdong: claim as its plan wants (valued honours always), unless folding."""
    s = state.seats[seat]
    valued = valued_honours(state, seat)
    if Kong(tile) in legal and gd.wants_kong(s.hand, s.melds, tile):
        return Kong(tile)
    if Pong() in legal and gd.wants_pong(s.hand, s.melds, tile, valued):
        return Pong()
    for chow in (a for a in legal if isinstance(a, Chow)):
        if gd.wants_chow(s.hand, s.melds, tile, chow.tiles):
            return chow
    return Pass()
