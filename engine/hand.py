"""The hand as a state machine, shared by every variant.

`new_hand(...)` deals; `apply(state, seat, action)` returns `Progress(state, events)`
or raises an `IllegalAction` subclass and changes nothing; `legal_actions(state, seat)`
lists what a seat may do. The state is immutable and a function of
`(variant, seed, options, dealer, streak, base)` and the actions applied.

Phases: NAME_GOLD (喊金) -> OPENING (天胡/三金倒/抢金 window) -> TURN (the seat to
act holds 3k+2 tiles) -> CLAIM (every seat that may take the discard answers)
-> ... -> FINISHED. ROB_KONG is the 抢杠胡 window after an added kong; GUESS offers
抢暗杠 before a ready player's draw. Draws, flower replacements and forced moves
happen automatically between decisions.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import IntEnum
from typing import Any

from engine import hand_rules as rules
from engine.actions import (
    Action,
    AlreadyAnswered,
    CannotKong,
    CannotPong,
    Chow,
    ChowNotFromLeft,
    ClaimNotOffered,
    Discard,
    DiscardWinNeedsPoints,
    DiscardWinWithGold,
    GoldDiscardForbidden,
    HandFinished,
    IllegalAction,
    Kong,
    MalformedAction,
    MustDiscardDrawnTile,
    NamedGoldInvalid,
    NameGold,
    NoSuchChow,
    NoSuchKong,
    NotAWinningHand,
    NoTilesLeft,
    NotYourTurn,
    Pass,
    PassedWinThisRound,
    Pong,
    QiangJin,
    QiangjinNotAllowed,
    RobConcealedKong,
    TileNotInHand,
    Win,
    WinOnDiscardedGold,
    WrongPhase,
    YoujinNoDiscardWin,
    YoujinOnly,
)
from engine.events import Event, private, public
from engine.hand_codec import decode, encode
from engine.sheet import Meld, MeldKind, SeatTally, SettlementSheet, WinContext, WinType
from engine.tiles import Tile, format_tiles, parse_tiles
from engine.variants import Furiten, GoldDiscard, Variant
from engine.variants import get as get_variant
from engine.wall import Wall, derive_rng, roll_dice


class Phase(IntEnum):
    NAME_GOLD = 1  # 喊金: the dealer names the gold before the deal
    OPENING = 2  # 天胡 / 三金倒 / 四金倒 / 抢金 before the dealer's first discard
    TURN = 3  # the seat in turn holds 3k+2 tiles: discard, kong or win
    CLAIM = 4  # a discard is on the table: win > kong/pong > chow
    ROB_KONG = 5  # 抢杠胡 window on an added kong
    GUESS = 6  # 抢暗杠: a ready player may guess a concealed kong before drawing
    FINISHED = 7
    EXCHANGE = 8  # a variant's exchange after the deal (erren 开始时换牌): every seat answers once
    OFFER = 9  # a variant's offer to one seat (erren 搓牌 before a draw, 游戏中换牌 after it)


class Source(IntEnum):
    """How the seat in turn came to hold 3k+2 tiles."""

    DEAL = 1
    DRAW = 2
    REPLACEMENT = 3  # after a kong (杠上)
    CLAIM = 4  # after a chow or pong: no self-draw win


@dataclass(frozen=True, slots=True)
class SeatState:
    """One seat's tiles and flags. `hand` is sorted and concealed."""

    hand: tuple[Tile, ...] = ()
    melds: tuple[Meld, ...] = ()
    flowers: tuple[Tile, ...] = ()
    river: tuple[Tile, ...] = ()  # this seat's discards in order, less those claimed into melds
    drawn: Tile | None = None  # the tile just drawn (shown to this seat)
    you: int = 0  # 游金 level: 0 none, 1 单游, 2 双游, 3 三游/四游
    turns: int = 0  # own turns started
    furiten: bool = False  # 先弃后和: passed a discard win since the last own draw
    sanjindao_gone: bool = False  # passed 起手三金倒

    def to_json(self) -> dict[str, Any]:
        return encode(self)  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class Window:
    """Open decisions: which seats may answer and with what; answers so far (action JSON)."""

    tile: Tile | None
    source: int | None
    options: tuple[tuple[int, tuple[str, ...]], ...]
    answers: tuple[tuple[int, dict[str, Any]], ...] = ()

    def offered(self, seat: int) -> tuple[str, ...]:
        return dict(self.options).get(seat, ())

    @property
    def waiting(self) -> tuple[int, ...]:
        answered = {s for s, _ in self.answers}
        return tuple(s for s, _ in self.options if s not in answered)


