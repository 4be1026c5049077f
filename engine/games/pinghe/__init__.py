"""平和麻将 (Pinghe): shared/seeds/000_0aaf8825362a59c1.txt and RULINGS.md.

The game's package: its rules (`GAME`, a gold game: engine.games.gold) and its scoring
(`scoring`); its flow is the shared one, driven by its `GoldRules`.
"""

from engine.games.gold import GOLD_STYLE, gold_game
from engine.games.pinghe import scoring
from engine.variants import DeadWall, Game, GoldDiscard, GoldRules

PINGHE = gold_game(
    id="pinghe",
    name_zh="平和麻将",
    shape_names=("STANDARD", "PINGHE_PAIRS"),  # 对对胡: 7 pairs + 1 triplet, fully concealed
    gold=GoldRules(
        discard=GoldDiscard.YOUJIN_ONLY,  # 金牌不可以打出, 只有双游状态才能打出金牌
        discard_win_max_golds=0,  # 有金牌的情况下不允许点炮胡
        youjin_only_from_golds=3,  # 三个金不能进行自摸, 必须胡游金
        sanjindao_first_turn_only=True,  # 起手三金倒, 放弃后无法再胡
        sijindao=True,  # 起手四金倒, 记分等同于双游
        named_gold_option=True,  # 喊金
        # 单游 4番, 双游 8番, 四游 16番; level 4 only for a 单吊/对对胡 hand with 喊金 (× 2: 十六游)
        you_levels=("YOUJIN", "SHUANGYOU", "SIYOU", "BAYOU"),
        special_youjin_is_shuangyou=True,  # 如是特殊牌型（单吊和对对胡）的话，游金就是双游
        opening_dice=True,  # 开门时骰子数是多少, 从补花的补牌处最后一张牌数起
    ),
    # 抢杠胡 (等同于点炮胡) and 抢杠自摸 (抢暗杠) as every gold game
    wrong_guess_ends_hand=False,  # RULINGS: the guesser pays each other their 自摸 and draws; play goes on
    discard_win_min_points=3,  # 点炮胡需要三分
    discard_win_points=scoring.dianpao_points,  # 花1, 暗刻1, 明杠2, 暗杠4, 箭刻1
    dead_wall=DeadWall(base=16, per_exposed_kong=2, per_concealed_kong=4),  # 8墩 + 明杠1墩 + 暗杠2墩
    tianhu=False,
    # 逃跑扣除12倍底分, 4 × base to each of the three (gold_game)
    base_fan=(("点炮", 1), ("自摸", 2), ("游金", 4), ("双游", 8), ("四游", 16), ("八游", 32), ("十六游", 64)),
    scoring=scoring.settle,
)

GAME = Game(PINGHE, style=GOLD_STYLE)
