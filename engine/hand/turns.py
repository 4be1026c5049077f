"""The turn handlers: discard, claims and their resolution, kongs and 抢杠, 抢暗杠 guesses, wins.

`SHARED_HANDLERS` maps (phase, action type) to them.
"""

from __future__ import annotations

from typing import Any

from engine import hand_rules as rules
from engine.actions import (
    Action,
    Chow,
    Discard,
    IllegalAction,
    Kong,
    NameGold,
    Pass,
    Pong,
    QiangJin,
    RobConcealedKong,
    Win,
)
from engine.events import private, public
from engine.hand.deal import deal_tiles
from engine.hand.draft import Draft
from engine.hand.drawing import draw, draw_turn, replacement_draw
from engine.hand.finish import finish_win
from engine.hand.hooks import FlowHooks, flow_hooks
from engine.hand.opening import opening_win
from engine.hand.state import HandState, Phase, Source, Window, shuangyou_seat_of
from engine.hand.validation import (
    face_kinds_of,
    hand_chow_pairs,
    kind_counts,
    kong_kind,
    matching_tiles,
    near_kinds_of,
    next_seat,
    validate,
    validate_discard,
    validate_guess,
    validate_kong,
    validate_name_gold,
)
from engine.hand.wins import best_win_type, check_discard_win, sanjindao_once
from engine.shapes import ORPHANS, Shape
from engine.sheet import Meld, MeldKind, WinType
from engine.tiles import Tile, format_tiles
from engine.variants import Furiten


def _h_name_gold(d: Draft, seat: int, action: Action) -> None:
    assert isinstance(action, NameGold)
    validate_name_gold(d.state(), seat, action)
    d.gold = action.tile
    d.emit(public("gold", seat, tile=str(action.tile), named=True))
    deal_tiles(d)


def handle_discard(d: Draft, seat: int, action: Action) -> None:
    assert isinstance(action, Discard)
    state = d.state()
    validate_discard(state, seat, action)
    s = d.seats[seat]
    hand = list(s.hand)
    hand.remove(action.tile)
    # The turn's discard reader (if any) gives the rest's 向听: a rest that is not ready waits on
    # nothing, so it is in no 游金 wait; noted for the claims it is offered and its bot's claim tests.
    shapes = rules.shapes_for(d.variant_rules, s.melds)
    after = rules.shanten_after_discard(s.hand, action.tile, d.gold, shapes)
    you = 0 if after is not None and after >= 1 else _you_after_discard(state, seat, action.tile, hand)
    special = you >= 1 and (s.you_special or _special_youjin(state, seat, hand))
    gone = s.sanjindao_gone or (sanjindao_once(d.variant_rules) and rules.gold_count(s.hand, d.gold) >= 3)
    changes = {"you": you, "you_special": special, "sanjindao_gone": gone}
    rest = tuple(hand)
    if after is not None:
        rules.note_shanten(rest, d.gold, shapes, after)
    d.set_seat(seat, hand=rest, river=(*s.river, action.tile), drawn=None, **changes)
    d.emit(public("discard", seat, tile=str(action.tile), you=you))
    _track_fenbing(d, seat, action.tile)
    d.last_discard = seat
    _after_discard(d, seat, action.tile)


def _you_after_discard(state: HandState, seat: int, tile: Tile, rest: list[Tile]) -> int:
    """游金 level after a discard: 单游 on entering the lone-gold wait, one more per gold discarded."""
    s = state.seats[seat]
    if state.gold is None or not rules.lone_gold_wait(rest, state.gold, rules.shapes_for(state.rules, s.melds)):
        return 0
    if rules.is_gold(tile, state.gold):
        return 2 if s.you <= 1 else s.you + 1
    return max(s.you, 1)


def _special_youjin(state: HandState, seat: int, rest: list[Tile]) -> bool:
    """000 §9(9) "如是特殊牌型（单吊和对对胡）的话，游金就是双游": the lone gold is all that is left
    (单吊), or the rest waits on it as 对对胡 (six pairs and a triplet). Only where the variant says so."""
    gold_rules = state.rules.gold
    if gold_rules is None or not gold_rules.special_youjin_is_shuangyou:
        return False
    if len(rest) == 1:
        return True
    pairs = rules.shapes_for(state.rules, state.seats[seat].melds) & {Shape.PINGHE_PAIRS}
    return bool(pairs) and rules.lone_gold_wait(rest, state.gold, frozenset(pairs))