@dataclass(frozen=True, slots=True)
class HandState:
    """An immutable hand. Only `view()` output may go to players; this holds the wall."""

    variant: str
    seed: str
    dealer: int
    streak: int
    base: int
    options: dict[str, Any]
    wall: tuple[Tile, ...]
    front: int  # next live-end index (normal draws)
    back: int  # one past the replacement end (flower and kong replacements come from wall[back - 1])
    dice: tuple[int, ...]
    gold: Tile | None
    indicator: int | None  # wall index of the turned-up gold, None with 喊金
    seats: tuple[SeatState, ...]
    phase: Phase
    turn: int
    source: Source
    window: Window | None = None
    version: int = 0
    fenbing: int = 0  # 分饼 rounds followed so far
    fenbing_round: tuple[Tile, ...] = ()
    fenbing_alive: bool = True
    last_discard: int | None = None  # seat whose discard is on the table
    ext: dict[str, Any] = field(default_factory=dict)  # a variant's own flow data (plain JSON), kept by its hooks
    result: WinContext | None = None
    sheet: SettlementSheet | None = field(default=None, compare=False)

    @property
    def rules(self) -> Variant:
        return get_variant(self.variant)

    @property
    def n_seats(self) -> int:
        return len(self.seats)

    @property
    def finished(self) -> bool:
        return self.phase == Phase.FINISHED

    @property
    def remaining(self) -> int:
        return self.back - self.front

    @property
    def reserve(self) -> int:
        """Tiles that stay undrawn (流局/臭庄 threshold), growing with kongs and flowers."""
        return _reserve(self.rules, self.seats)

    @property
    def drawable(self) -> int:
        """Live tiles left before the exhaustive draw."""
        return max(0, self.remaining - self.reserve)

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that must decide now."""
        if self.phase == Phase.FINISHED:
            return ()
        if self.phase == Phase.TURN:
            return (self.turn,)
        if self.phase == Phase.NAME_GOLD:
            return (self.dealer,)
        return self.window.waiting if self.window else ()

    @property
    def deadline_seats(self) -> tuple[int, ...]:
        """Seats on a clock: an unanswered claim is a pass, an idle turn is played by the bot."""
        return self.to_act

    @property
    def shuangyou_seat(self) -> int | None:
        """The seat in 双游 or beyond: the others may only win by self-draw meanwhile."""
        for i, seat in enumerate(self.seats):
            if seat.you >= 2:
                return i
        return None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = encode(self)
        data.pop("sheet")
        return data

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> HandState:
        fields_ = {k: v for k, v in data.items() if k != "sheet"}
        state: HandState = decode(HandState, fields_)
        return replace(state, sheet=_settle(state)) if state.result else state


@dataclass(frozen=True, slots=True)
class Progress:
    """The result of a rule step: the new state and what happened."""

    state: HandState
    events: tuple[Event, ...]


def _reserve(rules_: Variant, seats: tuple[SeatState, ...] | list[SeatState]) -> int:
    dw = rules_.dead_wall
    total = dw.base
    for seat in seats:
        total += dw.per_exposed_kong * sum(1 for m in seat.melds if m.is_exposed_kong)
        total += dw.per_concealed_kong * sum(1 for m in seat.melds if m.is_concealed_kong)
        total += dw.per_flower_point * flower_points(len(seat.flowers))
    return total


def flower_points(flowers: int) -> int:
    """花分 (nanping): four flowers count as one exposed kong, each further flower one more."""
    return flowers - 3 if flowers >= 4 else 0


# ====================================================================== drafts


class _Draft:
    """A mutable working copy for one rule step; `freeze()` makes the next HandState."""

    # The HandState fields, mutable here (seats as a list).
    variant: str
    seed: str
    dealer: int
    streak: int
    base: int
    options: dict[str, Any]
    wall: tuple[Tile, ...]
    front: int
    back: int
    dice: tuple[int, ...]
    gold: Tile | None
    indicator: int | None
    phase: Phase
    turn: int
    source: Source
    window: Window | None
    version: int
    fenbing: int
    fenbing_round: tuple[Tile, ...]
    fenbing_alive: bool
    last_discard: int | None
    ext: dict[str, Any]
    result: WinContext | None
    sheet: SettlementSheet | None

    def __init__(self, state: HandState) -> None:
        self.__dict__.update({f.name: getattr(state, f.name) for f in dataclasses.fields(state)})
        self.seats: list[SeatState] = list(state.seats)
        self.events: list[Event] = []
        self.variant_rules: Variant = state.rules

    def freeze(self) -> HandState:
        names = [f.name for f in dataclasses.fields(HandState)]
        values = {n: getattr(self, n) for n in names}
        values["seats"] = tuple(self.seats)
        return HandState(**values)

    def set_seat(self, seat: int, **changes: Any) -> None:
        self.seats[seat] = replace(self.seats[seat], **changes)

    def emit(self, event: Event) -> None:
        self.events.append(event)

    @property
    def n(self) -> int:
        return len(self.seats)

    def drawable(self) -> int:
        """Live tiles left before the exhaustive draw."""
        return self.back - self.front - _reserve(self.variant_rules, self.seats)

    def state(self) -> HandState:
        return self.freeze()


# ====================================================================== new hand


def new_hand(
    variant: str,
    *,
    seed: str,
    dealer: int = 0,
    streak: int = 1,
    base: int = 1,
    options: Mapping[str, object] | None = None,
) -> HandState:
    """Shuffle, roll, and deal (or wait for 喊金 when the table option `named_gold` is on)."""
    return start_hand(variant, seed=seed, dealer=dealer, streak=streak, base=base, options=options).state


def start_hand(
    variant: str,
    *,
    seed: str,
    dealer: int = 0,
    streak: int = 1,
    base: int = 1,
    options: Mapping[str, object] | None = None,
) -> Progress:
    """`new_hand` with the deal's events (dice, each seat's dealt tiles, flowers, the gold).

    Option `wall` (mpsz, in wall order: live end first) replaces the seeded shuffle
    and `dice` the seeded dice: scripted hands for tests and puzzles.
    """
    rules_ = get_variant(variant)
    opts = dict(options or {})
    if not 0 <= dealer < rules_.n_seats or streak < 1 or base < 1:
        raise ValueError(f"bad hand parameters: dealer={dealer} streak={streak} base={base}")
    tiles, dice = _wall_and_dice(rules_, seed, opts)
    state = HandState(
        variant=variant,
        seed=seed,
        dealer=dealer,
        streak=streak,
        base=base,
        options=opts,
        wall=tiles,
        front=0,
        back=len(tiles),
        dice=dice,
        gold=None,
        indicator=None,
        seats=tuple(SeatState() for _ in range(rules_.n_seats)),
        phase=Phase.NAME_GOLD,
        turn=dealer,
        source=Source.DEAL,
    )
    named = rules_.gold is not None and rules_.gold.named_gold_option and bool(opts.get("named_gold"))
    if named:
        return Progress(state, (public("name_gold", dealer),))
    d = _deal(_Draft(state))
    return Progress(d.freeze(), tuple(d.events))


def _wall_and_dice(rules_: Variant, seed: str, opts: Mapping[str, Any]) -> tuple[tuple[Tile, ...], tuple[int, ...]]:
    if "wall" in opts:
        tiles = parse_tiles(str(opts["wall"]))
        if sorted(tiles) != sorted(rules_.tile_set):
            raise ValueError("a scripted wall must hold exactly the variant's tile set")
        dice = opts.get("dice", (1, 1))
        return tiles, tuple(int(x) for x in dice)  # type: ignore[attr-defined]
    wall = Wall.shuffled(seed, flowers=rules_.has_flowers)
    return wall.tiles, wall.dice


def _deal(d: _Draft) -> _Draft:
    """Deal in stacks (4 tiles a seat a round, 4 rounds, the dealer one more), replace flowers, turn up the gold."""
    rules_ = d.variant_rules
    d.emit(public("dice", d.dealer, dice=list(d.dice)))
    hands: list[list[Tile]] = [[] for _ in range(d.n)]
    order = [(d.dealer + k) % d.n for k in range(d.n)]

    def need(seat: int) -> int:
        return rules_.hand_size(seat, d.dealer) - len(hands[seat])

    def take(seat: int, count: int) -> None:
        hands[seat].extend(d.wall[d.front : d.front + count])
        d.front += count

    while all(need(s) >= 4 for s in order):  # two stacks (4 tiles) a seat a round
        for s in order:
            take(s, 4)
    while any(need(s) for s in order):  # then single tiles; the dealer's last is the 跳牌
        for s in order:
            if need(s):
                take(s, 1)
    for s in order:
        d.set_seat(s, hand=tuple(sorted(hands[s])))
    for s in order:
        d.emit(private("deal", s, {"tiles": format_tiles(d.seats[s].hand)}, count=len(d.seats[s].hand)))
    if rules_.has_flowers:
        _replace_opening_flowers(d, order)
    if rules_.gold is not None and d.gold is None:
        _turn_up_gold(d)
    hooks = flow_hooks(rules_)
    if hooks is None or not hooks.after_deal(d):
        _open(d)
    return d


def _replace_opening_flowers(d: _Draft, order: list[int]) -> None:
    """补花 in rounds from the dealer; a flower drawn as a replacement waits for the next round."""
    while any(t.is_flower for s in order for t in d.seats[s].hand):
        for s in order:
            flowers = [t for t in d.seats[s].hand if t.is_flower]
            if not flowers:
                continue
            kept = [t for t in d.seats[s].hand if not t.is_flower]
            new = []
            for _ in flowers:
                new.append(d.wall[d.back - 1])
                d.back -= 1
            d.set_seat(s, hand=tuple(sorted(kept + new)), flowers=d.seats[s].flowers + tuple(flowers))
            d.emit(
                private(
                    "flowers",
                    s,
                    {"drawn": format_tiles(new, sort=False)},
                    flowers=format_tiles(flowers, sort=False),
                    count=len(flowers),
                )
            )


def _turn_up_gold(d: _Draft) -> None:
    """开金: count the dice from the replacement end; a flower is put back and the dice thrown again."""
    assert d.variant_rules.gold is not None
    throws = _gold_throws(d, reuse_opening=d.variant_rules.gold.opening_dice)
    for pair in throws:
        index = d.back - sum(pair)
        tile = d.wall[index]
        d.emit(public("gold_dice", d.dealer, dice=list(pair), tile=str(tile), flower=tile.is_flower))
        if not tile.is_flower:
            d.gold, d.indicator = tile, index
            d.emit(public("gold", None, tile=str(tile)))
            return
    raise RuntimeError("no non-flower tile could be turned up as gold")


def _gold_throws(d: _Draft, *, reuse_opening: bool) -> Iterator[tuple[int, int]]:
    """The dice for 开金: the opening throw (pinghe) or a new one (nanping), re-thrown on a flower.

    Scripted hands give the throws as option `gold_dice`; otherwise they come from the seed."""
    if reuse_opening:
        yield (d.dice[0], d.dice[1])
    scripted = d.options.get("gold_dice")
    if scripted is not None:
        for pair in scripted:
            yield (int(pair[0]), int(pair[1]))
        return
    rng = derive_rng(d.seed, "gold")
    for _ in range(64):
        yield roll_dice(rng)


# ====================================================================== opening


def _open(d: _Draft) -> None:
    """Offer the opening wins (天胡, 三金倒, 四金倒, 抢金); otherwise the dealer's first turn."""
    options = []
    for k in range(d.n):
        seat = (d.dealer + k) % d.n
        offered = _opening_options(d.state(), seat)
        if offered:
            options.append((seat, offered))
    d.phase, d.turn, d.source = Phase.TURN, d.dealer, Source.DEAL
    d.set_seat(d.dealer, turns=1)
    if options:
        d.phase = Phase.OPENING
        d.window = Window(None, None, tuple(options))


