"""二人麻将 (erren): shared/seeds/002_92881f5650452d1e.txt and RULINGS.md; prose in docs/rules/erren.md.

The game's registration: its rules data with direct references to its settle function,
flow hooks and `score` reader. Its pieces build on lower modules only (erren_rules,
erren_actions, erren_flow, engine.scoring.erren*), so none of them imports this one.
"""

from __future__ import annotations

from engine.scoring import erren as erren_scoring
from engine.scoring import erren_situation
from engine.variants import (
    erren_actions,  # noqa: F401  (registers erren's actions with the parser)
    register,
)
from engine.variants.base import DeadWall, EscapeSharing, Variant
from engine.variants.erren_flow import ErrenFlow
from engine.variants.erren_rules import (
    DEAD_TILES,
    DEALT,
    HAIDI_DRAWS,
    LIVE_WALL,
    bot_exchange,
    bot_pick,
    bot_swap,
    haidi_seat,
    option_rng,
    pick_choices,
    rolls,
    swap_offer,
)

__all__ = [
    "DEAD_TILES",
    "DEALT",
    "ERREN",
    "HAIDI_DRAWS",
    "LIVE_WALL",
    "bot_exchange",
    "bot_pick",
    "bot_swap",
    "haidi_seat",
    "option_rng",
    "pick_choices",
    "rolls",
    "swap_offer",
]

ERREN = register(
    Variant(
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
        scoring=erren_scoring.settle,
        flow=ErrenFlow,  # exchange, 报听, 海底捞月, the offers, the win facts
        extra=(
            ("situation_json", erren_situation.sheet_from_json),  # `score` CLI input
            ("live_wall", LIVE_WALL),
            ("haidi_draws", HAIDI_DRAWS),
            ("bonus_tile", True),  # 花牌: one tile turned up on the wall, +1 番 per copy in the winning hand
            ("baoting", True),  # 报听 with automatic draw-and-discard afterwards
            # table options (off by default): probability per turn, drawn from the hand's seeded rng
            ("swap_probability", 0.0),  # 游戏中换牌
            ("pick_probability", 0.0),  # 搓牌
        ),
    )
)
