"""南平麻将 (Nanping, Zhangzhou rules): shared/seeds/001_35371c8334f8206f.txt and RULINGS.md."""

from engine.scoring import nanping as nanping_scoring
from engine.variants import register
from engine.variants.base import DeadWall, EscapeSharing, Furiten, GoldDiscard, GoldRules, Variant

NANPING = register(
    Variant(
        id="nanping",
        name_zh="南平麻将",
        n_seats=4,
        has_flowers=True,
        dealer_tiles=17,
        other_tiles=16,
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
        rob_added_kong=True,
        rob_concealed_kong=True,  # 抢杠胡: 猜暗杠
        furiten=Furiten.UNTIL_OWN_DRAW,  # 先弃后和
        dead_wall=DeadWall(base=26, per_exposed_kong=2, per_concealed_kong=4, per_flower_point=2),  # 13墩 + 1墩/分
        last_tiles_auto_win=4,  # 最后可摸的4张牌: 自动胡, 点炮者包
        fenbing=True,
        tianhu=True,
        qiangjin=True,
        escape_penalty_bases=12,  # RULINGS: 逃跑扣除12倍底分, 4 × base to each of the three
        escape_sharing=EscapeSharing.EACH_OTHER_EQUALLY,
        base_fan=(("点炮", 1), ("自摸", 2), ("单游", 4), ("双游", 8), ("三游", 16)),
        scoring=nanping_scoring.settle,
    )
)
