"""erren's hooks into the shared hand flow (engine/hand/): `ErrenFlow`.

The machine deals, draws, discards, claims and settles as for every game; at a
few fixed points it asks the variant's `FlowHooks` (named by `Variant.flow`) what
else happens. erren answers with:

- `after_deal`: the one-time opening exchange (开始时换牌) window for both seats;
  afterwards the 花牌 (bonus tile) is turned up;
- `handlers` / `check` / `candidates`: its own decisions (exchange, 报听, 搓牌,
  游戏中换牌) and the lock on a declared (报听) hand;
- `claims`: a declared seat is only asked about a win, nobody claims a
  海底捞月 discard;
- `before_draw` / `after_draw`: the seeded 搓牌 and 换牌 offers, and the
  automatic draw-and-discard of a declared seat;
- `exhausted`: 海底捞月, three more draws for the ready seat;
- `win_facts`: what the 番 list needs to know about the win;
- `view` and `bot_adjust`: what a seat sees of all this, and the bot's choices.

The variant's own flow data lives in `HandState.ext` (plain JSON values).
Wall layout after the deal: `dead_at` is the first tile past the 71 live ones;
the bonus tile stands there face up, the three 海底捞月 tiles follow it, and
the exchange takes its tiles from just after those, swapping the given tiles
into their places (so the live wall keeps its 71 tiles and the given tiles are
never drawn).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations_with_replacement
from operator import attrgetter
from typing import Any

from engine import hand as h
from engine import hand_rules as rules
from engine.actions import Action, Discard, Pass, TileNotInHand, Win
from engine.events import private, public
from engine.games.erren.actions import (
    AlreadyDeclared,
    BadExchange,
    Declare,
    DeclaredHandLocked,
    Exchange,
    NotOffered,
    NotReadyToDeclare,
    Pick,
    Swap,
)
from engine.games.erren.rules import (
    HAIDI_DRAWS,
    bot_exchange,
    bot_pick,
    bot_swap,
    haidi_seat,
    option_rng,
    pick_choices,
    rolls,
    swap_offer,
)
from engine.sheet import WinType
from engine.tiles import Tile, format_tiles
from engine.waits import discard_shanten

_KIND = attrgetter("kind")  # tiles sort by kind: ints compare in C
PICK, SWAP = "pick", "swap"  # the two table options' offers (搓牌, 游戏中换牌)
_DECLARE_ONLY: frozenset[type[Action]] = frozenset({Declare})  # what `check` may refuse in an undeclared turn


# ====================================================================== state helpers


def _ext(d: h.Draft | h.HandState) -> dict[str, Any]:
    return d.ext


def _set(d: h.Draft, **changes: Any) -> None:
    """Copy-on-write: a state's ext dict is shared with the state it came from."""
    d.ext = {**d.ext, **changes}


def _with(values: Sequence[Any], seat: int, value: Any) -> list[Any]:
    out = list(values)
    out[seat] = value
    return out


def declared(state: h.Draft | h.HandState, seat: int) -> bool:
    """Has this seat declared 报听?"""
    marks = state.ext.get("declared")  # asked at every turn and claim: read directly
    if not marks:
        return False
    return marks[seat] is not None


def _haidi_on(state: h.Draft | h.HandState) -> bool:
    return _ext(state).get("haidi_seat") is not None


def _shapes(state: h.Draft | h.HandState, seat: int) -> frozenset[Any]:
    return rules.shapes_for(get_rules(state), state.seats[seat].melds)


def get_rules(state: h.Draft | h.HandState) -> Any:
    return state.variant_rules if isinstance(state, h.Draft) else state.rules


def _ready(state: h.Draft | h.HandState, seat: int) -> bool:
    return rules.is_ready(state.seats[seat].hand, None, _shapes(state, seat))


def _discards(state: h.Draft | h.HandState) -> int:
    return sum(len(s.river) for s in state.seats)


OPTIONS = ("swap_probability", "pick_probability")