def _opening_options(state: HandState, seat: int) -> tuple[str, ...]:
    out = []
    if _opening_win(state, seat) is not None:
        out.append("win")
    if _qiangjin_drops(state, seat):
        out.append("qiangjin")
    return tuple(out)


def _opening_win(state: HandState, seat: int) -> WinType | None:
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
    if complete and _gold_allows(rules_, golds, WinType.ZIMO):
        return WinType.ZIMO  # the dealer's 17 dealt tiles win: a self-draw where 天胡 is no win type of its own
    return None


def _gold_allows(rules_: Variant, golds: int, kind: WinType) -> bool:
    """pinghe: with three golds only 游金 or better (the 游 levels, 三金倒, 四金倒) may win."""
    limit = rules_.gold.youjin_only_from_golds if rules_.gold is not None else None
    if limit is None or golds < limit:
        return True
    assert rules_.gold is not None
    return kind in (WinType.SANJINDAO, WinType.SIJINDAO) or kind.name in rules_.gold.you_levels


def _qiangjin_drops(state: HandState, seat: int) -> tuple[Tile, ...] | tuple[None]:
    """Tiles the seat may give up to 抢金 (the dealer drops one; a non-dealer (None,) if ready)."""
    rules_ = state.rules
    if not rules_.qiangjin or state.indicator is None or state.gold is None:
        return ()
    s = state.seats[seat]
    shapes = rules.shapes_for(rules_, s.melds)
    if not _gold_allows(rules_, rules.gold_count(s.hand, state.gold) + 1, WinType.QIANGJIN):
        return ()
    if seat != state.dealer:
        return (None,) if rules.complete((*s.hand, state.gold), state.gold, shapes) else ()
    drops = []
    for tile in sorted(set(s.hand)):
        rest = list(s.hand)
        rest.remove(tile)
        if rules.complete((*rest, state.gold), state.gold, shapes):
            drops.append(tile)
    return tuple(drops)


# ====================================================================== public API


def apply(state: HandState, seat: int, action: Action) -> Progress:
    """One decision by `seat`. Raises an IllegalAction subclass (state unchanged) if not allowed."""
    if state.finished:
        raise HandFinished()
    if not isinstance(action, Action):
        raise MalformedAction(f"not an action: {action!r}")
    if seat not in state.to_act:
        _refuse_idle_seat(state, seat, action)
    handler = _handler(state, seat, action)
    d = _Draft(state)
    handler(d, seat, action)
    d.version = state.version + 1
    new = d.freeze()
    if new.result is not None and new.sheet is None:
        new = replace(new, sheet=_settle(new))
    return Progress(new, tuple(d.events))


