"""二人麻将 (erren): shared/seeds/002_92881f5650452d1e.txt and RULINGS.md; prose in docs/rules/erren.md.

The game's package: `GAME`, its rules data with direct references to its settle function,
flow hooks and `score` reader. Its modules: `rules` (the pure rules: the wall, the exchange, the
offers), `actions` (its own actions), `flow` (its hooks into the shared hand flow), `fans` and
`scoring` (the 番 and the sheet), `situation` (the `score` CLI's reader). They build on lower
modules only, so none of them imports this one.
"""

from __future__ import annotations

from engine.games.erren import (
    actions,  # noqa: F401  (registers erren's actions with the parser)
    scoring,
    situation,
)
from engine.games.erren.flow import ErrenFlow
from engine.games.erren.rules import DEAD_TILES, HAIDI_DRAWS, LIVE_WALL
from engine.variants import DeadWall, EscapeSharing, Game, Variant
from engine.variants.style import Style

__all__ = ["ERREN", "GAME"]

ERREN = Variant(
    id="erren",
    name_zh="二人麻将",
    n_seats=2,
    has_flowers=False,
    dealer_tiles=14,
    other_tiles=13,
    shape_names=("STANDARD", "SEVEN_PAIRS"),
    chow=True,  # 可以任意吃碰杠牌: with two seats the opponent is always the player on the left
    rob_added_kong=True,  # 抢杠只应用在蓄杠上, 记分按自摸计
    dead_wall=DeadWall(base=DEAD_TILES),
    exchange_phase=True,  # 开始时换牌: any number of tiles, once, dealer first
    tianhu=True,  # 天和: the dealer's 14 tiles (after the exchange) may win at once
    escape_penalty_bases=12,  # RULINGS: 12 × base to the opponent
    escape_sharing=EscapeSharing.EACH_OTHER_EQUALLY,
    base_fan=(("推倒胡", 1), ("役满", 13)),
    scoring=scoring.settle,
    flow=ErrenFlow,  # exchange, 报听, 海底捞月, the offers, the win facts
    extra=(
        ("live_wall", LIVE_WALL),
        ("haidi_draws", HAIDI_DRAWS),
        ("bonus_tile", True),  # 花牌: one tile turned up on the wall, +1 番 per copy in the winning hand
        ("baoting", True),  # 报听 with automatic draw-and-discard afterwards
        # table options (off by default): probability per turn, drawn from the hand's seeded rng
        ("swap_probability", 0.0),  # 游戏中换牌
        ("pick_probability", 0.0),  # 搓牌
    ),
)

# Readiness of an easy bot by declared sets, then river length, measured in this game (as CURVES_FUJIAN).
CURVES_ERREN = (
    # Undeclared and 门清: the easy bot declares whenever it can (none of those seats was ready);
    # a person mostly does too, so a quarter of the all-seats curve.
    (0, 0, 0.01, 0.02, 0.04, 0.05, 0.06, 0.08, 0.1, 0.11, 0.14, 0.15, 0.15, 0.16, 0.18, 0.2),
    (0.2, 0.22, 0.22, 0.24, 0.29, 0.38, 0.46, 0.49, 0.58, 0.64, 0.7, 0.77, 0.8, 0.8, 0.83, 0.9),
    (0.74, 0.74, 0.74, 0.74, 0.74, 0.74, 0.74, 0.77, 0.77, 0.8, 0.8, 0.8, 0.8, 0.81, 0.88, 0.95),
    (0.9,) * 16,
)
# erren: one opponent pays a self-draw and a discard win alike; a deal-in hands it half the win kept
# (`hand_over`); it folds far from ready only against a 报听, declares 报听 on every ready 门清 hand,
# leans to 断幺九 and claims by worth.
STYLE = Style(
    CURVES_ERREN,
    deal_in_cost=0.0,
    claim_fold=None,
    fold_threat=0.95,
    declare_waits=1,
    hand_over=0.5,
    simples_fan=1.0,
    claim_by_worth=True,
)

GAME = Game(ERREN, read_situation=situation.sheet_from_json, style=STYLE)  # `score` CLI input
