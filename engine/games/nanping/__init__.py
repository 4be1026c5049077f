"""南平麻将 (Nanping, Zhangzhou rules): shared/seeds/001_35371c8334f8206f.txt and RULINGS.md.

The game's package: its rules (`GAME`, a gold game: engine.games.gold) and its scoring
(`scoring`); its flow is the shared one, driven by its `GoldRules`.
"""

from dataclasses import replace

from engine.games.gold import GOLD_STYLE, gold_game
from engine.games.nanping import scoring
from engine.variants import DeadWall, Furiten, Game, GoldDiscard, GoldRules

NANPING = gold_game(
    id="nanping",
    name_zh="南平麻将",
    shape_names=("STANDARD",),
    gold=GoldRules(
        discard=GoldDiscard.FREE,  # 金牌可以打出, 但不能胡、吃、碰
        discard_win_max_golds=1,  # 手里有两个金, 必须和自摸
        youjin_only_from_golds=None,
        sanjindao_first_turn_only=False,  # 牌局结束前任何一家
        sijindao=False,
        named_gold_option=False,
        you_levels=("YOUJIN", "SHUANGYOU", "SANYOU"),  # 单游 4, 双游 8, 三游 16
    ),
    # 抢杠胡: 猜暗杠, as every gold game
    furiten=Furiten.UNTIL_OWN_DRAW,  # 先弃后和
    dead_wall=DeadWall(base=26, per_exposed_kong=2, per_concealed_kong=4, per_flower_point=2),  # 13墩 + 1墩/分
    last_tiles_auto_win=4,  # 最后可摸的4张牌: 自动胡, 点炮者包
    fenbing=True,
    tianhu=True,
    # 逃跑扣除12倍底分, 4 × base to each of the three (gold_game)
    base_fan=(("点炮", 1), ("自摸", 2), ("单游", 4), ("双游", 8), ("三游", 16)),
    scoring=scoring.settle,
)

# Judged as pinghe, but in its last tiles the discarder pays every loser's share (包); every kong is
# declared for its 杠分.
STYLE = replace(GOLD_STYLE, bao_cost=3.0, kong_points=True)

GAME = Game(NANPING, style=STYLE)