def _refuse_idle_seat(state: HandState, seat: int, action: Action) -> None:
    """Why a seat with nothing to decide was refused: already answered, a claim on a gold, or not its turn."""
    if state.window is not None and seat in dict(state.window.answers):
        raise AlreadyAnswered()
    last = state.seats[state.last_discard].river[-1:] if state.last_discard is not None else ()
    if isinstance(action, Win | Pong | Chow | Kong) and last and rules.is_gold(last[0], state.gold):
        raise WinOnDiscardedGold()
    raise NotYourTurn(f"seat {seat} has nothing to decide now (waiting for {list(state.to_act)})")


def legal_actions(state: HandState, seat: int) -> list[Action]:
    """Every action `apply` would accept from `seat` now (empty when it has nothing to decide)."""
    if seat not in state.to_act:
        return []
    candidates = _candidates(state, seat)
    hooks = flow_hooks(state.rules)
    if hooks is not None:
        candidates = hooks.candidates(state, seat, candidates)
    out = []
    for action in candidates:
        try:
            _check_only(state, seat, action)
        except IllegalAction:
            continue
        out.append(action)
    return out


def _check_only(state: HandState, seat: int, action: Action) -> None:
    _handler(state, seat, action)
    validator = _VALIDATORS.get(type(action))
    if validator is not None:
        validator(state, seat, action)


def flow_hooks(rules_: Variant) -> Any:
    """The variant's flow hooks module (its `flow_hooks` option), or None. See engine/variants/erren_flow.py."""
    name = rules_.option("flow_hooks")
    return importlib.import_module(name) if name else None


def _handler(state: HandState, seat: int, action: Action) -> Any:
    """The handler of `action` in this phase (the variant's own first), after the variant's checks."""
    hooks = flow_hooks(state.rules)
    handler = _HANDLERS.get((state.phase, type(action)))
    if hooks is not None:
        handler = hooks.HANDLERS.get((state.phase, type(action)), handler)
    if handler is None:
        raise WrongPhase(f"{action.type} is not possible in phase {state.phase.name.lower()}")
    if hooks is not None:
        hooks.check(state, seat, action)
    return handler


def _candidates(state: HandState, seat: int) -> list[Action]:
    s = state.seats[seat]
    if state.phase == Phase.NAME_GOLD:
        return [NameGold(Tile(k)) for k in range(34)]
    if state.phase == Phase.TURN:
        acts: list[Action] = [Win()]
        acts += [Kong(t) for t in sorted(set(s.hand))]
        acts += [Discard(t) for t in sorted(set(s.hand))]
        return acts
    assert state.window is not None
    offered = state.window.offered(seat)
    acts = [Pass()]
    if "win" in offered:
        acts.append(Win())
    if "qiangjin" in offered:
        acts += [QiangJin(t) for t in _qiangjin_drops(state, seat)]
    if "kong" in offered and state.window.tile is not None:
        acts.append(Kong(state.window.tile))
    if "pong" in offered:
        acts.append(Pong())
    if "chow" in offered and state.window.tile is not None:
        acts += [Chow(pair) for pair in _chow_pairs(state, seat, state.window.tile)]
    if "guess" in offered:
        acts += [RobConcealedKong(t, i) for t, i in _concealed_kongs(state, seat)]
    return acts


# ====================================================================== validators


def _validate_name_gold(state: HandState, seat: int, action: Action) -> None:
    assert isinstance(action, NameGold)
    if action.tile.is_flower:
        raise NamedGoldInvalid()


def _validate_discard(state: HandState, seat: int, action: Action) -> None:
    assert isinstance(action, Discard)
    s = state.seats[seat]
    if action.tile not in s.hand:
        raise TileNotInHand(f"{action.tile} is not in the hand")
    sy = state.shuangyou_seat
    if sy is not None and sy != seat and action.tile != s.drawn:
        raise MustDiscardDrawnTile()
    gold_rules = state.rules.gold
    restricted = gold_rules is not None and gold_rules.discard == GoldDiscard.YOUJIN_ONLY
    if restricted and rules.is_gold(action.tile, state.gold) and not _leaves_lone_gold(state, seat, action.tile):
        raise GoldDiscardForbidden()


def _leaves_lone_gold(state: HandState, seat: int, tile: Tile) -> bool:
    s = state.seats[seat]
    rest = list(s.hand)
    rest.remove(tile)
    return rules.lone_gold_wait(rest, state.gold, rules.shapes_for(state.rules, s.melds))


def _validate_kong(state: HandState, seat: int, action: Action) -> None:
    assert isinstance(action, Kong)
    if state.phase == Phase.CLAIM:
        _validate_claim(state, seat, "kong")
        if state.drawable <= 0:
            raise NoTilesLeft()
        return
    if _kong_kind(state, seat, action.tile) is None:
        raise CannotKong(f"no kong of {action.tile} now")
    if state.drawable <= 0:
        raise NoTilesLeft()


def _kong_kind(state: HandState, seat: int, tile: Tile) -> str | None:
    """ "concealed" (暗杠), "added" (加杠) or None. No kongs while another seat is in 双游."""
    s = state.seats[seat]
    sy = state.shuangyou_seat
    if (sy is not None and sy != seat) or rules.is_gold(tile, state.gold) or tile.is_flower:
        return None
    if s.hand.count(tile) >= 4:
        return "concealed"
    if tile in s.hand and any(m.kind == MeldKind.PUNG and m.tiles[0] == tile for m in s.melds):
        return "added"
    return None


def _validate_claim(state: HandState, seat: int, kind: str) -> None:
    assert state.window is not None
    if kind not in state.window.offered(seat):
        if kind == "chow" and state.window.source is not None and seat != _next(state, state.window.source):
            raise ChowNotFromLeft()
        if state.window.tile is not None and rules.is_gold(state.window.tile, state.gold):
            raise WinOnDiscardedGold()
        raise {"pong": CannotPong, "kong": CannotKong}.get(kind, ClaimNotOffered)()


def _validate_pong(state: HandState, seat: int, action: Action) -> None:
    _validate_claim(state, seat, "pong")


