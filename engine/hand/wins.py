"""Which win a seat may take now: self-drawn win types and their rank, the discard-win checks, pinghe's 分."""

from __future__ import annotations

from engine import hand_rules as rules
from engine.actions import (
    DiscardWinNeedsPoints,
    DiscardWinWithGold,
    NotAWinningHand,
    PassedWinThisRound,
    WinOnDiscardedGold,
    WrongPhase,
    YoujinNoDiscardWin,
    YoujinOnly,
)
from engine.hand.opening import gold_allows, opening_win
from engine.hand.state import HandState, Phase, SeatState, Source
from engine.sheet import WinType
from engine.tiles import Tile
from engine.variants import Furiten, Variant
from engine.waits import discard_shanten

_SELF_RANK = (
    WinType.SHILIUYOU,
    WinType.BAYOU,
    WinType.SIYOU,
    WinType.SANYOU,
    WinType.SHUANGYOU,
    WinType.SIJINDAO,
    WinType.YOUJIN,
    WinType.TIANHU,
    WinType.SANJINDAO,
    WinType.ZIMO,
)


def best_win_type(state: HandState, seat: int) -> WinType:
    """The best legal way `seat` wins right now, or the IllegalAction saying why not."""
    if state.phase == Phase.OPENING:
        kind = opening_win(state, seat)
        if kind is None:
            raise NotAWinningHand()
        return kind
    if state.phase == Phase.TURN:
        return self_win_type(state, seat)
    if state.phase in (Phase.CLAIM, Phase.ROB_KONG):
        assert state.window is not None and state.window.tile is not None
        check_discard_win(state, seat, state.window.tile)
        return WinType.DIANPAO if state.phase == Phase.CLAIM else WinType.QIANGGANG
    raise WrongPhase()


def self_win_type(state: HandState, seat: int) -> WinType:
    rules_ = state.rules
    s = state.seats[seat]
    if state.source in (Source.CLAIM, Source.DEAL):
        raise NotAWinningHand("a self-drawn win needs a drawn tile")
    kinds: list[WinType] = []
    gold_rules = rules_.gold
    golds = rules.gold_count(s.hand, state.gold)
    if s.you >= 1 and gold_rules is not None:
        # A gold drawn at 双游 or beyond is the next level at once (it ends the hand, or with 喊金
        # a 单吊/对对胡 hand may win with it or throw it out to climb: `climbs_with_named_gold`).
        kinds.append(you_type(rules_, s.you + 1 if drew_gold_at_shuangyou(s, state.gold) else s.you))
    if gold_rules is not None and golds >= 3 and not s.sanjindao_gone:
        first = s.turns <= 1
        if not gold_rules.sanjindao_first_turn_only or first:
            kinds.append(WinType.SIJINDAO if gold_rules.sijindao and golds >= 4 else WinType.SANJINDAO)
    # Complete exactly when its 向听 is -1 (`rules.complete`), read from the hand's discard reader:
    # a turn's bot weighs the same hand with it next (`discard_shanten` keeps the last one).
    complete = discard_shanten(s.hand, gold=state.gold, shapes=rules.shapes_for(rules_, s.melds))(None) < 0
    if complete:
        kinds.append(WinType.ZIMO)
    if not kinds:
        raise NotAWinningHand()
    best = min(kinds, key=_SELF_RANK.index)
    if not gold_allows(rules_, golds, best):
        raise YoujinOnly()
    return best


def drew_gold_at_shuangyou(seat: SeatState, gold: Tile | None) -> bool:
    """The seat, in 游金 at 双游 or beyond, has just drawn a gold: the next 游 level at once."""
    return seat.you >= 2 and seat.drawn is not None and rules.is_gold(seat.drawn, gold)


def climbs_with_named_gold(seat: SeatState, indicator: int | None) -> bool:
    """Whether a gold drawn in 游金 at 双游 lets the hand go on (pinghe 000 §9(9), RULINGS "Gold").

    A gold drawn at 双游 or beyond ends the hand at the next level (四游), except for a 单吊/对对胡
    hand at level 2 (its "四游") when four golds are in play (喊金: no gold turned up): it may
    throw the gold out ("又拿到一个金打出就是八游") and the fourth gold then ends the hand as its
    十六游 ("如果当局是喊金就有可能打出十六游")."""
    return seat.you_special and seat.you == 2 and indicator is None


def sanjindao_once(rules_: Variant) -> bool:
    """pinghe 起手三金倒: offered on the first turn only, and gone once passed (放弃后无法再胡)."""
    return rules_.gold is not None and rules_.gold.sanjindao_first_turn_only


def you_type(rules_: Variant, level: int) -> WinType:
    assert rules_.gold is not None
    names = rules_.gold.you_levels
    return WinType[names[min(level, len(names)) - 1]]


def check_discard_win(state: HandState, seat: int, tile: Tile) -> None:
    """点炮胡 / 抢杠胡: the gold restrictions, 先弃后和, 游金 and pinghe's 3 分."""
    rules_ = state.rules
    s = state.seats[seat]
    gold_rules = rules_.gold
    if rules.is_gold(tile, state.gold):
        raise WinOnDiscardedGold()
    if not rules.completed_by(s.hand, tile, state.gold, rules.shapes_for(rules_, s.melds)):
        raise NotAWinningHand()
    if s.furiten and rules_.furiten == Furiten.UNTIL_OWN_DRAW:
        raise PassedWinThisRound()
    if gold_rules is not None:
        if s.you >= 1:
            raise YoujinNoDiscardWin()
        if rules.gold_count(s.hand, state.gold) > gold_rules.discard_win_max_golds:
            raise DiscardWinWithGold()
    if rules_.discard_win_min_points and discard_win_points(state, seat, tile) < rules_.discard_win_min_points:
        raise DiscardWinNeedsPoints()


def discard_win_points(state: HandState, seat: int, tile: Tile) -> int:
    """The variant's 分 for a discard win on `tile` (pinghe: 花 1, 暗刻 1, 明杠 2, 暗杠 4, 箭刻 1)."""
    count = state.rules.discard_win_points_function()
    if count is None:
        return 0
    s = state.seats[seat]
    return count((*s.hand, tile), s.melds, len(s.flowers), win_tile=tile, gold=state.gold)
