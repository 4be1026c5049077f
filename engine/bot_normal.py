"""The `normal` bot: plays for the best result it can see, the way a careful person would.

`choose(state, seat, rng)` always returns one of `legal_actions(state, seat)`, judged
only from what `view(state, seat)` shows the seat (its own tiles, the rivers, the melds
it can read, the gold, the wall count, the variant's public table state):

- **Efficiency**: a discard keeps the lowest 向听 and, among those, the most live 进张
  (the copies of the useful tiles this seat cannot see), golds and 白板 as the rules play them;
  a ready hand is worth most of a win whatever its wait (`READY_FLOOR`), so it stays ready.
- **Defence**: each discard's chance to deal in (放炮) is estimated from every opponent's public
  play (a readiness curve per game, by discards and declared sets; 报听 is sure) times the wait
  shapes that win on the tile, weighed by the live copies of the tiles they hold (a 白板 is read
  as the gold's face; what a locked 报听 hand let go since it declared is safe), times the
  chance that seat may take a discard at all (`seat_odds`: pinghe's 点炮 needs no gold in hand
  and 3 分, read from its flowers and shown kongs; nanping's at most one gold). What a deal-in
  costs depends on who pays (`Style`): where every loser pays a 点炮 alike (pinghe, nanping,
  erren's one opponent) it costs nothing the hand going on would not (in the gold games a
  deal-in avoided mostly becomes a 自摸 paid double), so danger only breaks ties between
  equally good discards; guangdong (the discarder pays alone) prices it only while the table's threat is above a floor
  (`pressure`), so against a pressing seat a few 进张 buy a much safer tile; folding (弃和, the
  safest tile) is a yes/no decision, taken only far from ready against a likely threat
  (guangdong: a seat with four sets shown, or three late in the hand; erren: a 报听), since
  trading each tile's danger against a far hand's small win chance broke the shape turn after
  turn and lost coins against bots that never fold. A seat in 游金 cannot win on a discard,
  and while anyone is in 双游 nobody can, so no tile is dangerous then; 包 liabilities
  (guangdong) and the nanping last-tiles 包 keep their price. In erren a deal-in hands the win
  to the one opponent, so a discard's kept win is weighed by the chance it does not deal in
  (`Style.hand_over`); in the 4-seat games a far hand's deal-in is the cheapest way the hand
  can end for it, and weighing it lost coins.
- **Claims**: a claim is taken when it brings the hand a step closer; in the gold games a ready
  hand also claims for more live waits (the 游金 lone-gold wait above all); guangdong claims
  by its plan; erren only when the win chance × 番 after the claim beats passing's (`_passing_worth`:
  a set shown costs 门清, and 断幺九 with a terminal or honour).
- **Value**: in the gold games a ready hand that could win now holds on for 游金 / 双游
  when the wall is long (the win it waits for is worth twice as much and comes at the
  next draw), unless another seat is in 游金 (it wins with its next draw: win now);
  guangdong plays every hand by live 进张, a win weighed by the 混一色/清一色/对对胡 plan it
  leans to (they pay 4-8x a 鸡胡); nanping declares every kong for its 杠分; erren declares 报听 when
  the wait is good enough to pay for a locked hand, and leans to 断幺九 (`_simples_worth`).

Each game's weights are data (`STYLES`, one `Style` per variant), not branches. The
phases with little to judge (喊金, the opening, 抢暗杠 guesses, erren's exchanges and
offers) are played as the `easy` bot plays them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from engine import bot as easy
from engine import hand_rules as rules
from engine.actions import Action, Chow, Discard, Kong, Pass, Pong, Win
from engine.evaluation import (
    _OWN_RIVER_FACTOR,
    _PASSED_FACTOR,
    Sight,
    _Discards,
    _efficiency,
    _Hand,
    _hand,
    _liability,
    _passed_since,
    sight,
)
from engine.games.erren.actions import Declare
from engine.games.guangdong import bot as gd
from engine.games.guangdong.flow import take_discard_win, valued_honours
from engine.games.pinghe.scoring import meld_points
from engine.hand import HandState, Phase, legal_actions
from engine.shapes import Shape
from engine.sheet import Meld, MeldKind
from engine.tiles import BAIBAN, Tile
from engine.view import declared_at

# Readiness of an easy-playing opponent by its river length (index, clamped), one curve per
# number of declared sets (0..3; four or more: READY_FOUR_SETS). Measured: engine.bot playing
# 300 hands of each game, the share of seats ready (向听 0) at each (discards, sets).
_CURVES_FUJIAN = (
    (0, 0.01, 0.02, 0.05, 0.1, 0.14, 0.19, 0.26, 0.35, 0.45, 0.55, 0.6, 0.65),
    (0, 0.02, 0.05, 0.09, 0.15, 0.25, 0.33, 0.39, 0.43, 0.5, 0.6, 0.65, 0.7),
    (0.25, 0.3, 0.32, 0.3, 0.33, 0.42, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75),
    (0.6, 0.6, 0.62, 0.65, 0.7, 0.7, 0.7, 0.75, 0.82, 0.85, 0.88, 0.9, 0.9),
)
_CURVES_GUANGDONG = (
    (0, 0, 0.01, 0.02, 0.04, 0.07, 0.09, 0.13, 0.15, 0.22, 0.3, 0.38, 0.4, 0.45, 0.5, 0.5),
    (0, 0.01, 0.01, 0.03, 0.05, 0.07, 0.12, 0.16, 0.21, 0.23, 0.27, 0.35, 0.38, 0.4, 0.45, 0.45),
    (0.06, 0.06, 0.06, 0.1, 0.19, 0.26, 0.32, 0.34, 0.36, 0.45, 0.54, 0.58, 0.6, 0.66, 0.66, 0.66),
    (0.4, 0.4, 0.4, 0.4, 0.4, 0.45, 0.51, 0.65, 0.72, 0.74, 0.74, 0.76, 0.79, 0.79, 0.83, 0.9),
)
_CURVES_ERREN = (
    # Undeclared and 门清: the easy bot declares whenever it can (none of those seats was ready);
    # a person mostly does too, so a quarter of the all-seats curve.
    (0, 0, 0.01, 0.02, 0.04, 0.05, 0.06, 0.08, 0.1, 0.11, 0.14, 0.15, 0.15, 0.16, 0.18, 0.2),
    (0.2, 0.22, 0.22, 0.24, 0.29, 0.38, 0.46, 0.49, 0.58, 0.64, 0.7, 0.77, 0.8, 0.8, 0.83, 0.9),
    (0.74, 0.74, 0.74, 0.74, 0.74, 0.74, 0.74, 0.77, 0.77, 0.8, 0.8, 0.8, 0.8, 0.81, 0.88, 0.95),
    (0.9,) * 16,
)
READY_FOUR_SETS = 0.95
FLUSH_SUIT, OFF_FLUSH = 1.6, 0.25  # danger of a flush-seeker's suit, and of the other number suits
PASSED_FACTOR, OWN_RIVER_FACTOR = _PASSED_FACTOR, _OWN_RIVER_FACTOR
# The wait shapes of a ready hand, by their weight per way of holding their tiles (see `_shape_weight`);
# a middle tile with every other copy live has the share MIDDLE_SHARE.
SHAPE_SIDES, SHAPE_CLOSED, SHAPE_EDGE, SHAPE_PAIR, SHAPE_LONE = 1.0, 0.6, 0.6, 2.5, 1.5
SUJI_SIDE = 0.4  # a two-sided wait whose other winning tile the seat threw (no 振听 here: not ruled out)
MIDDLE_SHARE = 0.16
# pinghe's 点炮 needs 3 分: of the ready hands short of that many shown 分 (flowers, kongs, 箭刻)
# by 0, 1, 2, 3, the share that makes it up with concealed triplets (measured: easy bots, 150 hands).
NEED_ODDS = (1.0, 0.23, 0.09, 0.0)
READY_GOLD_LEAN = 1.5  # the gold-free chance of a ready hand is the plain one to this power (measured 0.44 vs 0.55)
SHAPE_REFERENCE = 2 * SHAPE_SIDES * 16 + SHAPE_CLOSED * 16 + SHAPE_PAIR * 3 + SHAPE_LONE * 3


FULL_EFFECTIVE = 20  # 进张 beyond this hardly raise the chance
# pinghe: a hand one step or more from ready counts its live 进张 up to this many (not FULL_EFFECTIVE):
# with 20 most far hands' discards tied and the loneliest tile went. Paired against 20, 400 hands per
# seed (`league` / `s2` / `s3` / `s4` / `s5`): 60 +0.25 / +0.34 / +0.06 / -0.08 / +0.02 coins a hand,
# 5-8% more wins; 40 +0.11 / +0.21 / +0.03; 100 +0.10 / +0.35 / -0.08. nanping (without defence, see
# STYLES), 600 hands, seeds `league` / `s2`: +0.036 / +0.037 against 20.
FAR_FULL = 60


@dataclass(frozen=True, slots=True)
class Style:
    """How one game's money and rules bend the normal bot's judgement."""

    curves: tuple[tuple[float, ...], ...]  # readiness by declared sets, then by discards (see above)
    deal_in_cost: float  # a deal-in's cost, in wins of an average hand (higher where the discarder pays alone)
    bao_cost: float = 0.0  # nanping: the cost instead in the last tiles, where the discarder pays for all (包)
    claim_fold: float | None = 0.3  # pass claims far from ready once the threat reaches this (None: never)
    liability_cost: float = 0.0  # guangdong: the cost of a 包 liability's weight (the feeder pays for all three)
    fold_threat: float | None = None  # fold (throw the safest tile) from this threat on (None: never) ...
    fold_shanten: int = 2  # ... when the hand is at least this many steps from ready
    claim_for_waits: bool = False  # a ready hand claims for more live waits too (not where 门清 pays: erren)
    steer: bool = False  # guangdong: weigh a win by its 混一色/清一色/对对胡 plan, claim by the plan
    declare_waits: int = 0  # erren: declare 报听 with at least this many live waits (0: never asked)
    # A deal-in hands the win to the opponent: a discard's kept win × (1 − this × its deal-in chance).
    # erren 1; in the 4-seat games 0: there a far hand's deal-in is the cheapest way the hand ends for
    # it (every loser pays a 点炮 alike, a 自摸 twice), and weighing it cost nanping 0.11-0.14 coins a
    # hand on two seeds and guangdong 0.02-0.08 (measured).
    hand_over: float = 0.0
    # A discard's deal-in cost counts only while the table's threat is above this floor, and in
    # proportion to how far above (`pressure`): below it the hand plays its own game.
    threat_floor: float = 0.0
    kong_points: bool = False  # nanping: every kong is declared for its 杠分, even one that costs a step
    # A hand one step or more from ready: its chance grows with its live 进张 up to this many (a ready
    # hand's up to FULL_EFFECTIVE). pinghe 60: far hands are told apart by their 进张 rather than tied
    # at 20 and broken by the loneliest tile (see `FAR_FULL`).
    far_full: int = FULL_EFFECTIVE
    # erren: 断幺九 (no terminal or honour: 1 番, open hands too). A discard's win is weighed by
    # (base + this × SIMPLES_FADE per terminal or honour still held) / base, base the 番 of a plain
    # 门清 or open win (`_simples_worth`). 0: not weighed.
    simples_fan: float = 0.0
    # erren: a claim is taken only when its win chance × the hand's 番 (`_fan_estimate`: 门清 or open,
    # 断幺九 by `simples_fan`) beats passing's, not for a step closer alone (`_passing_worth`).
    claim_by_worth: bool = False


_PINGHE = Style(_CURVES_FUJIAN, deal_in_cost=0.0, claim_fold=None, claim_for_waits=True, far_full=FAR_FULL)
STYLES: dict[str, Style] = {
    # Fujian: every loser pays a 点炮 alike (half a 自摸), so a deal-in costs nothing the hand
    # going on would not cost as well: the ready opponent's 自摸 is worth twice as much. Danger
    # only breaks ties between equally good discards, and nobody folds (measured against easy
    # bots: folding and passing claims lost 0.4-0.5 coins a hand, and even a cost of 0.02 a
    # deal-in cost nanping 0.12, its win rate falling from 25% to 23.5%). nanping's last tiles
    # are the exception: there the discarder pays every loser's share (包).
    "pinghe": _PINGHE,
    # nanping pays as pinghe (a 点炮 alike from every loser, a 自摸 twice, 游金 four times), so it
    # plays as pinghe: no price but in its last tiles (包), nobody folds, far hands by FAR_FULL.
    # Its 杠分 (明杠 1, 暗杠 2) are paid by every loser to the winner and settled among the losers
    # whoever wins: a kong that costs a step still pays (+0.026 and +0.012 coins a hand on two
    # seeds; in pinghe, where a kong only counts towards a 点炮's 3 分, +0.025 and -0.029).
    # It had defence (a price of 3 wins above a threat of 0.6, folding two steps or more from ready
    # from a threat of 0.5), tuned on 150-300 hands to reach the deal-in goal. At 600 hands it won
    # nothing: seeds `league` / `s2` / `s3` +0.008 / -0.001 / +0.064 coins a hand, deal-in ratio
    # 0.63 / 0.62 / 0.64; without it +0.111 / +0.143 / - (0.86 / 0.82); with FAR_FULL too +0.147 /
    # +0.180 / +0.252 (0.85 / 0.84 / 0.83). The price alone +0.015 (0.70), folding alone +0.065
    # (0.73) on `league`. A deal-in avoided mostly becomes a 自摸 paid double.
    "nanping": replace(_PINGHE, bao_cost=3.0, kong_points=True),
    # The discarder pays alone, yet against bots that never fold, weighing each tile's danger
    # (a cost of 0.3-1.0 a deal-in) or folding from a threat of 0.3-0.5 lost 0.2-0.5 coins a
    # hand (measured): the win given up is worth more than the deal-ins saved. So danger breaks
    # ties, the hand folds only against a nearly sure threat, and 包 (feeding a 大三元/大四喜 or
    # the 12-tile 包自摸, which pays for all three) is priced. With the wait-shape danger, a price
    # of 3 wins that counts only above a threat of 0.6 (`threat_floor`) keeps the coins and cuts
    # deal-ins: league 150 hands +0.473 -> +0.357 [+0.029, +0.684], deal-in ratio 0.77 -> 0.59;
    # seed s2, 300 hands, +0.424 [+0.098, +0.751], ratio 0.71 (a floor of 0.7 and price 4: 0.63
    # and 0.73; a per-seat floor of 0.5: 0.68). At 600 hands (seeds league / s2) that gave +0.271
    # [+0.107, +0.434] / +0.448, ratio 0.64 / 0.69; a price of 6 above a threat of 0.5 (kept)
    # +0.228 [+0.072, +0.385] / +0.349 [+0.184, +0.514], ratio 0.56 / 0.62 (8 above 0.5: +0.182 /
    # +0.275, 0.54 / 0.62; 5 above 0.6: +0.262, 0.61 and 8 above 0.6: +0.215, 0.57 on league;
    # 3 above 0.4: +0.262, 0.64).
    "guangdong": Style(
        _CURVES_GUANGDONG,
        deal_in_cost=6.0,
        threat_floor=0.5,
        liability_cost=0.3,
        claim_fold=None,
        fold_threat=0.7,
        steer=True,
    ),
    # One opponent pays a self-draw and a discard win alike: dealing in costs the hand's end,
    # which a ready opponent does not always reach, and half the win it hands over (`hand_over`).
    # A per-tile cost of 1.0 and passing claims lost 0.3 coins a hand, a cost of 0.3 lost
    # 0.06 (measured); it folds only, far from ready, against a 报听 (from one step away: -0.11).
    # It declares 报听 on every ready 门清 hand (+1 番; a declared hand throws every draw, so it
    # deals in a little more). 600 hands on seeds league / s2 / s3 / s4 / s5, coins a hand (deal-in
    # ratio): 5 live waits and hand_over 1 +0.000 / +0.074 / +0.028 / -0.016 / +0.068 (0.73 / 0.77 /
    # 0.78 / 0.73 / 0.79); any wait and 0.5 +0.077 / +0.110 / +0.068 / +0.086 / +0.128 (0.79 / 0.77 /
    # 0.83 / 0.75 / 0.80); either alone about half of that (docs/engine.md).
    "erren": Style(
        _CURVES_ERREN,
        deal_in_cost=0.0,
        claim_fold=None,
        fold_threat=0.95,
        declare_waits=1,
        hand_over=0.5,
        simples_fan=1.0,
        claim_by_worth=True,
    ),
}
DEFAULT_STYLE = Style(_CURVES_FUJIAN, deal_in_cost=1.5)

# A rough chance to win, by 向听 after the discard (0 ready), with a full wall and good 进张.
WIN_CHANCE = (0.45, 0.2, 0.07, 0.025, 0.01)
FAR_STEP = 0.4  # beyond the table each further step divides the chance again (a step is a step)
# How a hand's chance grows with its 进张, from REACH_FLOOR with none to 1 with FULL_EFFECTIVE; a
# ready hand's from READY_FLOOR: being ready is worth most of a win whatever the wait, so a ready
# hand is not given up for a wider or safer one-step hand (measured: guangdong with 0.4 gave it up
# too often, winning 326 hands of 1200 to 358; 300 hands paired against 0.4 on seeds league / s2 /
# s3: 0.55 +0.12 / +0.03 / +0.11 coins a hand, 0.7 +0.08 / +0.05 / +0.15, 0.85 +0.07 / +0.10 /
# +0.17, 1.0 (waits only break ties) -0.02 / +0.04 / +0.13; erren 0.85 +0.04 / -0.02 / -0.01;
# pinghe and nanping play the same, their ready hands pay no deal-in price).
REACH_FLOOR = 0.4
READY_FLOOR = 0.85
HOLD_FOR_YOU_DRAWS = 2  # hold for 游金/双游 only with this many own draws still to come
# guangdong: every hand plays by live 进张, its win weighed by the plan it leans to. Following the easy
# bot's plan (engine.variants.guangdong_bot) on a calm table instead, as before, won 0.02-0.03 coins a
# hand less on two seeds and 0.04 more on the third, with 2-6% more deal-ins and 5% fewer wins
# (300 hands, paired; following it for plain 鸡胡 hands too had won 0.13 and 0.04 less).
PLAN_POINTS = {gd.Plan.FAST: 1.0, gd.Plan.HALF_FLUSH: 4.0, gd.Plan.FULL_FLUSH: 8.0, gd.Plan.ALL_PONGS: 4.0}
PLAN_FADE = 0.7  # a planned hand's worth shrinks by this for each off-plan tile it still holds (0.5: -0.04 to -0.1)


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
    return STYLES.get(state.variant, DEFAULT_STYLE)


# ====================================================================== reading the table


def readiness(style: Style, sg: Sight, other: int) -> float:
    """The chance `other` is ready and may win on a discard: 报听 is sure; a 游金 seat cannot."""
    if sg.you[other] >= 1:
        return 0.0
    if sg.declared[other]:
        return 1.0
    sets = sg.meld_counts[other]
    if sets >= len(style.curves):
        return READY_FOUR_SETS
    curve = style.curves[sets]
    return curve[min(len(sg.rivers[other]), len(curve) - 1)]


@dataclass(slots=True)
class Table:
    """One decision's reading of the opponents, computed once: readiness per seat, the overall
    threat, and what each opponent's public play says about its waits (and a per-kind cache)."""

    ready: tuple[float, ...]
    threat: float  # the chance at least one opponent is ready to win on a discard
    passed: tuple[frozenset[int], ...] = ()  # kinds each seat let pass since its last discard
    thrown: tuple[frozenset[int], ...] = ()  # kinds in each seat's river
    leans: tuple[int | None, ...] = ()  # the number suit a flush-seeker's shown sets are all in
    live: tuple[int, ...] = ()  # per face kind, the copies this seat cannot see (`live_faces`)
    odds: tuple[float, ...] = ()  # per seat, the chance its ready hand may take a discard (`discard_win_odds`)
    cache: dict[int, tuple[float, float]] = field(default_factory=dict)

    @staticmethod
    def read(
        style: Style, sg: Sight, declared: Sequence[int | None] = (), odds: Sequence[float] | None = None
    ) -> Table:
        """The table as `sg` shows it; `declared` (erren, `engine.view.declared_at`) adds the tiles
        a locked 报听 hand has let go since it declared to the ones it is known not to wait on;
        `odds` (`discard_win_odds`) the chance each seat's ready hand may win on a discard at all
        (without it, the game's average share)."""
        ready = tuple(0.0 if o == sg.seat else readiness(style, sg, o) for o in range(sg.n_seats))
        seats = range(sg.n_seats)
        shares = tuple(odds) if odds is not None else (sg.discard_win_share,) * sg.n_seats
        calm = 1.0
        for r in ready:
            calm *= 1 - r
        return Table(
            ready,
            1 - calm,
            passed=tuple(_faces(sg, _passed_since(sg, o)) | _let_go(sg, declared, o) for o in seats),
            thrown=tuple(_faces(sg, sg.rivers[o]) for o in seats),
            leans=tuple(_lean(sg, o) for o in seats),
            live=live_faces(sg),
            odds=shares,
        )


