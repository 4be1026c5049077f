"""二人麻将 (erren): shared/seeds/002_92881f5650452d1e.txt and RULINGS.md; prose in docs/rules/erren.md."""

from engine.variants import register
from engine.variants.base import DeadWall, Variant

LIVE_WALL = 71  # 随机选出 71 张牌进行游戏
DEALT = 14 + 13
DEAD_TILES = 136 - DEALT - LIVE_WALL  # never drawn in play; the 花牌 and the 海底捞月 draws come from here
HAIDI_DRAWS = 3  # 海底捞月: three more draws for the tenpai player after the wall runs out

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
        escape_penalty_bases=12,  # RULINGS: 12 × base to the opponent
        base_fan=(("推倒胡", 1), ("役满", 13)),
        scoring="engine.scoring.erren:settle",
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
)
