"""Each game's judging style as data: how its money and rules bend the judgement (one `Style` per game).

The measurements behind every value (league runs against easy bots, paired by deal) are in
docs/engine.md ("Bots", the tuning history); the code keeps the values and what they mean.
A game registers its style by its id (`register_style`); `style_for(variant_id)` reads it
(`DEFAULT_STYLE` for a game that registered none).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = [
    "DEFAULT_STYLE",
    "ERREN",
    "FAR_FULL",
    "FULL_EFFECTIVE",
    "GUANGDONG",
    "NANPING",
    "PINGHE",
    "STYLES",
    "Style",
    "register_style",
    "style_for",
]

# Readiness of an easy-playing opponent by its river length (index, clamped), one curve per
# number of declared sets (0..3; four or more: `danger.READY_FOUR_SETS`). Measured: engine.bot
# playing 300 hands of each game, the share of seats ready (向听 0) at each (discards, sets).
CURVES_FUJIAN = (
    (0, 0.01, 0.02, 0.05, 0.1, 0.14, 0.19, 0.26, 0.35, 0.45, 0.55, 0.6, 0.65),
    (0, 0.02, 0.05, 0.09, 0.15, 0.25, 0.33, 0.39, 0.43, 0.5, 0.6, 0.65, 0.7),
    (0.25, 0.3, 0.32, 0.3, 0.33, 0.42, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75),
    (0.6, 0.6, 0.62, 0.65, 0.7, 0.7, 0.7, 0.75, 0.82, 0.85, 0.88, 0.9, 0.9),
)
CURVES_GUANGDONG = (
    (0, 0, 0.01, 0.02, 0.04, 0.07, 0.09, 0.13, 0.15, 0.22, 0.3, 0.38, 0.4, 0.45, 0.5, 0.5),
    (0, 0.01, 0.01, 0.03, 0.05, 0.07, 0.12, 0.16, 0.21, 0.23, 0.27, 0.35, 0.38, 0.4, 0.45, 0.45),
    (0.06, 0.06, 0.06, 0.1, 0.19, 0.26, 0.32, 0.34, 0.36, 0.45, 0.54, 0.58, 0.6, 0.66, 0.66, 0.66),
    (0.4, 0.4, 0.4, 0.4, 0.4, 0.45, 0.51, 0.65, 0.72, 0.74, 0.74, 0.76, 0.79, 0.79, 0.83, 0.9),
)
CURVES_ERREN = (
    # Undeclared and 门清: the easy bot declares whenever it can (none of those seats was ready);
    # a person mostly does too, so a quarter of the all-seats curve.
    (0, 0, 0.01, 0.02, 0.04, 0.05, 0.06, 0.08, 0.1, 0.11, 0.14, 0.15, 0.15, 0.16, 0.18, 0.2),
    (0.2, 0.22, 0.22, 0.24, 0.29, 0.38, 0.46, 0.49, 0.58, 0.64, 0.7, 0.77, 0.8, 0.8, 0.83, 0.9),
    (0.74, 0.74, 0.74, 0.74, 0.74, 0.74, 0.74, 0.77, 0.77, 0.8, 0.8, 0.8, 0.8, 0.81, 0.88, 0.95),
    (0.9,) * 16,
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


# pinghe: every loser pays a 点炮 alike (half a 自摸), so a deal-in costs nothing the hand going on
# would not: danger only breaks ties between equally good discards, and nobody folds.
PINGHE = Style(CURVES_FUJIAN, deal_in_cost=0.0, claim_fold=None, claim_for_waits=True, far_full=FAR_FULL)
# nanping pays as pinghe, but in its last tiles the discarder pays every loser's share (包); every
# kong is declared for its 杠分.
NANPING = replace(PINGHE, bao_cost=3.0, kong_points=True)
# guangdong: the discarder pays alone: a price of 6 wins above a threat of 0.5, 包 liabilities priced,
# folding against a nearly sure threat, every hand weighed by its plan.
GUANGDONG = Style(
    CURVES_GUANGDONG,
    deal_in_cost=6.0,
    threat_floor=0.5,
    liability_cost=0.3,
    claim_fold=None,
    fold_threat=0.7,
    steer=True,
)
# erren: one opponent pays a self-draw and a discard win alike; a deal-in hands it half the win kept
# (`hand_over`); it folds far from ready only against a 报听, declares 报听 on every ready 门清 hand,
# leans to 断幺九 and claims by worth.
ERREN = Style(
    CURVES_ERREN,
    deal_in_cost=0.0,
    claim_fold=None,
    fold_threat=0.95,
    declare_waits=1,
    hand_over=0.5,
    simples_fan=1.0,
    claim_by_worth=True,
)
DEFAULT_STYLE = Style(CURVES_FUJIAN, deal_in_cost=1.5)

# The registry: a game's id -> its style. The built-in games' styles are registered here until each
# game's package registers its own (`register_style` from engine/games/<game>/).
STYLES: dict[str, Style] = {}


def register_style(variant_id: str, style: Style) -> None:
    """Make `style` the judging style of the game `variant_id` (a later call replaces it)."""
    STYLES[variant_id] = style


def style_for(variant_id: str) -> Style:
    """The game's judging style (`DEFAULT_STYLE` when it registered none)."""
    return STYLES.get(variant_id, DEFAULT_STYLE)


for _game, _style in (("pinghe", PINGHE), ("nanping", NANPING), ("guangdong", GUANGDONG), ("erren", ERREN)):
    register_style(_game, _style)