def discard_win_odds(state: HandState, sg: Sight) -> tuple[float, ...]:
    """Per seat, the chance its hand, once ready, may win on a discard at all, from public facts:
    `seat_odds` with each seat's flowers and concealed-tile count (both shown to every seat)."""
    gold_rules = state.rules.gold
    if gold_rules is None:
        return (1.0,) * sg.n_seats
    flowers = tuple(len(s.flowers) for s in state.seats)
    held = tuple(len(s.hand) for s in state.seats)
    return seat_odds(sg, flowers, held, gold_rules.discard_win_max_golds, state.rules.discard_win_min_points)


def seat_odds(
    sg: Sight, flowers: Sequence[int], held: Sequence[int], max_golds: int, min_points: int
) -> tuple[float, ...]:
    """Per seat, the chance its ready hand may take a discard: the gold games bar a discard win
    to a hand holding more than `max_golds` golds (pinghe 0, nanping 1): the chance the seat
    holds few enough, from the golds this seat cannot see among the tiles it cannot see
    (`_few_golds`). pinghe's 点炮 also needs `min_points` 分 (3): the seat's shown 分 (flowers,
    明杠 2, 暗杠 4, a 箭刻 1) and, for what it lacks, the share of ready hands whose concealed
    triplets make it up (`NEED_ODDS`, measured)."""
    if sg.gold is None:
        return (1.0,) * sg.n_seats
    unseen_golds = max(0, 4 - sg.seen[sg.gold.kind])
    pool = sum(max(0, 4 - n) for n in sg.seen)
    odds = []
    for other in range(sg.n_seats):
        chance = _few_golds(unseen_golds, pool, held[other], max_golds)
        if min_points:
            shown = flowers[other] + sum(meld_points(m, sg.gold) for m in sg.exposed[other])
            shown += 4 * (sg.meld_counts[other] - len(sg.exposed[other]))  # concealed kongs, face down
            lack = max(0, min_points - shown)
            chance *= NEED_ODDS[lack] if lack < len(NEED_ODDS) else 0.0
        odds.append(0.0 if other == sg.seat else chance)
    return tuple(odds)