def _track_fenbing(d: Draft, seat: int, tile: Tile) -> None:
    """分饼 (nanping): all three others' discards of a round follow the dealer's."""
    if not d.variant_rules.fenbing or not d.fenbing_alive:
        return
    expected = (d.dealer + len(d.fenbing_round)) % d.n
    if seat != expected or (d.fenbing_round and tile != d.fenbing_round[0]):
        d.fenbing_alive = False
        return
    d.fenbing_round = (*d.fenbing_round, tile)
    if len(d.fenbing_round) == d.n:
        d.fenbing += 1
        d.fenbing_round = ()
        d.emit(public("fenbing", d.dealer, tile=str(tile), rounds=d.fenbing))


def _after_discard(d: Draft, seat: int, tile: Tile) -> None:
    sy = shuangyou_seat_of(d.seats)
    options = [] if sy is not None else _claim_options(d, seat, tile)
    if options:
        d.phase = Phase.CLAIM
        d.window = Window(tile, seat, tuple(options))
        return
    d.window = None
    draw_turn(d, next_seat(d, seat))


def _claim_options(d: Draft, discarder: int, tile: Tile) -> list[tuple[int, tuple[str, ...]]]:
    """Every other seat, with what it may claim (possibly nothing: it answers `pass` like the rest,
    so the window never tells who holds a claim). Read from the rule step's draft: the state after
    the discard is built (`d.state()`) only for a check that needs one (a win, or the variant's
    `claims`)."""
    if rules.is_gold(tile, d.gold):
        return []  # nobody may win on, chow or pong a discarded gold: a public fact
    facts = _DiscardFacts(d, discarder, tile)
    seats = [(discarder + k) % d.n for k in range(1, d.n)]
    return [(seat, _seat_claims(facts, seat)) for seat in seats]


class _DiscardFacts:
    """What every seat's claims on one discard share, read once per discard: the variant and its
    hooks, the kinds of the tiles that play as the discard's face (a pong's or kong's) and as
    faces near it (`_may_complete`), whether 十三幺 could use it, and the seat that may chow."""

    __slots__ = ("chow_seat", "d", "face_kinds", "gold", "hooks", "narrows", "near_kinds", "orphan", "rules", "tile")

    def __init__(self, d: Draft, discarder: int, tile: Tile) -> None:
        self.d, self.tile, self.gold = d, tile, d.gold
        self.rules = rules_ = d.variant_rules
        self.hooks = flow_hooks(rules_)
        self.narrows = type(self.hooks).claims is not FlowHooks.claims  # the shared one narrows nothing
        kind = rules.face(tile, d.gold).kind
        self.face_kinds = face_kinds_of(d.gold, kind)
        self.near_kinds = near_kinds_of(d.gold, kind)
        self.orphan = Shape.THIRTEEN_ORPHANS in rules_.shapes and kind in ORPHANS
        self.chow_seat = next_seat(d, discarder) if rules_.chow else None


def _seat_claims(facts: _DiscardFacts, seat: int) -> tuple[str, ...]:
    d, tile = facts.d, facts.tile
    s = d.seats[seat]
    hand = s.hand
    offered = []
    # The hand's tiles counted by kind once: the tests below read a few kinds' counts (searching
    # the hand for a tile compares it with every other tile held, one method call each).
    counts = kind_counts(hand)
    # Most hands are not completed by the discard: asked first, that spares raising (and catching)
    # the check's NotAWinningHand; a completing tile still goes through the whole check.
    if _may_complete(facts, counts) and rules.completed_by(hand, tile, d.gold, rules.shapes_for(facts.rules, s.melds)):
        try:
            check_discard_win(d.state(), seat, tile)
            offered.append("win")
        except IllegalAction:
            pass
    matching = sum(map(counts.__getitem__, facts.face_kinds))  # _matching_count
    if matching >= 3 and d.drawable() > 0:
        offered.append("kong")
    if matching >= 2:
        offered.append("pong")
    if seat == facts.chow_seat and hand_chow_pairs(hand, d.gold, tile, counts):
        offered.append("chow")
    return facts.hooks.claims(d.state(), seat, tuple(offered)) if facts.narrows else tuple(offered)