def _probability(state: h.Draft | h.HandState, name: str) -> float:
    """A table option's probability: the table's setting, else the variant's default (off)."""
    return float(state.options.get(name, get_rules(state).option(name, 0.0)))


def _check_options(d: h.Draft) -> None:
    """The table options are probabilities: ValueError (no hand is dealt) otherwise."""
    for name in OPTIONS:
        value = d.options.get(name, 0.0)
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
            raise ValueError(f"table option {name} must be a probability between 0 and 1, got {value!r}")


def _unseen_indices(d: h.Draft | h.HandState) -> list[int]:
    """Wall positions of the tiles neither discarded nor in a hand (live and dead), less the face-up bonus tile."""
    bonus_at = _ext(d).get("dead_at")
    return [i for i in range(d.front, d.back) if i != bonus_at]


# ====================================================================== the deal and the exchange


def _h_exchange(d: h.Draft, seat: int, action: Action) -> None:
    assert d.window is not None
    d.window = d.window.answered(seat, action.to_json())
    d.emit(public("answer", seat, answered=True))
    if not d.window.waiting:
        _resolve_exchange(d)


def _resolve_exchange(d: h.Draft) -> None:
    """Dealer first: the given tiles swap places with tiles from the dead part of the wall."""
    assert d.window is not None
    answers = dict(d.window.answers)
    wall = list(d.wall)
    at = _ext(d)["dead_at"] + 1 + HAIDI_DRAWS
    for seat, _ in d.window.options:
        give = _given(answers[seat])
        hand = list(d.seats[seat].hand)
        got = []
        for tile in give:
            hand.remove(tile)
            got.append(wall[at])
            wall[at] = tile
            at += 1
        d.set_seat(seat, hand=tuple(sorted(hand + got)))
        hidden = {"gave": format_tiles(give), "got": format_tiles(got)}
        d.emit(private("exchange", seat, hidden, count=len(give)))
    d.wall, d.window = tuple(wall), None
    _turn_up_bonus(d)
    h.open_play(d)


def _given(answer: dict[str, Any]) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in answer.get("tiles", ()))


def _turn_up_bonus(d: h.Draft) -> None:
    """花牌: the first dead tile is turned face up; each copy in the winning hand is +1 番."""
    tile = d.wall[_ext(d)["dead_at"]]
    _set(d, bonus=str(tile))
    d.emit(public("bonus_tile", None, tile=str(tile)))


# ====================================================================== 报听


def _h_declare(d: h.Draft, seat: int, action: Action) -> None:
    assert isinstance(action, Declare)
    first = _first_go_declaration(d, seat, action.tile)
    _set(
        d,
        declared=_with(_ext(d)["declared"], seat, _discards(d)),
        tianting=_with(_ext(d)["tianting"], seat, first),
    )
    d.emit(public("declare", seat, tile=str(action.tile), tianting=first))
    h.handle_discard(d, seat, Discard(action.tile))


def _first_go_declaration(d: h.Draft, seat: int, tile: Tile) -> bool:
    """天听: the dealer's first discard, or the other player's first draw let go at once, no call before."""
    s = d.seats[seat]
    if any(other.melds for other in d.seats) or s.turns != 1:
        return False
    if seat == d.dealer:
        return d.source == h.Source.DEAL
    return d.source == h.Source.DRAW and tile == s.drawn


def _auto_discard(d: h.Draft, seat: int) -> None:
    """A declared seat that cannot win lets its drawn tile go (the system plays for it)."""
    drawn = d.seats[seat].drawn
    assert drawn is not None
    d.emit(public("auto_discard", seat))
    h.handle_discard(d, seat, Discard(drawn))


# ====================================================================== the offers (搓牌 and 游戏中换牌)


def _track_ready(d: h.Draft) -> None:
    """Each seat's unbroken readiness since which discard (海底捞月 goes to the longer-ready seat)."""
    since = list(_ext(d)["ready_since"])
    for seat in range(d.n):
        if not _ready(d, seat):
            since[seat] = None
        elif since[seat] is None:
            since[seat] = _discards(d)
    _set(d, ready_since=since)