def _few_golds(unseen: int, pool: int, held: int, most: int) -> float:
    """The chance a hand of `held` unseen tiles holds at most `most` of the `unseen` golds among
    the `pool` tiles this seat cannot see (hypergeometric), leaned towards more golds for a
    ready hand (`READY_GOLD_LEAN`: golds make a hand ready sooner)."""
    if unseen <= most:
        return 1.0
    pool = max(pool, held + unseen)
    total = 0.0
    for g in range(most + 1):
        total += math.comb(unseen, g) * math.comb(pool - unseen, held - g) / math.comb(pool, held)
    return float(min(1.0, total) ** READY_GOLD_LEAN)


def _faces(sg: Sight, tiles: Iterable[Tile]) -> frozenset[int]:
    return frozenset(rules.face(t, sg.gold).kind for t in tiles)


def _let_go(sg: Sight, declared: Sequence[int | None], other: int) -> frozenset[int]:
    """The faces a 报听 seat (locked: it throws every draw it cannot win with) has let go since its
    declaring discard, which came after `declared[other]` discards: its own later discards and
    the other seat's (two seats, taking turns: the other seat threw first). A claim since shrinks
    the rivers, so fewer tiles count: never one too many."""
    at = declared[other] if other < len(declared) else None
    if at is None or sg.n_seats != 2:
        return frozenset()
    since = sum(len(r) for r in sg.rivers) - at - 1  # discards after the declaring one
    if since <= 0:
        return frozenset()
    mine, theirs = sg.rivers[1 - other], sg.rivers[other]
    ours, its = (since + 1) // 2, since // 2
    return _faces(sg, mine[len(mine) - ours :]) | _faces(sg, theirs[len(theirs) - its :] if its else ())


