"""The opening window: 天胡, 三金倒, 四金倒 and 抢金 before the dealer's first discard."""

from __future__ import annotations

from engine import hand_rules as rules
from engine.hand.draft import Draft
from engine.hand.state import HandState, Phase, Source, Window
from engine.sheet import WinType
from engine.tiles import Tile
from engine.variants import Variant
from engine.waits import discard_shanten


def open_play(d: Draft) -> None:
    """Offer the opening wins (天胡, 三金倒, 四金倒, 抢金); otherwise the dealer's first turn."""
    state = d.state()
    seats = [(d.dealer + k) % d.n for k in range(d.n)]
    # Put to every seat the variant's opening wins could reach (the dealer always: a dealt winning
    # hand), whatever it holds, so the window does not tell who could win.
    options = [(seat, _opening_options(state, seat)) for seat in seats if _may_open(state, seat)]
    d.phase, d.turn, d.source = Phase.TURN, d.dealer, Source.DEAL
    d.set_seat(d.dealer, turns=1)
    if options:
        d.phase = Phase.OPENING
        d.window = Window(None, None, tuple(options))


def _may_open(state: HandState, seat: int) -> bool:
    """Whether an opening win could reach `seat` on the public facts: the dealer's dealt hand (天胡),
    三金倒 where a non-dealer may take it at the opening, 抢金 of a turned-up gold."""
    rules_ = state.rules
    gold_rules = rules_.gold
    if seat == state.dealer:
        return True
    if gold_rules is not None and not gold_rules.sanjindao_first_turn_only:
        return True
    return rules_.qiangjin and state.indicator is not None and state.gold is not None


def _opening_options(state: HandState, seat: int) -> tuple[str, ...]:
    out = []
    if opening_win(state, seat) is not None:
        out.append("win")
    if qiangjin_drops(state, seat):
        out.append("qiangjin")
    return tuple(out)


def opening_win(state: HandState, seat: int) -> WinType | None:
    """天胡 / 四金倒 / 三金倒 available in the opening window to this seat."""
    rules_ = state.rules
    s = state.seats[seat]
    golds = rules.gold_count(s.hand, state.gold)
    gold_rules = rules_.gold
    is_dealer = seat == state.dealer
    complete = is_dealer and rules.complete(s.hand, state.gold, rules.shapes_for(rules_, s.melds))
    if complete and rules_.tianhu:
        return WinType.TIANHU
    if gold_rules is not None:
        if gold_rules.sijindao and golds >= 4 and is_dealer:
            return WinType.SIJINDAO
        if golds >= 3 and (is_dealer or not gold_rules.sanjindao_first_turn_only):
            return WinType.SANJINDAO
    if complete and gold_allows(rules_, golds, WinType.ZIMO):
        return WinType.ZIMO  # the dealer's 17 dealt tiles win: a self-draw where 天胡 is no win type of its own
    return None


def gold_allows(rules_: Variant, golds: int, kind: WinType) -> bool:
    """pinghe: with three golds only 游金 or better (the 游 levels, 三金倒, 四金倒) may win."""
    limit = rules_.gold.youjin_only_from_golds if rules_.gold is not None else None
    if limit is None or golds < limit:
        return True
    assert rules_.gold is not None
    return kind in (WinType.SANJINDAO, WinType.SIJINDAO) or kind.name in rules_.gold.you_levels


def qiangjin_drops(state: HandState, seat: int) -> tuple[Tile, ...] | tuple[None]:
    """Tiles the seat may give up to 抢金 (the dealer drops one; a non-dealer (None,) if ready)."""
    rules_ = state.rules
    if not rules_.qiangjin or state.indicator is None or state.gold is None:
        return ()
    s = state.seats[seat]
    shapes = rules.shapes_for(rules_, s.melds)
    if not gold_allows(rules_, rules.gold_count(s.hand, state.gold) + 1, WinType.QIANGJIN):
        return ()
    if seat != state.dealer:
        return (None,) if rules.complete((*s.hand, state.gold), state.gold, shapes) else ()
    # A drop leaves 3k+1 tiles that the gold completes: one tile from complete, 向听 0. A hand
    # none of whose discards leaves that (most dealt hands) has no drop to check.
    after = discard_shanten(s.hand, gold=state.gold, shapes=shapes)
    if after(None) > 0:
        return ()
    drops = []
    for tile in sorted(set(s.hand)):
        if after(tile) > 0:
            continue
        rest = list(s.hand)
        rest.remove(tile)
        if rules.complete((*rest, state.gold), state.gold, shapes):
            drops.append(tile)
    return tuple(drops)