def _open_offer(d: h.Draft, seat: int, offer: dict[str, Any], key: str) -> None:
    _set(d, offer=offer, offered_at=key)
    d.phase, d.turn = h.Phase.OFFER, seat
    d.window = h.Window(None, None, ((seat, (offer["kind"],)),))


def _offer(state: h.Draft | h.HandState) -> dict[str, Any]:
    offer = _ext(state).get("offer")
    assert offer is not None
    return dict(offer)


def _h_offer(d: h.Draft, seat: int, action: Action) -> None:
    offer = _offer(d)
    kind = offer["kind"]
    _set(d, offer=None)
    d.window = None
    if kind == PICK:
        if isinstance(action, Pick):
            _pick(d, seat, action.tile)
        else:
            d.emit(public("cuopai_pass", seat))
        h.draw(d, seat)
        return
    if isinstance(action, Swap):
        _swap(d, seat, Tile.parse(offer["tile"]), action.tiles)
    else:
        d.emit(public("huanpai_pass", seat))
    d.phase, d.turn = h.Phase.TURN, seat


def _pick(d: h.Draft, seat: int, tile: Tile) -> None:
    """搓牌: the named tile swaps places with the next tile to be drawn."""
    wall = list(d.wall)
    at = next(i for i in _unseen_indices(d) if wall[i] == tile)
    wall[d.front], wall[at] = wall[at], wall[d.front]
    d.wall = tuple(wall)
    d.emit(public("cuopai", seat, tile=str(tile)))


def _swap(d: h.Draft, seat: int, tile: Tile, give: Sequence[Tile]) -> None:
    """游戏中换牌: the triplet comes out of the wall and the three given tiles take its places."""
    wall = list(d.wall)
    places = [i for i in _unseen_indices(d) if wall[i] == tile][:3]
    hand = list(d.seats[seat].hand)
    for place, given in zip(places, give, strict=True):
        hand.remove(given)
        wall[place] = given
    d.wall = tuple(wall)
    d.set_seat(seat, hand=tuple(sorted([*hand, tile, tile, tile])), drawn=tile)  # the triplet came in last
    d.emit(public("huanpai", seat, took=format_tiles([tile] * 3), gave=format_tiles(give)))


# ====================================================================== 海底捞月


def _haidi_drawer(d: h.Draft) -> int | None:
    _track_ready(d)
    ext = _ext(d)
    ready = [_ready(d, s) for s in range(d.n)]
    return haidi_seat(ready, ext["declared"], ext["ready_since"], d.dealer)


# ====================================================================== checks and candidates


def _not_all_held(tiles: Sequence[Tile], hand: Sequence[Tile]) -> bool:
    """`Counter(tiles) - Counter(hand)` is not empty: some tile is wanted more times than held.
    Counted with `count` (tiles are interned: compared by identity in C, never hashed)."""
    return any(tiles.count(t) > hand.count(t) for t in tiles)


def _check_exchange(state: h.HandState, seat: int, action: Action) -> None:
    if isinstance(action, Exchange) and _not_all_held(action.tiles, state.seats[seat].hand):
        raise BadExchange(f"{format_tiles(action.tiles)} is not all in the hand")


def _check_offer(state: h.HandState, seat: int, action: Action) -> None:
    kind = _offer(state)["kind"]
    if isinstance(action, Pick) and (kind != PICK or action.tile not in _choices(state)):
        raise NotOffered(f"{action.tile} is not on offer")
    if isinstance(action, Swap):
        if kind != SWAP:
            raise NotOffered("no triplet is on offer")
        if _not_all_held(action.tiles, state.seats[seat].hand):
            raise TileNotInHand(f"{format_tiles(action.tiles)} is not all in the hand")