def _may_complete(facts: _DiscardFacts, counts: list[int]) -> bool:
    """Could the discard complete the hand whose `kind_counts` are `counts` at all? Not when it
    would sit alone: no gold (wildcard) held, no tile of its face, none of its suit within two,
    and 十三幺 not possible. A quick test that spares the full check on most discards; the full
    check decides the rest."""
    gold = facts.gold
    if gold is not None and counts[gold.kind]:
        return True
    if facts.orphan:
        return True
    # The hand (no gold in it now) holds one of the few tiles that play as a face near the discard?
    return any(map(counts.__getitem__, facts.near_kinds))  # read in C: no generator to run


def handle_answer(d: Draft, seat: int, action: Action) -> None:
    """An answer in a claim, rob-kong, opening or guess window; resolves once every seat answered."""
    if type(action) is not Pass:  # a pass has no validator: no state is frozen to check it
        validate(d.state(), seat, action)
    assert d.window is not None
    d.window = d.window.answered(seat, action.to_json())
    # No event: an answer is secret until the window closes (who answered when would tell who held a claim).
    if not d.window.waiting:
        _resolve(d)


def _h_guess(d: Draft, seat: int, action: Action) -> None:
    assert isinstance(action, RobConcealedKong)
    validate_guess(d.state(), seat, action)
    kong = d.seats[action.seat].melds[action.index]
    state = d.state()
    s = d.seats[seat]
    ws, _ = rules.wait_tiles(s.hand, d.gold, rules.shapes_for(state.rules, s.melds))
    tile = kong.tiles[0]
    right = tile in ws  # waits list 白板 only when it completes the hand as the gold's face
    d.emit(public("rob_concealed_kong", seat, target=action.seat, tile=str(tile), right=right))
    if right:
        # The robbed tile leaves the kong, which stays on the table as a revealed pung.
        owner = d.seats[action.seat]
        melds = list(owner.melds)
        melds[action.index] = Meld(MeldKind.PUNG, kong.tiles[:3])
        d.set_seat(action.seat, melds=tuple(melds))
        d.set_seat(seat, hand=tuple(sorted((*s.hand, tile))))
        finish_win(d, seat, WinType.QIANG_ANGANG, tile, None)
    elif d.variant_rules.wrong_guess_ends_hand:
        finish_win(d, seat, WinType.QIANG_ANGANG_WRONG, None, None)  # nanping 诈胡
    else:
        d.wrong_guesses = (*d.wrong_guesses, seat)  # pinghe: paid on the sheet; the guesser draws as usual
        d.window = None
        draw(d, seat)


def _resolve(d: Draft) -> None:
    assert d.window is not None
    answers = {s: a for s, a in d.window.answers}
    phase = d.phase
    if phase == Phase.OPENING:
        _resolve_opening(d, answers)
    elif phase == Phase.GUESS:
        d.window = None
        draw(d, d.turn)
    elif phase == Phase.ROB_KONG:
        _resolve_rob(d, answers)
    else:
        _resolve_claim(d, answers)


def _resolve_opening(d: Draft, answers: dict[int, dict[str, Any]]) -> None:
    assert d.window is not None
    state = d.state()
    best: tuple[int, int, WinType, dict[str, Any]] | None = None
    rank = (WinType.TIANHU, WinType.SIJINDAO, WinType.SANJINDAO, WinType.ZIMO, WinType.QIANGJIN)
    for k in range(d.n):
        seat = (d.dealer + k) % d.n
        answer = answers.get(seat)
        if answer is None or answer["type"] == "pass":
            if "win" in d.window.offered(seat) and sanjindao_once(d.variant_rules):
                d.set_seat(seat, sanjindao_gone=True)
            continue
        kind = opening_win(state, seat) if answer["type"] == "win" else WinType.QIANGJIN
        assert kind is not None
        candidate = (rank.index(kind), k, kind, answer)
        if best is None or candidate[:2] < best[:2]:
            best = candidate
    d.window = None
    if best is None:
        d.phase = Phase.TURN
        return
    _, k, kind, answer = best
    seat = (d.dealer + k) % d.n
    if kind == WinType.QIANGJIN:
        _take_gold(d, seat, answer.get("tile"))
        finish_win(d, seat, kind, d.gold, None)
    else:
        finish_win(d, seat, kind, None, None)