def danger(sg: Sight, table: Table, tile: Tile) -> float:
    """The chance (a weight above 1 under 包) that discarding `tile` deals in, from public play only:
    `risks`' two parts together."""
    chance, bao = risks(sg, table, tile)
    return chance + bao


def risks(sg: Sight, table: Table, tile: Tile) -> tuple[float, float]:
    """What discarding `tile` risks, from public play only: the chance it deals in, and the
    weight of the 包 liabilities it may bring (guangdong), read once per kind.

    Per opponent: its readiness × the share of ready hands waiting on this tile (engine.evaluation's
    reading: middle tiles likelier, every copy seen or let pass since its discard nearly safe, its
    own discards and 筋 safer) × how often this game's ready hands may win on a discard at all,
    a flush-seeker's suit likelier and the other suits unlikely. Nothing while anyone is in
    双游 (nobody may win on or claim a discard then) and nothing for a gold."""
    cached = table.cache.get(tile.kind)
    if cached is not None:
        return cached
    chance = bao = 0.0
    if not any(level >= 2 for level in sg.you) and not (sg.gold is not None and tile == sg.gold):
        for other, ready in enumerate(table.ready):
            if ready > 0:
                odds = table.odds[other] if table.odds else sg.discard_win_share
                chance += ready * _share(sg, table, other, tile) * odds
            if sg.liability and other != sg.seat:
                bao += _liability(sg, other, tile)
    table.cache[tile.kind] = (chance, bao)
    return chance, bao