def _check_turn(state: h.HandState, seat: int, action: Action) -> None:
    s = state.seats[seat]
    if declared(state, seat):
        if isinstance(action, Declare):
            raise AlreadyDeclared()
        if not isinstance(action, Win) and not (isinstance(action, Discard) and action.tile == s.drawn):
            raise DeclaredHandLocked()
        return
    if isinstance(action, Declare):
        if action.tile not in s.hand:
            raise TileNotInHand(f"{action.tile} is not in the hand")
        if action.tile not in _declarable(state, seat):
            raise NotReadyToDeclare(f"the hand is not ready without {action.tile}")


def _declarable(state: h.HandState, seat: int) -> frozenset[Tile]:
    """The tiles whose discard leaves the seat's hand ready (报听 names one of them): none when
    向听 > 0. Read once per state, since a turn's legal actions ask it once per Declare (the last
    answer is kept). A discard leaves the hand ready exactly when the rest's 向听 (read
    incrementally) is 0 or less (a rest whose only waits are tiles it holds all four of has 向听 1:
    engine.waits; tests/engine/test_shanten_after_discard.py), so no waits are read."""
    last = _LastDeclarable.entry  # one read: another thread may replace it meanwhile
    if last is not None and last[0] is state and last[1] == seat:
        return last[2]
    hand = state.seats[seat].hand
    shapes = _shapes(state, seat)
    answer: frozenset[Tile] = frozenset()
    after = discard_shanten(hand, shapes=shapes)  # the same reader the bot weighs this turn with
    if after(None) <= 0:
        answer = frozenset(t for t in dict.fromkeys(hand) if after(t) <= 0)
    _LastDeclarable.entry = (state, seat, answer)
    return answer


class _LastDeclarable:
    """The last `_declarable` answer, by state (immutable) and seat."""

    entry: tuple[h.HandState, int, frozenset[Tile]] | None = None


def _offers_declare(legal: list[Action], tile: Tile) -> bool:
    """`Declare(tile) in legal`, by type and tile: a dataclass `==` against every other action type
    is two Python calls each way."""
    return any(type(a) is Declare and a.tile is tile for a in legal)  # type: ignore[attr-defined]


def _choices(state: h.HandState) -> tuple[Tile, ...]:
    return pick_choices(state.wall[i] for i in _unseen_indices(state))


# ====================================================================== the win


def _first_go(d: h.Draft, winner: int, kind: WinType, discarder: int | None) -> bool:
    """天和 (the opening), 地和 (on the dealer's first discard), 人和 (the other's first draw), no call before."""
    if kind == WinType.TIANHU:
        return True
    if any(s.melds for s in d.seats) or winner == d.dealer or _haidi_on(d):
        return False
    if kind == WinType.DIANPAO:
        return discarder == d.dealer and len(d.seats[d.dealer].river) == 1
    return kind == WinType.ZIMO and d.seats[winner].turns == 1 and d.source == h.Source.DRAW


# ====================================================================== what a seat sees, and the bot


def _bot_offer(state: h.HandState, seat: int, legal: list[Action], shapes: frozenset[Any]) -> Action:
    s = state.seats[seat]
    offer = _offer(state)
    if offer["kind"] == PICK:
        choices = [a.tile for a in legal if isinstance(a, Pick)]
        return Pick(bot_pick(s.hand, choices, shapes)) if choices else Pass()
    give = bot_swap(s.hand, Tile.parse(offer["tile"]), shapes)
    return Swap(give) if give is not None and Swap(give) in legal else Pass()


HANDLERS: dict[tuple[h.Phase, type[Action]], h.Handler] = {
    (h.Phase.EXCHANGE, Exchange): _h_exchange,
    (h.Phase.EXCHANGE, Pass): _h_exchange,
    (h.Phase.TURN, Declare): _h_declare,
    (h.Phase.OFFER, Pick): _h_offer,
    (h.Phase.OFFER, Swap): _h_offer,
    (h.Phase.OFFER, Pass): _h_offer,
}