def _take_gold(d: Draft, seat: int, drop: str | None) -> None:
    """抢金: the turned-up gold leaves the wall for the winner's hand (the dealer drops one tile)."""
    assert d.indicator is not None and d.gold is not None
    wall = list(d.wall)
    taken = wall.pop(d.indicator)
    d.wall = tuple(wall)
    d.back -= 1
    d.indicator = None
    hand = list(d.seats[seat].hand)
    if drop is not None:
        hand.remove(Tile.parse(drop))
    d.set_seat(seat, hand=tuple(sorted((*hand, taken))))


def _resolve_claim(d: Draft, answers: dict[int, dict[str, Any]]) -> None:
    assert d.window is not None and d.window.tile is not None and d.window.source is not None
    tile, discarder = d.window.tile, d.window.source
    if not any(offer for _, offer in d.window.options):
        close_unclaimed(d)  # most discards: every answer is a pass, no win was passed up
        return
    order = [(discarder + k) % d.n for k in range(1, d.n)]
    winners = [s for s in order if answers.get(s, {}).get("type") == "win"]
    _mark_passed_wins(d, order, winners)
    if winners:
        d.window = None
        finish_win(d, winners[0], WinType.DIANPAO, tile, discarder)
        return
    for wanted in ("kong", "pong", "chow"):
        for s in order:
            answer = answers.get(s, {})
            if answer.get("type") == wanted:
                d.window = None
                _claim(d, s, discarder, tile, answer)
                return
    d.window = None
    draw_turn(d, next_seat(d, discarder))


def close_unclaimed(d: Draft) -> None:
    """`_resolve_claim` of a claim window that offered nobody anything (so every answer is a pass):
    the window closes and the next seat's turn follows."""
    assert d.window is not None and d.window.source is not None
    discarder = d.window.source
    d.window = None
    draw_turn(d, next_seat(d, discarder))


def _mark_passed_wins(d: Draft, order: list[int], winners: list[int]) -> None:
    """先弃后和: a seat offered the win that did not take it may not win on a discard until it draws."""
    assert d.window is not None
    if d.variant_rules.furiten != Furiten.UNTIL_OWN_DRAW:
        return
    for s in order:
        if s not in winners and "win" in d.window.offered(s):
            d.set_seat(s, furiten=True)


def _claim(d: Draft, seat: int, discarder: int, tile: Tile, answer: dict[str, Any]) -> None:
    """Take the discard into an exposed set; a kong draws a replacement, a chow/pong must discard."""
    s = d.seats[seat]
    hand = list(s.hand)
    kind = answer["type"]
    if kind == "chow":
        used = [Tile.parse(t) for t in answer["tiles"]]
        meld_tiles = tuple(sorted((*(rules.face(t, d.gold) for t in used), rules.face(tile, d.gold))))
        meld_kind = MeldKind.CHOW
    else:
        used = matching_tiles(d.state(), s.hand, tile)[: 3 if kind == "kong" else 2]
        meld_tiles = tuple(sorted((*used, tile)))
        meld_kind = MeldKind.KONG if kind == "kong" else MeldKind.PUNG
    for t in used:
        hand.remove(t)
    d.set_seat(seat, hand=tuple(hand), melds=(*s.melds, Meld(meld_kind, meld_tiles)))
    d.set_seat(discarder, river=d.seats[discarder].river[:-1])  # the claimed tile now lies in the meld
    d.fenbing_alive = False
    d.last_discard = None
    d.emit(public(kind, seat, tiles=format_tiles(meld_tiles), from_seat=discarder, tile=str(tile)))
    d.turn, d.phase = seat, Phase.TURN
    flow_hooks(d.variant_rules).on_claim(d, seat, discarder, d.seats[seat].melds[-1])
    if kind == "kong":
        replacement_draw(d, seat)
    else:
        d.source = Source.CLAIM