def _validate_chow(state: HandState, seat: int, action: Action) -> None:
    assert isinstance(action, Chow) and state.window is not None and state.window.tile is not None
    _validate_claim(state, seat, "chow")
    if tuple(sorted(action.tiles)) not in _chow_pairs(state, seat, state.window.tile):
        raise NoSuchChow(f"{format_tiles(action.tiles)} with {state.window.tile} is not a run from the hand")


def _validate_pass(state: HandState, seat: int, action: Action) -> None:
    return None


def _validate_qiangjin(state: HandState, seat: int, action: Action) -> None:
    assert isinstance(action, QiangJin)
    if action.tile not in _qiangjin_drops(state, seat):
        raise QiangjinNotAllowed()


def _validate_guess(state: HandState, seat: int, action: Action) -> None:
    assert isinstance(action, RobConcealedKong)
    if (action.seat, action.index) not in _concealed_kongs(state, seat):
        raise NoSuchKong()


def _validate_win(state: HandState, seat: int, action: Action) -> None:
    _win_type(state, seat)


_VALIDATORS = {
    NameGold: _validate_name_gold,
    Discard: _validate_discard,
    Kong: _validate_kong,
    Pong: _validate_pong,
    Chow: _validate_chow,
    Pass: _validate_pass,
    QiangJin: _validate_qiangjin,
    RobConcealedKong: _validate_guess,
    Win: _validate_win,
}


# ====================================================================== wins


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


def _win_type(state: HandState, seat: int) -> WinType:
    """The best legal way `seat` wins right now, or the IllegalAction saying why not."""
    if state.phase == Phase.OPENING:
        kind = _opening_win(state, seat)
        if kind is None:
            raise NotAWinningHand()
        return kind
    if state.phase == Phase.TURN:
        return _self_win_type(state, seat)
    if state.phase in (Phase.CLAIM, Phase.ROB_KONG):
        assert state.window is not None and state.window.tile is not None
        _check_discard_win(state, seat, state.window.tile)
        return WinType.DIANPAO if state.phase == Phase.CLAIM else WinType.QIANGGANG
    raise WrongPhase()


def _self_win_type(state: HandState, seat: int) -> WinType:
    rules_ = state.rules
    s = state.seats[seat]
    if state.source in (Source.CLAIM, Source.DEAL):
        raise NotAWinningHand("a self-drawn win needs a drawn tile")
    kinds: list[WinType] = []
    gold_rules = rules_.gold
    golds = rules.gold_count(s.hand, state.gold)
    if s.you >= 1 and gold_rules is not None:
        kinds.append(_you_type(rules_, s.you))
    if gold_rules is not None and golds >= 3 and not s.sanjindao_gone:
        first = s.turns <= 1
        if not gold_rules.sanjindao_first_turn_only or first:
            kinds.append(WinType.SIJINDAO if gold_rules.sijindao and golds >= 4 else WinType.SANJINDAO)
    complete = rules.complete(s.hand, state.gold, rules.shapes_for(rules_, s.melds))
    if complete:
        kinds.append(WinType.ZIMO)
    if not kinds:
        raise NotAWinningHand()
    best = min(kinds, key=_SELF_RANK.index)
    if not _gold_allows(rules_, golds, best):
        raise YoujinOnly()
    return best


def _sanjindao_once(rules_: Variant) -> bool:
    """pinghe 起手三金倒: offered on the first turn only, and gone once passed (放弃后无法再胡)."""
    return rules_.gold is not None and rules_.gold.sanjindao_first_turn_only


def _you_type(rules_: Variant, level: int) -> WinType:
    assert rules_.gold is not None
    names = rules_.gold.you_levels
    return WinType[names[min(level, len(names)) - 1]]


def _check_discard_win(state: HandState, seat: int, tile: Tile) -> None:
    """点炮胡 / 抢杠胡: the gold restrictions, 先弃后和, 游金 and pinghe's 3 分."""
    rules_ = state.rules
    s = state.seats[seat]
    gold_rules = rules_.gold
    if rules.is_gold(tile, state.gold):
        raise WinOnDiscardedGold()
    hand = (*s.hand, tile)
    shapes = rules.shapes_for(rules_, s.melds)
    if not rules.complete(hand, state.gold, shapes):
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
    return count((*s.hand, tile), s.melds, len(s.flowers), win_tile=tile, gold=state.gold)  # type: ignore[no-any-return]


# ====================================================================== handlers


def _next(state: HandState | _Draft, seat: int) -> int:
    return (seat + 1) % len(state.seats)


def _h_name_gold(d: _Draft, seat: int, action: Action) -> None:
    assert isinstance(action, NameGold)
    _validate_name_gold(d.state(), seat, action)
    d.gold = action.tile
    d.emit(public("gold", seat, tile=str(action.tile), named=True))
    _deal(d)


def _h_discard(d: _Draft, seat: int, action: Action) -> None:
    assert isinstance(action, Discard)
    state = d.state()
    _validate_discard(state, seat, action)
    s = d.seats[seat]
    hand = list(s.hand)
    hand.remove(action.tile)
    you = _you_after_discard(state, seat, action.tile, hand)
    gone = s.sanjindao_gone or (_sanjindao_once(d.variant_rules) and rules.gold_count(s.hand, d.gold) >= 3)
    d.set_seat(seat, hand=tuple(hand), river=(*s.river, action.tile), drawn=None, you=you, sanjindao_gone=gone)
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


def _track_fenbing(d: _Draft, seat: int, tile: Tile) -> None:
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


def _after_discard(d: _Draft, seat: int, tile: Tile) -> None:
    state = d.state()
    sy = state.shuangyou_seat
    options = [] if sy is not None else _claim_options(state, seat, tile)
    if options:
        d.phase = Phase.CLAIM
        d.window = Window(tile, seat, tuple(options))
        return
    d.window = None
    _draw_turn(d, _next(d, seat))


def _claim_options(state: HandState, discarder: int, tile: Tile) -> list[tuple[int, tuple[str, ...]]]:
    if rules.is_gold(tile, state.gold):
        return []  # nobody may win on, chow or pong a discarded gold
    out = []
    for k in range(1, state.n_seats):
        seat = (discarder + k) % state.n_seats
        offered = _seat_claims(state, discarder, seat, tile)
        if offered:
            out.append((seat, offered))
    return out