class ErrenFlow(h.FlowHooks):
    """erren's hooks into the shared hand flow (see the module docstring)."""

    handlers = HANDLERS
    table_options = frozenset(OPTIONS)

    def after_deal(self, d: h.Draft) -> bool:
        """Open the exchange window (开始时换牌) for both seats; the machine waits for their answers."""
        _check_options(d)
        n = d.n
        _set(
            d,
            dead_at=d.front + d.drawable(),
            declared=[None] * n,
            tianting=[False] * n,
            ready_since=[None] * n,
            haidi_seat=None,
            haidi_drawn=0,
            offer=None,
            offered_at=None,
        )
        if not d.variant_rules.exchange_phase:
            _turn_up_bonus(d)
            return False
        order = [(d.dealer + k) % n for k in range(n)]
        d.phase = h.Phase.EXCHANGE
        d.window = h.Window(None, None, tuple((s, ("exchange",)) for s in order))
        d.emit(public("exchange_open", None))
        return True

    def before_draw(self, d: h.Draft, seat: int) -> bool:
        """Track readiness; roll 搓牌 for this draw (once); True when the seat must answer the offer first."""
        _track_ready(d)
        key = f"{PICK}:{d.front}"
        if declared(d, seat) or _haidi_on(d) or _ext(d).get("offered_at") == key:
            return False
        probability = _probability(d, "pick_probability")
        # A probability of 0 never rolls (`rolls`): the roll's rng is not even made.
        if probability <= 0 or not rolls(probability, option_rng(d.seed, PICK, d.front)):
            return False
        _open_offer(d, seat, {"kind": PICK, "tile": None}, key)
        d.emit(public("cuopai_offer", seat))
        return True

    def after_draw(self, d: h.Draft, seat: int) -> bool:
        """A declared seat plays automatically unless it can win; otherwise roll 游戏中换牌. True when handled."""
        if declared(d, seat):
            if not h.can_self_win(d.state(), seat):
                _auto_discard(d, seat)
            return True
        if _haidi_on(d):
            return True
        probability = _probability(d, "swap_probability")
        if probability <= 0:
            return False  # never rolls (`rolls`): the roll's rng is not even made
        key = f"{SWAP}:{d.front}:{d.back}"
        rng = option_rng(d.seed, SWAP, d.front * 1000 + d.back)
        if not rolls(probability, rng):
            return False
        unseen = [d.wall[i] for i in _unseen_indices(d)]
        offered = swap_offer(unseen, rng)
        if offered is None:
            return False
        _open_offer(d, seat, {"kind": SWAP, "tile": str(offered)}, key)
        d.emit(public("huanpai_offer", seat, tile=str(offered)))
        return True

    def exhausted(self, d: h.Draft, seat: int) -> bool:
        """The live wall is used up: 海底捞月 draws for the ready seat, or False to end the hand drawn."""
        if not _haidi_on(d):
            if _ext(d)["haidi_drawn"]:
                return False
            drawer = _haidi_drawer(d)
            if drawer is None:
                return False
            _set(d, haidi_seat=drawer)
            d.emit(public("haidi", drawer, draws=HAIDI_DRAWS))
        drawer = _ext(d)["haidi_seat"]
        done = _ext(d)["haidi_drawn"]
        if done >= HAIDI_DRAWS:
            _set(d, haidi_seat=None)
            return False
        tile = d.wall[_ext(d)["dead_at"] + 1 + done]
        _set(d, haidi_drawn=done + 1)
        s = d.seats[drawer]
        d.phase, d.turn, d.window, d.source = h.Phase.TURN, drawer, None, h.Source.DRAW
        d.set_seat(drawer, hand=tuple(sorted((*s.hand, tile))), drawn=tile)
        d.emit(private("draw", drawer, {"tile": str(tile)}, haidi=done + 1))
        self.after_draw(d, drawer)
        return True

    def check(self, state: h.HandState, seat: int, action: Action) -> None:
        """erren's refusals for `action` now (raises an IllegalAction subclass)."""
        phase = state.phase
        if phase == h.Phase.TURN:
            # Asked of every candidate of every turn: a turn's refusals are all of a 报听 or of a
            # declared seat (`_check_turn`), so the rest pass without reading further.
            if isinstance(action, Declare) or declared(state, seat):
                _check_turn(state, seat, action)
        elif phase == h.Phase.EXCHANGE:
            _check_exchange(state, seat, action)
        elif phase == h.Phase.OFFER:
            _check_offer(state, seat, action)

    def turn_checked(self, state: h.HandState, seat: int) -> frozenset[type[Action]] | None:
        """A turn's refusals (`check`) are all of a 报听, or of any action of a declared seat."""
        return None if declared(state, seat) else _DECLARE_ONLY

    def candidates(self, state: h.HandState, seat: int, acts: list[Action]) -> list[Action]:
        """The machine's candidate actions with erren's own added (every one still goes through `check`).
        A turn's 报听 is offered only with a tile `check` accepts (`_declarable`): the others would be
        refused one by one."""
        s = state.seats[seat]
        if state.phase == h.Phase.EXCHANGE:
            return [Pass(), Exchange(()), *(Exchange((t,)) for t in sorted(set(s.hand)))]
        if state.phase == h.Phase.OFFER:
            if _offer(state)["kind"] == PICK:
                return [Pass(), *(Pick(t) for t in _choices(state))]
            return [Pass(), *(Swap(c) for c in sorted(set(combinations_with_replacement(sorted(s.hand), 3))))]
        if state.phase == h.Phase.TURN and not declared(state, seat) and not _haidi_on(state):
            declarable = _declarable(state, seat)
            return acts + [Declare(t) for t in sorted(declarable, key=_KIND)] if declarable else acts
        return acts

    def claims(self, state: h.HandState, seat: int, offered: tuple[str, ...]) -> tuple[str, ...]:
        """A declared seat is only asked about a win; nobody claims a 海底捞月 discard."""
        if _haidi_on(state):
            return ()
        if declared(state, seat):
            return tuple(o for o in offered if o == "win")
        return offered

    def win_facts(
        self, d: h.Draft, winner: int | None, kind: WinType | None, tile: Tile | None, discarder: int | None
    ) -> tuple[tuple[str, Any], ...]:
        """What the 番 list needs beyond the tiles (engine.games.erren.scoring.FACTS)."""
        ext = _ext(d)
        if winner is None or kind is None:
            return ()
        haidi = ext.get("haidi_seat") == winner and kind == WinType.ZIMO
        return (
            ("baoting", declared(d, winner)),
            ("tianting", bool(ext["tianting"][winner])),
            ("first_go", _first_go(d, winner, kind, discarder)),
            ("kong_replacement", kind == WinType.ZIMO and d.source == h.Source.REPLACEMENT),
            ("last_tile", not haidi and d.drawable() <= 0 and kind in (WinType.ZIMO, WinType.DIANPAO)),
            ("haidi", haidi),
            ("bonus", ext.get("bonus")),
        )

    def view(self, state: h.HandState, seat: int | None) -> dict[str, Any]:
        """erren's public part of the table: the bonus tile, who declared 报听 (and 天听), 海底捞月, the offer."""
        ext = state.ext
        offer = ext.get("offer")
        return {
            "bonus_tile": ext.get("bonus"),
            "declared": [declared(state, s) for s in range(state.n_seats)],
            "tianting": list(ext.get("tianting", [])),
            "haidi_seat": ext.get("haidi_seat"),
            "haidi_draws_left": HAIDI_DRAWS - ext.get("haidi_drawn", 0) if ext.get("haidi_seat") is not None else None,
            "offer": dict(offer) if offer else None,
        }

    def bot_adjust(
        self, state: h.HandState, seat: int, legal: list[Action], rng: random.Random, action: Action
    ) -> Action:
        """erren's choices on top of the shared bot: exchange loners, take good offers, declare when ready and 门清."""
        s = state.seats[seat]
        if state.phase == h.Phase.EXCHANGE:
            return Exchange(bot_exchange(s.hand))
        if state.phase == h.Phase.OFFER:
            return _bot_offer(state, seat, legal, _shapes(state, seat))
        if isinstance(action, Discard) and _offers_declare(legal, action.tile) and all(m.concealed for m in s.melds):
            return Declare(action.tile)
        return action