def _share(sg: Sight, table: Table, other: int, tile: Tile) -> float:
    """How likely a ready `other` waits on `tile` (its face: 白板 plays as the gold's face): the
    wait shapes that win on it, weighed by the live copies of the tiles they need (`_shape_weight`),
    a tile let pass since its last discard (or, a 报听 seat, since it declared) nearly safe, its own
    discards safer, a flush-seeker's suit likelier and the other suits unlikely."""
    kind = rules.face(tile, sg.gold).kind
    share = MIDDLE_SHARE * _shape_weight(table.live, kind, table.thrown[other]) / SHAPE_REFERENCE
    if kind in table.passed[other]:
        share *= PASSED_FACTOR
    elif kind in table.thrown[other]:
        share *= OWN_RIVER_FACTOR
    lean = table.leans[other]
    if lean is not None:
        share *= 1.2 if tile.is_honor else (FLUSH_SUIT if tile.suit == lean else OFF_FLUSH)
    return share


def _shape_weight(live: Sequence[int], kind: int, thrown: frozenset[int]) -> float:
    """The ways a ready hand can wait on face `kind`: a pair wait (two live copies held), a lone
    wait (one), and for a number tile the two-sided waits (the two tiles above or below it held;
    one whose other winning tile the seat threw itself counts `SUJI_SIDE`), the closed wait (the
    tiles either side) and the edge wait (1-2 for a 3, 8-9 for a 7), each by the product of the
    live copies of the tiles it holds (`live`, by face kind)."""
    n = live[kind]
    weight = SHAPE_PAIR * n * (n - 1) / 2 + SHAPE_LONE * n
    if kind >= 27:
        return weight
    rank = kind % 9  # 0 for a 1, 8 for a 9
    if rank <= 5:
        weight += SHAPE_SIDES * live[kind + 1] * live[kind + 2] * (SUJI_SIDE if kind + 3 in thrown else 1.0)
    elif rank == 6:
        weight += SHAPE_EDGE * live[kind + 1] * live[kind + 2]
    if rank >= 3:
        weight += SHAPE_SIDES * live[kind - 1] * live[kind - 2] * (SUJI_SIDE if kind - 3 in thrown else 1.0)
    elif rank == 2:
        weight += SHAPE_EDGE * live[kind - 1] * live[kind - 2]
    if 1 <= rank <= 7:
        weight += SHAPE_CLOSED * live[kind - 1] * live[kind + 1]
    return weight