def _seat_claims(state: HandState, discarder: int, seat: int, tile: Tile) -> tuple[str, ...]:
    s = state.seats[seat]
    offered = []
    try:
        _check_discard_win(state, seat, tile)
        offered.append("win")
    except IllegalAction:
        pass
    matching = _matching(state, s.hand, tile)
    if len(matching) >= 3 and state.drawable > 0:
        offered.append("kong")
    if len(matching) >= 2:
        offered.append("pong")
    if state.rules.chow and seat == _next(state, discarder) and _chow_pairs(state, seat, tile):
        offered.append("chow")
    hooks = flow_hooks(state.rules)
    return tuple(offered) if hooks is None else hooks.claims(state, seat, tuple(offered))


def _matching(state: HandState, hand: tuple[Tile, ...], tile: Tile) -> list[Tile]:
    """Hand tiles (never golds) that play as the same face as `tile`."""
    f = rules.face(tile, state.gold)
    return [t for t in hand if not rules.is_gold(t, state.gold) and rules.face(t, state.gold) == f]


def _chow_pairs(state: HandState, seat: int, tile: Tile) -> list[tuple[Tile, Tile]]:
    """Pairs of hand tiles (no golds) that make a run with the discard's face."""
    f = rules.face(tile, state.gold)
    if f.is_honor or f.is_flower:
        return []
    by_face: dict[int, Tile] = {}
    for t in state.seats[seat].hand:
        if not rules.is_gold(t, state.gold):
            tf = rules.face(t, state.gold)
            by_face.setdefault(tf.kind, t)
    out = []
    for lo in (f.number - 2, f.number - 1, f.number):
        if lo < 1 or lo + 2 > 9:
            continue
        others = [f.kind - f.number + n for n in (lo, lo + 1, lo + 2) if n != f.number]
        if all(k in by_face for k in others):
            pair = tuple(sorted((by_face[others[0]], by_face[others[1]])))
            out.append((pair[0], pair[1]))
    return sorted(set(out))


def _h_answer(d: _Draft, seat: int, action: Action) -> None:
    """An answer in a claim, rob-kong, opening or guess window; resolves once every seat answered."""
    state = d.state()
    _VALIDATORS[type(action)](state, seat, action)
    assert d.window is not None
    d.window = replace(d.window, answers=(*d.window.answers, (seat, action.to_json())))
    d.emit(public("answer", seat, answered=True))
    if not d.window.waiting:
        _resolve(d)


def _h_guess(d: _Draft, seat: int, action: Action) -> None:
    assert isinstance(action, RobConcealedKong)
    _validate_guess(d.state(), seat, action)
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
        _finish_win(d, seat, WinType.QIANG_ANGANG, tile, None)
    else:
        _finish_win(d, seat, WinType.QIANG_ANGANG_WRONG, None, None)


def _resolve(d: _Draft) -> None:
    assert d.window is not None
    answers = {s: a for s, a in d.window.answers}
    phase = d.phase
    if phase == Phase.OPENING:
        _resolve_opening(d, answers)
    elif phase == Phase.GUESS:
        d.window = None
        _draw(d, d.turn, guessed=True)
    elif phase == Phase.ROB_KONG:
        _resolve_rob(d, answers)
    else:
        _resolve_claim(d, answers)


def _resolve_opening(d: _Draft, answers: dict[int, dict[str, Any]]) -> None:
    assert d.window is not None
    state = d.state()
    best: tuple[int, int, WinType, dict[str, Any]] | None = None
    rank = (WinType.TIANHU, WinType.SIJINDAO, WinType.SANJINDAO, WinType.ZIMO, WinType.QIANGJIN)
    for k in range(d.n):
        seat = (d.dealer + k) % d.n
        answer = answers.get(seat)
        if answer is None or answer["type"] == "pass":
            if "win" in d.window.offered(seat) and _sanjindao_once(d.variant_rules):
                d.set_seat(seat, sanjindao_gone=True)
            continue
        kind = _opening_win(state, seat) if answer["type"] == "win" else WinType.QIANGJIN
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
        _finish_win(d, seat, kind, d.gold, None)
    else:
        _finish_win(d, seat, kind, None, None)


def _take_gold(d: _Draft, seat: int, drop: str | None) -> None:
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


def _resolve_claim(d: _Draft, answers: dict[int, dict[str, Any]]) -> None:
    assert d.window is not None and d.window.tile is not None and d.window.source is not None
    tile, discarder = d.window.tile, d.window.source
    order = [(discarder + k) % d.n for k in range(1, d.n)]
    winners = [s for s in order if answers.get(s, {}).get("type") == "win"]
    _mark_passed_wins(d, order, winners)
    if winners:
        d.window = None
        _finish_win(d, winners[0], WinType.DIANPAO, tile, discarder)
        return
    for wanted in ("kong", "pong", "chow"):
        for s in order:
            answer = answers.get(s, {})
            if answer.get("type") == wanted:
                d.window = None
                _claim(d, s, discarder, tile, answer)
                return
    d.window = None
    _draw_turn(d, _next(d, discarder))


def _mark_passed_wins(d: _Draft, order: list[int], winners: list[int]) -> None:
    """先弃后和: a seat offered the win that did not take it may not win on a discard until it draws."""
    assert d.window is not None
    if d.variant_rules.furiten != Furiten.UNTIL_OWN_DRAW:
        return
    for s in order:
        if s not in winners and "win" in d.window.offered(s):
            d.set_seat(s, furiten=True)


def _claim(d: _Draft, seat: int, discarder: int, tile: Tile, answer: dict[str, Any]) -> None:
    """Take the discard into an exposed set; a kong draws a replacement, a chow/pong must discard."""
    s = d.seats[seat]
    hand = list(s.hand)
    kind = answer["type"]
    if kind == "chow":
        used = [Tile.parse(t) for t in answer["tiles"]]
        meld_tiles = tuple(sorted((*(rules.face(t, d.gold) for t in used), rules.face(tile, d.gold))))
        meld_kind = MeldKind.CHOW
    else:
        used = _matching(d.state(), s.hand, tile)[: 3 if kind == "kong" else 2]
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
    if kind == "kong":
        _replacement(d, seat)
    else:
        d.source = Source.CLAIM