def _resolve_rob(d: Draft, answers: dict[int, dict[str, Any]]) -> None:
    assert d.window is not None and d.window.tile is not None and d.window.source is not None
    tile, owner = d.window.tile, d.window.source
    order = [(owner + k) % d.n for k in range(1, d.n)]
    winners = [s for s in order if answers.get(s, {}).get("type") == "win"]
    _mark_passed_wins(d, order, winners)
    d.window = None
    if winners:
        finish_win(d, winners[0], WinType.QIANGGANG, tile, owner)
        return
    _complete_added_kong(d, owner, tile)


def _h_kong(d: Draft, seat: int, action: Action) -> None:
    assert isinstance(action, Kong)
    state = d.state()
    if d.phase == Phase.CLAIM:
        handle_answer(d, seat, action)
        return
    validate_kong(state, seat, action)
    kind = kong_kind(state, seat, action.tile)
    s = d.seats[seat]
    if kind == "concealed":
        hand = [t for t in s.hand if t != action.tile]
        meld = Meld(MeldKind.KONG, (action.tile,) * 4, concealed=True)
        d.set_seat(seat, hand=tuple(hand), melds=(*s.melds, meld))
        d.emit(private("concealed_kong", seat, {"tile": str(action.tile)}))
        replacement_draw(d, seat)
        return
    hand = list(s.hand)
    hand.remove(action.tile)
    d.set_seat(seat, hand=tuple(hand), drawn=None)
    d.emit(public("added_kong", seat, tile=str(action.tile)))
    options = _rob_options(d.state(), seat, action.tile)
    if options:
        d.phase = Phase.ROB_KONG
        d.window = Window(action.tile, seat, tuple(options))
        return
    _complete_added_kong(d, seat, action.tile)


def _rob_options(state: HandState, owner: int, tile: Tile) -> list[tuple[int, tuple[str, ...]]]:
    """抢杠胡: every other seat, offered the win when it may take it (else only `pass`, as for claims)."""
    if not state.rules.rob_added_kong:
        return []
    seats = [(owner + k) % state.n_seats for k in range(1, state.n_seats)]
    return [(seat, ("win",) if _may_rob(state, seat, tile) else ()) for seat in seats]


def _may_rob(state: HandState, seat: int, tile: Tile) -> bool:
    try:
        check_discard_win(state, seat, tile)
    except IllegalAction:
        return False
    return True


def _complete_added_kong(d: Draft, seat: int, tile: Tile) -> None:
    s = d.seats[seat]
    melds = tuple(
        Meld(MeldKind.KONG, (*m.tiles, tile)) if m.kind == MeldKind.PUNG and m.tiles[0] == tile else m for m in s.melds
    )
    d.set_seat(seat, melds=melds)
    d.turn, d.phase = seat, Phase.TURN
    replacement_draw(d, seat)


def _h_win(d: Draft, seat: int, action: Action) -> None:
    state = d.state()
    if d.phase in (Phase.CLAIM, Phase.ROB_KONG, Phase.OPENING):
        handle_answer(d, seat, action)
        return
    kind = best_win_type(state, seat)
    finish_win(d, seat, kind, d.seats[seat].drawn, None)


SHARED_HANDLERS: dict[tuple[Phase, type[Action]], Any] = {
    (Phase.NAME_GOLD, NameGold): _h_name_gold,
    (Phase.OPENING, Win): _h_win,
    (Phase.OPENING, QiangJin): handle_answer,
    (Phase.OPENING, Pass): handle_answer,
    (Phase.TURN, Discard): handle_discard,
    (Phase.TURN, Win): _h_win,
    (Phase.TURN, Kong): _h_kong,
    (Phase.CLAIM, Win): _h_win,
    (Phase.CLAIM, Kong): _h_kong,
    (Phase.CLAIM, Pong): handle_answer,
    (Phase.CLAIM, Chow): handle_answer,
    (Phase.CLAIM, Pass): handle_answer,
    (Phase.ROB_KONG, Win): _h_win,
    (Phase.ROB_KONG, Pass): handle_answer,
    (Phase.GUESS, RobConcealedKong): _h_guess,
    (Phase.GUESS, Pass): handle_answer,
}