def live_faces(sg: Sight) -> tuple[int, ...]:
    """Per face kind, the copies this seat cannot see that play as it: in a gold game the golds are
    wild (no face), and the gold's face is played by the 白板s."""
    live = [max(0, 4 - n) for n in sg.seen]
    gold = sg.gold
    if gold is not None:
        live[gold.kind] = live[BAIBAN] if gold.kind != BAIBAN else 0
        if gold.kind != BAIBAN:
            live[BAIBAN] = 0
    return tuple(live)


def _lean(sg: Sight, other: int) -> int | None:
    """A seat whose two or more shown sets are all of one number suit (and honours) is after a
    flush: it waits in that suit or on honours, hardly in the others."""
    melds = sg.exposed[other]
    suits = {m.tiles[0].suit for m in melds if not m.tiles[0].is_honor}
    if len(melds) < 2 or len(suits) != 1:
        return None
    return next(iter(suits))


def win_chance(shanten: int, effective: int, sg: Sight, far_full: int = FULL_EFFECTIVE) -> float:
    """A rough chance to win from here: by 向听 and 进张, less as the wall runs out."""
    if shanten < 0:
        return 1.0
    if effective == 0:
        return 0.0  # every useful tile is in sight: this shape cannot get there
    last = len(WIN_CHANCE) - 1
    base = WIN_CHANCE[shanten] if shanten <= last else WIN_CHANCE[last] * FAR_STEP ** (shanten - last)
    floor = READY_FLOOR if shanten == 0 else REACH_FLOOR
    full = FULL_EFFECTIVE if shanten == 0 else far_full
    reach = floor + (1 - floor) * min(effective, full) / full
    own_draws = sg.drawable / sg.n_seats
    return base * reach * min(1.0, own_draws / 10)


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
    table = Table.read(style, sg, declared_at(state), discard_win_odds(state, sg))
    kong = _turn_kong(state, seat, legal, sg, table)
    if kong is not None:
        return kong
    if not discards:
        return legal[0]
    tile, choice = pick_discard(sg, style, table, discards)
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
    if _hand(s.hand, gold, shapes).shanten() > 0:
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
    rest = [t for t in sg.hand if t != tile] if held == 4 else _minus(sg.hand, [tile])
    hand = _hand(sg.hand, sg.gold, sg.shapes)
    now = min(_shanten_without(hand, t, sg.gold) for t in set(sg.hand))
    return _hand(rest, sg.gold, _with_a_meld(sg.shapes)).shanten() <= now


def _with_a_meld(shapes: frozenset[Shape]) -> frozenset[Shape]:
    """The shapes left once a set is declared: the concealed-only ones (对对胡, 七对) are gone."""
    return frozenset(s for s in shapes if s == Shape.STANDARD)


def _minus(tiles: Sequence[Tile], used: Sequence[Tile]) -> list[Tile]:
    rest = list(tiles)
    for t in used:
        rest.remove(t)
    return rest