def _resolve_rob(d: _Draft, answers: dict[int, dict[str, Any]]) -> None:
    assert d.window is not None and d.window.tile is not None and d.window.source is not None
    tile, owner = d.window.tile, d.window.source
    order = [(owner + k) % d.n for k in range(1, d.n)]
    winners = [s for s in order if answers.get(s, {}).get("type") == "win"]
    _mark_passed_wins(d, order, winners)
    d.window = None
    if winners:
        _finish_win(d, winners[0], WinType.QIANGGANG, tile, owner)
        return
    _complete_added_kong(d, owner, tile)


def _h_kong(d: _Draft, seat: int, action: Action) -> None:
    assert isinstance(action, Kong)
    state = d.state()
    if d.phase == Phase.CLAIM:
        _h_answer(d, seat, action)
        return
    _validate_kong(state, seat, action)
    kind = _kong_kind(state, seat, action.tile)
    s = d.seats[seat]
    if kind == "concealed":
        hand = [t for t in s.hand if t != action.tile]
        meld = Meld(MeldKind.KONG, (action.tile,) * 4, concealed=True)
        d.set_seat(seat, hand=tuple(hand), melds=(*s.melds, meld))
        d.emit(private("concealed_kong", seat, {"tile": str(action.tile)}))
        _replacement(d, seat)
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
    if not state.rules.rob_added_kong:
        return []
    out: list[tuple[int, tuple[str, ...]]] = []
    for k in range(1, state.n_seats):
        seat = (owner + k) % state.n_seats
        try:
            _check_discard_win(state, seat, tile)
        except IllegalAction:
            continue
        out.append((seat, ("win",)))
    return out


def _complete_added_kong(d: _Draft, seat: int, tile: Tile) -> None:
    s = d.seats[seat]
    melds = tuple(
        Meld(MeldKind.KONG, (*m.tiles, tile)) if m.kind == MeldKind.PUNG and m.tiles[0] == tile else m for m in s.melds
    )
    d.set_seat(seat, melds=melds)
    d.turn, d.phase = seat, Phase.TURN
    _replacement(d, seat)


def _h_win(d: _Draft, seat: int, action: Action) -> None:
    state = d.state()
    if d.phase in (Phase.CLAIM, Phase.ROB_KONG, Phase.OPENING):
        _h_answer(d, seat, action)
        return
    kind = _win_type(state, seat)
    _finish_win(d, seat, kind, d.seats[seat].drawn, None)


# ====================================================================== drawing


def _draw_turn(d: _Draft, seat: int) -> None:
    """The next seat's turn: offer 抢暗杠 first when it applies, then draw."""
    d.turn = seat
    if d.drawable() <= 0:
        hooks = flow_hooks(d.variant_rules)
        if hooks is None or not hooks.exhausted(d, seat):
            _finish_draw(d)
        return
    guesses = _concealed_kongs(d.state(), seat)
    if guesses:
        d.phase = Phase.GUESS
        d.window = Window(None, None, ((seat, ("guess",)),))
        return
    _draw(d, seat, guessed=True)


def _concealed_kongs(state: HandState, seat: int) -> list[tuple[int, int]]:
    """Other seats' concealed kongs this seat may guess (抢暗杠): only when ready and not in 游金."""
    rules_ = state.rules
    s = state.seats[seat]
    if not rules_.rob_concealed_kong or s.you >= 1 or state.shuangyou_seat is not None:
        return []
    if not _gold_allows(rules_, rules.gold_count(s.hand, state.gold), WinType.QIANG_ANGANG):
        return []
    targets = [
        (other, i)
        for other in range(state.n_seats)
        if other != seat
        for i, m in enumerate(state.seats[other].melds)
        if m.is_concealed_kong
    ]
    if not targets or not rules.is_ready(s.hand, state.gold, rules.shapes_for(rules_, s.melds)):
        return []
    return targets


def _draw(d: _Draft, seat: int, *, guessed: bool) -> None:
    """Draw from the live end (flowers replaced from the other end), then apply the forced rules."""
    hooks = flow_hooks(d.variant_rules)
    if hooks is not None and hooks.before_draw(d, seat):
        return  # the variant asks the seat something first (erren 搓牌)
    d.phase, d.turn, d.window = Phase.TURN, seat, None
    last_tiles = 0 < d.drawable() <= d.variant_rules.last_tiles_auto_win
    tile = d.wall[d.front]
    d.front += 1
    s = d.seats[seat]
    d.set_seat(seat, turns=s.turns + 1, furiten=False)
    _receive(d, seat, tile, Source.DRAW)
    if d.phase == Phase.FINISHED:
        return
    _after_draw(d, seat, bool(last_tiles))


def _replacement(d: _Draft, seat: int) -> None:
    """A kong's replacement draw (杠上) from the replacement end."""
    tile = d.wall[d.back - 1]
    d.back -= 1
    d.phase, d.turn = Phase.TURN, seat
    _receive(d, seat, tile, Source.REPLACEMENT)
    if d.phase != Phase.FINISHED:
        _after_draw(d, seat, False)


def _receive(d: _Draft, seat: int, tile: Tile, source: Source) -> None:
    """Add a drawn tile; a flower is laid out and replaced from the replacement end."""
    while tile.is_flower:
        s = d.seats[seat]
        d.set_seat(seat, flowers=(*s.flowers, tile))
        d.emit(public("flower", seat, tile=str(tile)))
        if d.back <= d.front:
            _finish_draw(d)
            return
        tile = d.wall[d.back - 1]
        d.back -= 1
        source = Source.REPLACEMENT if source == Source.REPLACEMENT else Source.DRAW
    s = d.seats[seat]
    d.set_seat(seat, hand=tuple(sorted((*s.hand, tile))), drawn=tile)
    d.source = source
    d.emit(private("draw", seat, {"tile": str(tile)}, replacement=source == Source.REPLACEMENT))


