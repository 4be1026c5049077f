"""Drawing: the next turn (抢暗杠 first), live-end draws, kong replacements, flowers, forced moves after a draw."""

from __future__ import annotations

from bisect import insort
from operator import attrgetter
from typing import Any

from engine.actions import (
    IllegalAction,
)
from engine.events import private, public
from engine.hand.draft import Draft
from engine.hand.finish import finish_draw, finish_win
from engine.hand.hooks import flow_hooks
from engine.hand.state import HandState, Phase, Source, Window, shuangyou_seat_of
from engine.hand.validation import guessable_kongs, may_be_asked_to_guess, next_seat
from engine.hand.wins import climbs_with_named_gold, drew_gold_at_shuangyou, self_win_type, you_type
from engine.tiles import Tile

_KIND = attrgetter("kind")


def draw_turn(d: Draft, seat: int) -> None:
    """The next seat's turn: offer 抢暗杠 first when it applies, then draw."""
    d.turn = seat
    if d.drawable() <= 0:
        if not flow_hooks(d.variant_rules).exhausted(d, seat):
            finish_draw(d)
        return
    if may_be_asked_to_guess(d, seat):  # asked of the draft: no state is built for most draws
        state = d.state()
        # Put whenever the public facts allow a guess, so the window does not tell that the seat is ready.
        d.phase = Phase.GUESS
        d.window = Window(None, None, ((seat, ("guess",) if guessable_kongs(state, seat) else ()),))
        return
    draw(d, seat)


def draw(d: Draft, seat: int) -> None:
    """Draw from the live end (flowers replaced from the other end), then apply the forced rules."""
    if flow_hooks(d.variant_rules).before_draw(d, seat):
        return  # the variant asks the seat something first (erren 搓牌)
    d.phase, d.turn, d.window = Phase.TURN, seat, None
    last_tiles = 0 < d.drawable() <= d.variant_rules.last_tiles_auto_win
    tile = d.wall[d.front]
    d.front += 1
    _receive(d, seat, tile, Source.DRAW, turns=d.seats[seat].turns + 1, furiten=False)
    if d.phase == Phase.FINISHED:
        return
    _after_draw(d, seat, bool(last_tiles))


def replacement_draw(d: Draft, seat: int) -> None:
    """A kong's replacement draw (杠上) from the replacement end."""
    tile = take_replacement(d)
    d.phase, d.turn = Phase.TURN, seat
    _receive(d, seat, tile, Source.REPLACEMENT)
    if d.phase != Phase.FINISHED:
        _after_draw(d, seat, False)


def take_replacement(d: Draft) -> Tile:
    """The next tile from the replacement end (补花, 补杠).

    The turned-up gold stays face up and out of play (RULINGS, pinghe "Gold": without 喊金
    three golds are in play): when the replacement end reaches it, it moves one place inward
    and the tile behind it is taken."""
    if d.indicator is not None and d.indicator == d.back - 1 and d.back - 2 >= d.front:
        wall = list(d.wall)
        wall[d.back - 2], wall[d.back - 1] = wall[d.back - 1], wall[d.back - 2]
        d.wall, d.indicator = tuple(wall), d.back - 2
    tile = d.wall[d.back - 1]
    d.back -= 1
    return tile


def _receive(d: Draft, seat: int, tile: Tile, source: Source, **changes: Any) -> None:
    """Add a drawn tile; a flower is laid out and replaced from the replacement end. `changes` are
    the draw's other edits of the seat, made with the first (one new SeatState for most draws)."""
    while tile.is_flower:
        s = d.seats[seat]
        d.set_seat(seat, flowers=(*s.flowers, tile), **changes)
        changes = {}
        d.emit(public("flower", seat, tile=str(tile)))
        if d.back <= d.front:
            finish_draw(d)
            return
        tile = take_replacement(d)
        source = Source.REPLACEMENT if source == Source.REPLACEMENT else Source.DRAW
    s = d.seats[seat]
    hand = list(s.hand)
    insort(hand, tile, key=_KIND)  # the hand is sorted: placed by kind, no Tile compared in Python
    d.set_seat(seat, hand=tuple(hand), drawn=tile, **changes)
    d.source = source
    d.emit(private("draw", seat, {"tile": str(tile)}, replacement=source == Source.REPLACEMENT))


def _after_draw(d: Draft, seat: int, last_tiles: bool) -> None:
    """双游 gold ends the hand; the last-tiles rule wins automatically; others in 双游 discard their draw."""
    if flow_hooks(d.variant_rules).after_draw(d, seat):
        return  # the variant played or offered something (erren 报听 auto-play, 游戏中换牌)
    s = d.seats[seat]
    gold_rules = d.variant_rules.gold
    # The mechanical level: a 单吊/对对胡 hand in the 双游 state at 单游 may still throw a drawn
    # gold out and climb (000 §9(9) "又拿到一个金打出就是四游"), and with 喊金 (four golds in play)
    # at 双游 too ("又拿到一个金打出就是八游", then 十六游: `climbs_with_named_gold`).
    gold_drawn = gold_rules is not None and drew_gold_at_shuangyou(s, d.gold)
    if gold_drawn and not climbs_with_named_gold(s, d.indicator):
        finish_win(d, seat, you_type(d.variant_rules, s.you + 1), s.drawn, None)
        return
    # Whether the seat could win is asked only when a rule needs it (most draws: neither rule).
    if last_tiles and can_self_win(state := d.state(), seat):
        d.emit(public("auto_win", seat))
        finish_win(d, seat, self_win_type(state, seat), s.drawn, None)
        return
    sy = shuangyou_seat_of(d.seats)
    if sy is not None and sy != seat and s.drawn is not None and not can_self_win(d.state(), seat):
        drawn = s.drawn
        hand = list(s.hand)
        hand.remove(drawn)
        d.set_seat(seat, hand=tuple(hand), river=(*s.river, drawn), drawn=None)
        d.emit(public("discard", seat, tile=str(drawn), forced=True))
        d.last_discard = seat
        draw_turn(d, next_seat(d, seat))


def can_self_win(state: HandState, seat: int) -> bool:
    try:
        self_win_type(state, seat)
    except IllegalAction:
        return False
    return True
