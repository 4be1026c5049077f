"""A game's judging style as data (`Style`): how its money and rules bend the bots' and the review's
judgement of a hand (engine.judge). Each game's package sets its own (`Game.style`, engine/games/<id>/);
`engine.judge.style_for(variant_id)` reads it through the registry (`DEFAULT_STYLE` for a game with none).

The measurements behind every value (league runs against easy bots, paired by deal) are in
docs/engine.md ("Bots", the tuning history); the code keeps the values and what they mean.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CURVES_FUJIAN", "DEFAULT_STYLE", "FAR_FULL", "FULL_EFFECTIVE", "Style"]

# Readiness of an easy-playing opponent by its river length (index, clamped), one curve per
# number of declared sets (0..3; four or more: `danger.READY_FOUR_SETS`). Measured: engine.bot
# playing 300 hands of each game, the share of seats ready (向听 0) at each (discards, sets).
CURVES_FUJIAN = (
    (0, 0.01, 0.02, 0.05, 0.1, 0.14, 0.19, 0.26, 0.35, 0.45, 0.55, 0.6, 0.65),
    (0, 0.02, 0.05, 0.09, 0.15, 0.25, 0.33, 0.39, 0.43, 0.5, 0.6, 0.65, 0.7),
    (0.25, 0.3, 0.32, 0.3, 0.33, 0.42, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75),
    (0.6, 0.6, 0.62, 0.65, 0.7, 0.7, 0.7, 0.75, 0.82, 0.85, 0.88, 0.9, 0.9),
)
FULL_EFFECTIVE = 20  # 进张 beyond this hardly raise a ready hand's chance
FAR_FULL = 60  # pinghe: a hand one step or more from ready counts its live 进张 up to this many


@dataclass(frozen=True, slots=True)
class Style:
    """How one game's money and rules bend the judgement."""

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
    hand_over: float = 0.0
    # A discard's deal-in cost counts only while the table's threat is above this floor, and in
    # proportion to how far above (`choice.pressure`): below it the hand plays its own game.
    threat_floor: float = 0.0
    kong_points: bool = False  # nanping: every kong is declared for its 杠分, even one that costs a step
    # A hand one step or more from ready: its chance grows with its live 进张 up to this many (a ready
    # hand's up to FULL_EFFECTIVE).
    far_full: int = FULL_EFFECTIVE
    # erren: 断幺九 (no terminal or honour: 1 番, open hands too). A discard's win is weighed by
    # (base + this × SIMPLES_FADE per terminal or honour still held) / base, base the 番 of a plain
    # 门清 or open win (`worth.simples_worth`). 0: not weighed.
    simples_fan: float = 0.0
    # erren: a claim is taken only when its win chance × the hand's 番 beats passing's, not for a
    # step closer alone.
    claim_by_worth: bool = False


# A game that sets no style of its own.
DEFAULT_STYLE = Style(CURVES_FUJIAN, deal_in_cost=1.5)