@dataclass(frozen=True, slots=True)
class Choice:
    """A judged discard: the hand it leaves and the risk of the tile itself."""

    tile: Tile
    shanten: int
    effective: int  # live 进张 (when ready: live waits)
    danger: float
    value: float  # win chance × win value − deal-in cost × danger


def pick_discard(sg: Sight, style: Style, table: Table, tiles: Sequence[Tile]) -> tuple[Tile, Choice]:
    """The discard with the most win kept for the deal-in risked (see the module docstring).

    Golds are kept (unless every candidate is one). Every candidate's 向听 and danger are
    cheap (one suit changes, the danger read once per kind); its 进张 are counted only while it
    could still come out best (the most promising first: the highest ceiling, then the tile
    that joins least with the rest)."""
    hand = _hand(sg.hand, sg.gold, sg.shapes)
    keep = [t for t in tiles if t != sg.gold] or list(tiles)
    if folds(style, hand.shanten(), table):
        return _safest(sg, table, hand, keep)
    worth = _plan_worth(sg) if style.steer else (_simples_worth(sg, style) if style.simples_fan else None)
    rough = []
    for tile in keep:
        steps = _shanten_without(hand, tile, sg.gold)
        risk = danger(sg, table, tile)
        points = worth(tile) if worth is not None else 1.0
        kept = points * (1.0 - style.hand_over * risks(sg, table, tile)[0])
        ceiling = win_chance(steps, max(FULL_EFFECTIVE, style.far_full), sg, style.far_full) * kept
        ceiling -= tile_cost(style, sg, table, tile)
        rough.append((-ceiling, _links(hand, tile, sg.gold), risk, kept, tile))
    rough.sort()
    best: Choice | None = None
    reader = _Discards(hand, sg)  # every discard's 进张 from the hand's counts (the review's reader)
    for neg_ceiling, _joins, risk, kept, tile in rough:
        if best is not None and -neg_ceiling <= best.value:
            break  # sorted by ceiling: nothing further can beat the best
        eff = reader.efficiency(tile)
        value = win_chance(eff.shanten, eff.count, sg, style.far_full) * kept - tile_cost(style, sg, table, tile)
        choice = Choice(tile, eff.shanten, eff.count, risk, value)
        if best is None or _better(choice, best):
            best = choice
    assert best is not None
    return best.tile, best


def folds(style: Style, shanten: int, table: Table) -> bool:
    """弃和: a hand `shanten` steps from ready (after its best discard) against a table this
    likely to be ready gives up its own win and throws the safest tiles. A yes/no decision,
    not a per-tile trade: weighing each tile's danger against a far hand's small win chance
    broke the shape turn after turn and lost more than it saved (measured against easy bots)."""
    return style.fold_threat is not None and shanten >= style.fold_shanten and table.threat >= style.fold_threat


def _safest(sg: Sight, table: Table, hand: _Hand, tiles: Sequence[Tile]) -> tuple[Tile, Choice]:
    """The discard least likely to deal in; among equally safe ones, the one keeping the hand closest."""
    judged = [(danger(sg, table, t), _shanten_without(hand, t, sg.gold), _links(hand, t, sg.gold), t) for t in tiles]
    risk, steps, _joins, tile = min(judged)
    return tile, Choice(tile, steps, 0, risk, 0.0)


def tile_cost(style: Style, sg: Sight, table: Table, tile: Tile) -> float:
    """What discarding `tile` is expected to cost, in wins: its deal-in chance at the game's price
    as far as the table presses (`pressure`; in nanping's last tiles, where the discarder pays every
    loser's share, the 包 price in full), and the 包 liabilities it may bring at theirs."""
    chance, bao = risks(sg, table, tile)
    price = style.deal_in_cost * pressure(style, table)
    if style.bao_cost and sg.last_tiles_bao and sg.drawable <= sg.last_tiles_bao:
        price = style.bao_cost
    return price * chance + style.liability_cost * bao


def pressure(style: Style, table: Table) -> float:
    """How much of a deal-in's price counts on this table: 0 with the threat at or below the style's
    `threat_floor`, rising to 1 as the threat nears sureness (always 1 without a floor)."""
    floor = style.threat_floor
    if not floor:
        return 1.0
    return max(0.0, table.threat - floor) / (1 - floor)


def _links(hand: _Hand, tile: Tile, gold: Tile | None) -> int:
    """How many held tiles a tile works with (copies, and its suit within two): loners go first."""
    kind = rules.face(tile, gold).kind
    counts = hand.counts
    if kind >= 27:
        return 2 * counts[kind]
    low, high = kind - kind % 9, kind - kind % 9 + 8
    return 2 * counts[kind] + sum(counts[k] for k in range(max(low, kind - 2), min(high, kind + 2) + 1) if k != kind)


def _better(a: Choice, b: Choice) -> bool:
    return (a.value, -a.danger, -a.shanten, a.effective, -a.tile.kind) > (
        b.value,
        -b.danger,
        -b.shanten,
        b.effective,
        -b.tile.kind,
    )


def _without(hand: _Hand, tile: Tile, gold: Tile | None) -> _Hand:
    after = hand.copy()
    if gold is not None and tile == gold:
        after.golds -= 1
        after.size -= 1
    else:
        after.add(rules.face(tile, gold).kind, -1)
    return after


def _shanten_without(hand: _Hand, tile: Tile, gold: Tile | None) -> int:
    if gold is not None and tile == gold:
        return _without(hand, tile, gold).shanten()
    return hand.shanten_plus(rules.face(tile, gold).kind, -1)