def _after_draw(d: _Draft, seat: int, last_tiles: bool) -> None:
    """双游 gold ends the hand; the last-tiles rule wins automatically; others in 双游 discard their draw."""
    hooks = flow_hooks(d.variant_rules)
    if hooks is not None and hooks.after_draw(d, seat):
        return  # the variant played or offered something (erren 报听 auto-play, 游戏中换牌)
    state = d.state()
    s = d.seats[seat]
    gold_rules = d.variant_rules.gold
    if gold_rules is not None and s.you >= 2 and s.drawn is not None and rules.is_gold(s.drawn, d.gold):
        _finish_win(d, seat, _you_type(d.variant_rules, s.you + 1), s.drawn, None)
        return
    can_win = _can_self_win(state, seat)
    if last_tiles and can_win:
        d.emit(public("auto_win", seat))
        _finish_win(d, seat, _self_win_type(state, seat), s.drawn, None)
        return
    sy = state.shuangyou_seat
    if sy is not None and sy != seat and not can_win and s.drawn is not None:
        drawn = s.drawn
        hand = list(s.hand)
        hand.remove(drawn)
        d.set_seat(seat, hand=tuple(hand), river=(*s.river, drawn), drawn=None)
        d.emit(public("discard", seat, tile=str(drawn), forced=True))
        d.last_discard = seat
        _draw_turn(d, _next(d, seat))


def _can_self_win(state: HandState, seat: int) -> bool:
    try:
        _self_win_type(state, seat)
    except IllegalAction:
        return False
    return True


# ====================================================================== the end


def _finish_draw(d: _Draft) -> None:
    d.phase, d.window = Phase.FINISHED, None
    d.emit(public("exhaustive_draw", None, remaining=d.back - d.front))
    d.result = _context(d, None, None, None, None)
    _reveal(d)


def _finish_win(d: _Draft, seat: int, kind: WinType, tile: Tile | None, discarder: int | None) -> None:
    if discarder is not None and tile is not None:
        s = d.seats[seat]
        d.set_seat(seat, hand=tuple(sorted((*s.hand, tile))))
    d.phase, d.window = Phase.FINISHED, None
    d.emit(
        public(
            "win", seat, win_type=kind.en, win_type_zh=kind.zh, tile=str(tile) if tile else None, discarder=discarder
        )
    )
    d.result = _context(d, seat, kind, tile, discarder)
    _reveal(d)


def _reveal(d: _Draft) -> None:
    hands = [format_tiles(s.hand) for s in d.seats]
    kongs = [[str(m) for m in s.melds if m.is_concealed_kong] for s in d.seats]
    d.emit(public("reveal", None, hands=hands, concealed_kongs=kongs))


def _context(
    d: _Draft, winner: int | None, kind: WinType | None, tile: Tile | None, discarder: int | None
) -> WinContext:
    """What the scoring needs about the finished hand (see engine.sheet.WinContext)."""
    rules_ = d.variant_rules
    bao = None
    if (
        kind == WinType.DIANPAO
        and discarder is not None
        and rules_.last_tiles_auto_win
        and d.drawable() < rules_.last_tiles_auto_win
    ):
        bao = discarder
    balances = d.options.get("balances")
    w = d.seats[winner] if winner is not None else None
    return WinContext(
        variant=d.variant,
        n_seats=d.n,
        dealer=d.dealer,
        streak=d.streak,
        base=d.base,
        winner=winner,
        win_type=kind,
        discarder=discarder,
        concealed=w.hand if w and kind != WinType.QIANG_ANGANG_WRONG else (),
        melds=w.melds if w else (),
        flowers=w.flowers if w else (),
        gold=d.gold,
        win_tile=tile if kind != WinType.QIANG_ANGANG_WRONG else None,
        tallies=tuple(
            SeatTally(
                flowers=len(s.flowers),
                exposed_kongs=sum(1 for m in s.melds if m.is_exposed_kong),
                concealed_kongs=sum(1 for m in s.melds if m.is_concealed_kong),
            )
            for s in d.seats
        ),
        fenbing=d.fenbing,
        bao=bao,
        balances=tuple(balances) if balances is not None else None,
        facts=_facts(d, winner, kind, tile, discarder),
    )


def _facts(
    d: _Draft, winner: int | None, kind: WinType | None, tile: Tile | None, discarder: int | None
) -> tuple[tuple[str, Any], ...]:
    """The variant's own facts about the win (erren: 报听, 天听, 杠上开花, ...), from its flow hooks."""
    hooks = flow_hooks(d.variant_rules)
    return () if hooks is None else tuple(hooks.win_facts(d, winner, kind, tile, discarder))


def _settle(state: HandState) -> SettlementSheet | None:
    settle = state.rules.settle_function()
    if settle is None or state.result is None:
        return None
    return settle(state.result)  # type: ignore[no-any-return]


def first_dealer(seed: str, n_seats: int) -> int:
    """定庄: the seat that deals the first hand of a table, drawn from the table's seed."""
    return derive_rng(seed, "dealer").randrange(n_seats)


def next_dealership(state: HandState) -> tuple[int, int]:
    """(dealer, streak) of the next hand: the dealer stays on a dealer win or a draw (连庄)."""
    if not state.finished or state.result is None:
        raise ValueError("the hand is not finished")
    winner = state.result.winner
    if winner is None or (winner == state.dealer and state.result.win_type != WinType.QIANG_ANGANG_WRONG):
        return state.dealer, state.streak + 1
    return (state.dealer + 1) % state.n_seats, 1


def next_hand_options(state: HandState) -> dict[str, Any]:
    """Options the table's next hand carries over from this one (guangdong: the round wind, 风圈).

    A variant's flow hooks may define `next_options(state)`; without it, nothing carries over.
    """
    if not state.finished:
        raise ValueError("the hand is not finished")
    hooks = flow_hooks(state.rules)
    carry = getattr(hooks, "next_options", None) if hooks is not None else None
    return dict(carry(state)) if carry is not None else {}


_HANDLERS: dict[tuple[Phase, type[Action]], Any] = {
    (Phase.NAME_GOLD, NameGold): _h_name_gold,
    (Phase.OPENING, Win): _h_win,
    (Phase.OPENING, QiangJin): _h_answer,
    (Phase.OPENING, Pass): _h_answer,
    (Phase.TURN, Discard): _h_discard,
    (Phase.TURN, Win): _h_win,
    (Phase.TURN, Kong): _h_kong,
    (Phase.CLAIM, Win): _h_win,
    (Phase.CLAIM, Kong): _h_kong,
    (Phase.CLAIM, Pong): _h_answer,
    (Phase.CLAIM, Chow): _h_answer,
    (Phase.CLAIM, Pass): _h_answer,
    (Phase.ROB_KONG, Win): _h_win,
    (Phase.ROB_KONG, Pass): _h_answer,
    (Phase.GUESS, RobConcealedKong): _h_guess,
    (Phase.GUESS, Pass): _h_answer,
}
