"""广东鸡平胡 (`guangdong`): shared/seeds/004_f2f2bafceaf8d134.txt and RULINGS.md.

The game's package: `GAME`, its rules data for the shared hand flow, with direct references
to its settle function, flow hooks, 包 rule and `score` reader. Its modules: `rules` (the pure
rules: seat winds, the dealership, 包), `flow` (its hooks into the shared hand flow), `bot` (its
bot style: the plans), `fans`, `scoring` and `titles` (the 番, the sheet, the players' titles),
`situation` (the `score` CLI's reader). They build on lower modules only, so none of them
imports this one. docs/rules/guangdong.md is the prose version.
"""

from __future__ import annotations

from engine.games.guangdong import scoring, situation
from engine.games.guangdong.flow import GuangdongFlow
from engine.games.guangdong.rules import N_SEATS, liable_after_claim
from engine.variants import DeadWall, EscapeSharing, Furiten, Game, Variant
from engine.variants.style import Style

__all__ = ["GAME", "GUANGDONG"]

GUANGDONG = Variant(
    id="guangdong",
    name_zh="广东鸡平胡",
    n_seats=N_SEATS,
    has_flowers=False,  # 合计136张牌
    dealer_tiles=14,  # 庄家先摸到十四张牌, 其余的人十三张
    other_tiles=13,
    shape_names=("STANDARD", "THIRTEEN_ORPHANS", "NINE_GATES"),
    gold=None,
    chow=True,  # 庄家的下家可以吃; 碰比吃优先
    multiple_discard_winners=True,  # 允许一炮多响
    rob_added_kong=True,  # 明刻开明杠可以被抢杠胡; 暗杠 / 暗刻开明杠 不可
    rob_concealed_kong=False,
    furiten=Furiten.SAME_TILE_UNTIL_ACTION,  # 漏胡
    discard_win_min_points=0,  # 鸡胡 (0 番) wins
    dead_wall=DeadWall(base=0),  # every tile is drawn: the last one is 海底捞月
    tianhu=True,
    escape_penalty_bases=50,  # 开局后逃跑者 -50分 (RULINGS: × base, shared by the three)
    escape_sharing=EscapeSharing.SHARED_REMAINDER_TO_NEXT,  # a remainder to the seat after the escaper
    base_fan=(("鸡胡", 0), ("平胡", 1), ("碰碰胡", 2), ("混一色", 2), ("爆胡", 3)),
    scoring=scoring.settle_context,
    flow=GuangdongFlow,  # 一炮多响, 漏胡, 包, the win facts, the bot
    extra=(
        ("limit_fan", 3),
        ("bao_exposed_sets", 4),
        ("liable_after_claim", liable_after_claim),  # 包: what the bots guard against
    ),
)

# Readiness of an easy bot by declared sets, then river length, measured in this game (as CURVES_FUJIAN).
CURVES_GUANGDONG = (
    (0, 0, 0.01, 0.02, 0.04, 0.07, 0.09, 0.13, 0.15, 0.22, 0.3, 0.38, 0.4, 0.45, 0.5, 0.5),
    (0, 0.01, 0.01, 0.03, 0.05, 0.07, 0.12, 0.16, 0.21, 0.23, 0.27, 0.35, 0.38, 0.4, 0.45, 0.45),
    (0.06, 0.06, 0.06, 0.1, 0.19, 0.26, 0.32, 0.34, 0.36, 0.45, 0.54, 0.58, 0.6, 0.66, 0.66, 0.66),
    (0.4, 0.4, 0.4, 0.4, 0.4, 0.45, 0.51, 0.65, 0.72, 0.74, 0.74, 0.76, 0.79, 0.79, 0.83, 0.9),
)
# guangdong: the discarder pays alone: a price of 6 wins above a threat of 0.5, 包 liabilities priced,
# folding against a nearly sure threat, every hand weighed by its plan.
STYLE = Style(
    CURVES_GUANGDONG,
    deal_in_cost=6.0,
    threat_floor=0.5,
    liability_cost=0.3,
    claim_fold=None,
    fold_threat=0.7,
    steer=True,
)

GAME = Game(GUANGDONG, read_situation=situation.sheet_from_json, style=STYLE)  # `score` CLI input