# erren, 断幺九: its 番 fades by SIMPLES_FADE for each terminal or honour still held; CLOSED_FAN and
# OPEN_FAN are the 番 of a win without it (measured: normal's 门清 wins carried 3.8 番 on average, its
# open ones 1.5, 600 hands). 断幺九 went from 15% to 21% of normal's wins, its wins from 648 to 664.
SIMPLES_FADE = 0.5
CLOSED_FAN, OPEN_FAN = 3.8, 1.5


def _simples_worth(sg: Sight, style: Style) -> Callable[[Tile], float]:
    """erren: how much a win is worth after discarding a tile, by how near the hand is to 断幺九
    (no terminal or honour, 1 番 on any hand): `Style.simples_fan` faded by SIMPLES_FADE per
    terminal or honour still held, over the 番 of a win without it (门清 or open). Nothing once a
    shown set holds one."""
    base = _plain_fan(sg.melds)
    return lambda tile: _fan_estimate(style, _minus(sg.hand, [tile]), sg.melds) / base


def _plain_fan(melds: Sequence[Meld]) -> float:
    """erren: the 番 of a win without 断幺九: a 门清 one's or an open one's."""
    return CLOSED_FAN if all(m.concealed for m in melds) else OPEN_FAN


def _fan_estimate(style: Style, hand: Sequence[Tile], melds: Sequence[Meld]) -> float:
    """erren: the 番 a win of this hand may carry, as `_simples_worth` reads it: a plain 门清 or open
    win's (CLOSED_FAN, OPEN_FAN), and 断幺九's `Style.simples_fan` faded per terminal or honour held."""
    fan = _plain_fan(melds)
    if not style.simples_fan or any(t.is_terminal_or_honor for m in melds for t in m.tiles):
        return fan
    return fan + style.simples_fan * SIMPLES_FADE ** sum(1 for t in hand if t.is_terminal_or_honor)


def _plan_worth(sg: Sight) -> Callable[[Tile], float]:
    """guangdong: how much a win is worth after discarding a tile, by the plan the hand leans to
    (混一色/对对胡 4 points, 清一色 8, a 鸡胡 1), halved for each off-plan tile still held."""
    target = gd.choose_target(sg.hand, sg.melds)
    points = PLAN_POINTS[target.plan]
    if points == 1.0:
        return lambda tile: 1.0
    off = sum(1 for t in sg.hand if not target.fits(t))

    def worth(tile: Tile) -> float:
        left = off - (0 if target.fits(tile) else 1)
        return max(1.0, points * PLAN_FADE**left)

    return worth


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
    table = Table.read(style, sg, declared_at(state), discard_win_odds(state, sg))
    shanten = _hand(sg.hand, sg.gold, sg.shapes).shanten()
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
    nobody else in 游金. Paired, 400 hands, seeds league / s2 / s3: +0.018 / -0.010 / +0.028."""
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
        rest = _minus(sg.hand, used)
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
    (measured in pinghe: claiming only for a step lost 0.37 coins a hand against easy bots,
    whose claims on a ready hand often reach 单吊 and 游金; claiming for more 进张 short of ready
    too did no better in nanping, -0.04 to -0.08, and costs an efficiency count per claim)."""
    rest = _minus(sg.hand, used)
    after = _hand(rest, sg.gold, _with_a_meld(sg.shapes))
    steps = {t: _shanten_without(after, t, sg.gold) for t in set(rest)}
    best = min(steps.values())
    if best != shanten or not for_waits or shanten > 0:
        return best < shanten
    now = _efficiency(_hand(sg.hand, sg.gold, sg.shapes), sg).count
    return any(_efficiency(_without(after, t, sg.gold), sg).count > now for t, n in steps.items() if n == best)


def _passing_worth(sg: Sight, style: Style, shanten: int) -> float:
    """erren: the hand's win chance × its 番 (`_fan_estimate`) as it stands, what passing a claim
    keeps: a claim is taken only when `_claimed_worth` beats it. A claim shows a set: the hand loses
    门清 (with 报听 and 门清自摸, a 门清 win carries about 2.5x an open one's 番), and a set holding a
    terminal or honour its 断幺九. Read once per window, for every claim offered in it."""
    now = win_chance(shanten, _efficiency(_hand(sg.hand, sg.gold, sg.shapes), sg).count, sg, style.far_full)
    return now * _fan_estimate(style, sg.hand, sg.melds)


def _claimed_worth(sg: Sight, style: Style, action: Action, used: list[Tile], tile: Tile) -> float:
    """erren: the win chance × 番 of the hand once the claim is shown and its best discard made
    (a kong: its replacement draw is a tile to come)."""
    kind = MeldKind.KONG if isinstance(action, Kong) else MeldKind.CHOW if isinstance(action, Chow) else MeldKind.PUNG
    melds = (*sg.melds, Meld(kind, tuple(sorted([*used, tile])), concealed=False))
    rest = _minus(sg.hand, used)
    after = _hand(rest, sg.gold, _with_a_meld(sg.shapes))
    if isinstance(action, Kong):
        eff = _efficiency(after, sg)
        return win_chance(eff.shanten, eff.count, sg, style.far_full) * _fan_estimate(style, rest, melds)
    best = 0.0
    for t in set(rest):
        eff = _efficiency(_without(after, t, sg.gold), sg)
        fan = _fan_estimate(style, _minus(rest, [t]), melds)
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
