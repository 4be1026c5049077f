"""guangdong's hooks into the shared hand flow (engine/hand/): `GuangdongFlow`.

The machine deals, draws, discards, claims and settles as for every game; at fixed
points it asks the variant's `FlowHooks` (named by `Variant.flow`). guangdong answers with:

- the claim and rob-kong answers (`handlers`): 一炮多响 (every seat that wins on the
  discard or the robbed kong wins; the dealer is listed first when among them, so the
  shared `next_dealership` keeps the deal) and 漏胡 (a passed win blocks that tile until
  the seat pongs, chows, kongs or draws);
- `on_claim`: 包 (who becomes liable for a self-draw after a claim: 12 tiles down,
  大四喜, 大三元), the feeder of a claimed kong (杠上开花包杠); a claim lifts 漏胡;
- `claims`: no win on a tile the seat passed (漏胡);
- `before_draw`: a draw lifts 漏胡;
- `win_facts`: what the settlement needs (round wind, way, liable seat, 海底捞月,
  天胡/人胡/地胡, the other winners of the same discard);
- `view`, `bot_choice`: winds and liabilities on the table, and the guangdong bot.

The variant's own flow data lives in `HandState.ext` (plain JSON values):
`passed` (per seat, mpsz tiles passed as wins), `liable` (per seat, who 包 their
self-draw), `kong_fed_by` (the discarder of the kong just claimed), `co_winners`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from engine import hand as h
from engine.actions import Action, Chow, Discard, IllegalAction, Kong, Pass, Pong, Win
from engine.events import public
from engine.games.guangdong import bot as bot
from engine.games.guangdong.fans import FirstTurn, Situation, WinWay, best_score, readings_of
from engine.games.guangdong.rules import Dealership, first_turn_win, liable_after_claim, seat_wind
from engine.sheet import Meld, WinType
from engine.tiles import DRAGONS, Tile, format_tiles


class PassedSameTile(IllegalAction):
    """漏胡: after passing a win, no win on that tile until the seat pongs, chows, kongs or draws"""

    code = "lou_hu"
    default_reason = "漏胡: after passing a win, no win on that tile until the seat pongs, chows, kongs or draws"


# ====================================================================== state helpers


def _ext(state: h.Draft | h.HandState) -> dict[str, Any]:
    return state.ext


def _set(d: h.Draft, **changes: Any) -> None:
    """Copy-on-write: a state's ext dict is shared with the state it came from."""
    d.ext = {**d.ext, **changes}


def _per_seat(state: h.Draft | h.HandState, key: str, empty: Any) -> list[Any]:
    return list(_ext(state).get(key) or [empty] * len(state.seats))


def round_wind(state: h.Draft | h.HandState) -> Tile:
    """风圈 of this hand: the table's `round_wind` option (mpsz), 东 by default."""
    return Tile.parse(str(state.options.get("round_wind", "1z")))


def passed_tiles(state: h.Draft | h.HandState, seat: int) -> tuple[Tile, ...]:
    """Tiles this seat may not win on now (漏胡)."""
    return tuple(Tile.parse(t) for t in _per_seat(state, "passed", [])[seat])


def _pass_win(d: h.Draft, seat: int, tile: Tile) -> None:
    passed = _per_seat(d, "passed", [])
    passed[seat] = sorted({*passed[seat], str(tile)})
    _set(d, passed=passed)


def _lift_passes(d: h.Draft, seat: int) -> None:
    passed = _per_seat(d, "passed", [])
    if passed[seat]:
        passed[seat] = []
        _set(d, passed=passed)


# ====================================================================== the machine's hooks


def _tile_on_offer(state: h.HandState) -> Tile | None:
    """The discard (or robbed tile) being claimed: the window's, or the last discard while it opens."""
    if state.window is not None:
        return state.window.tile
    if state.last_discard is None or not state.seats[state.last_discard].river:
        return None
    return state.seats[state.last_discard].river[-1]


# ====================================================================== claims, several winners, 包


def _h_answer(d: h.Draft, seat: int, action: Action) -> None:
    """A claim or rob-kong answer: records 漏胡 and resolves 一炮多响 itself (a claim reaches `on_claim`)."""
    assert d.window is not None and d.window.tile is not None and d.window.source is not None
    tile, source = d.window.tile, d.window.source
    if "win" in d.window.offered(seat) and not isinstance(action, Win):
        _pass_win(d, seat, tile)
    after = d.window.answered(seat, action.to_json())
    winners = [s for s in _order(d, source) if dict(after.answers).get(s, {}).get("type") == "win"]
    if not after.waiting and len(winners) > 1:
        h.validate(d.state(), seat, action)
        d.window = after
        _finish_several(d, winners, tile, source)
        return
    h.handle_answer(d, seat, action)


def _order(d: h.Draft, source: int) -> list[int]:
    return [(source + k) % d.n for k in range(1, d.n)]


def _finish_several(d: h.Draft, winners: list[int], tile: Tile, source: int) -> None:
    """一炮多响 (or several robbers of one kong): all of them win; the dealer is listed first."""
    ordered = sorted(winners, key=lambda s: s != d.dealer)
    first, others = ordered[0], ordered[1:]
    for seat in others:
        s = d.seats[seat]
        d.set_seat(seat, hand=tuple(sorted((*s.hand, tile))))
    _set(d, co_winners=others)
    kind = WinType.DIANPAO if d.phase == h.Phase.CLAIM else WinType.QIANGGANG
    d.window = None
    for seat in others:
        d.emit(public("win", seat, win_type=kind.en, win_type_zh=kind.zh, tile=str(tile), discarder=source))
    h.finish_win(d, first, kind, tile, source)


def _h_discard(d: h.Draft, seat: int, action: Action) -> None:
    """A discard ends any 杠上开花 chance: forget the claimed kong's feeder."""
    if _ext(d).get("kong_fed_by") is not None:
        _set(d, kong_fed_by=None)
    h.handle_discard(d, seat, action)


# ====================================================================== the win


def _way(d: h.Draft, kind: WinType, discarder: int | None) -> tuple[WinWay, int | None]:
    if kind == WinType.DIANPAO:
        return WinWay.DISCARD, discarder
    if kind == WinType.QIANGGANG:
        return WinWay.ROBBED_KONG, discarder
    if kind == WinType.ZIMO and d.source == h.Source.REPLACEMENT:
        fed_by = _ext(d).get("kong_fed_by")
        return (WinWay.KONG_BLOOM_FED, fed_by) if fed_by is not None else (WinWay.KONG_BLOOM, None)
    return WinWay.SELF_DRAW, None


def _first_turn(d: h.Draft, winner: int, kind: WinType, discarder: int | None) -> FirstTurn:
    if kind == WinType.TIANHU:
        return FirstTurn.TIANHU
    s = d.seats[winner]
    return first_turn_win(
        winner=winner,
        dealer=d.dealer,
        self_draw=kind == WinType.ZIMO and d.source == h.Source.DRAW,
        discarder=discarder if kind == WinType.DIANPAO else None,
        winner_draws=s.turns - (1 if winner == d.dealer else 0),
        dealer_discards=len(d.seats[d.dealer].river),
        any_claim=any(seat.melds for seat in d.seats),
    )


def _co_winner(d: h.Draft, seat: int, kind: WinType, discarder: int | None) -> dict[str, Any]:
    s = d.seats[seat]
    first_turn = _first_turn(d, seat, kind, discarder).name.lower()
    return {"seat": seat, "hand": format_tiles(s.hand), "melds": [str(m) for m in s.melds], "first_turn": first_turn}


def winners_of(state: h.HandState) -> tuple[int, ...]:
    """Every winner of a finished hand (several on one discard: 一炮多响)."""
    if state.result is None or state.result.winner is None:
        return ()
    return (state.result.winner, *(int(co["seat"]) for co in dict(state.result.facts).get("co_winners", ())))


# ====================================================================== view and bot


def valued_honours(state: h.HandState, seat: int) -> frozenset[Tile]:
    """Honours worth a pong for this seat: the dragons, its seat wind, the round wind."""
    return _valued(seat_wind(seat, state.dealer).kind, str(state.options.get("round_wind", "1z")))


@lru_cache(maxsize=64)  # a handful of winds; any option text the table allows
def _valued(seat_wind_kind: int, round_wind_text: str) -> frozenset[Tile]:
    """`valued_honours` by the seat wind's kind and the round wind option (asked at every bot
    decision: a handful of answers)."""
    return frozenset({*(Tile(k) for k in DRAGONS), Tile(seat_wind_kind), Tile.parse(round_wind_text)})


def take_discard_win(state: h.HandState, seat: int) -> bool:
    """The bots' call on a discard win: a 0-番 one waits while the wall is long and a bigger plan is on."""
    s = state.seats[seat]
    assert state.window is not None and state.window.tile is not None
    hand = (*s.hand, state.window.tile)
    situation = Situation(WinWay.DISCARD, seat_wind(seat, state.dealer), round_wind(state))
    fan = best_score(readings_of(hand, s.melds, state.window.tile), situation).fan
    return bot.accept_discard_win(fan, hand, s.melds, tiles_left=state.drawable)


def _bot_turn(state: h.HandState, seat: int, legal: list[Action]) -> Action | None:
    s = state.seats[seat]
    for kong in (a for a in legal if isinstance(a, Kong)):
        if bot.wants_kong(s.hand, s.melds, kong.tile):
            return kong
    tile = bot.choose_discard(s.hand, s.melds, tiles_left=state.drawable, valued=valued_honours(state, seat))
    return Discard(tile) if Discard(tile) in legal else None


def _bot_claim(state: h.HandState, seat: int, legal: list[Action], tile: Tile) -> Action:
    s = state.seats[seat]
    valued = valued_honours(state, seat)
    if Kong(tile) in legal and bot.wants_kong(s.hand, s.melds, tile):
        return Kong(tile)
    if Pong() in legal and bot.wants_pong(s.hand, s.melds, tile, valued):
        return Pong()
    chows: Sequence[Chow] = [a for a in legal if isinstance(a, Chow)]
    for chow in chows:
        if bot.wants_chow(s.hand, s.melds, tile, chow.tiles):
            return chow
    return Pass()


HANDLERS: dict[tuple[h.Phase, type[Action]], h.Handler] = {
    (h.Phase.CLAIM, Win): _h_answer,
    (h.Phase.CLAIM, Pass): _h_answer,
    (h.Phase.CLAIM, Pong): _h_answer,
    (h.Phase.CLAIM, Chow): _h_answer,
    (h.Phase.CLAIM, Kong): _h_answer,
    (h.Phase.ROB_KONG, Win): _h_answer,
    (h.Phase.ROB_KONG, Pass): _h_answer,
    (h.Phase.TURN, Discard): _h_discard,
}


class GuangdongFlow(h.FlowHooks):
    """guangdong's hooks into the shared hand flow (see the module docstring)."""

    handlers = HANDLERS
    idle_pass_only_answers = True  # `_h_answer` records 漏胡 only for a seat offered the win
    table_options = frozenset({"round_wind", "first_dealer"})  # 风圈, carried from hand to hand

    def check(self, state: h.HandState, seat: int, action: Action) -> None:
        """漏胡: refuse a win on a tile this seat passed since its last draw or claim."""
        if type(action) is not Win:
            return  # asked of every candidate of a turn: only a win is ever refused here
        tile = state.window.tile if state.window is not None else None
        in_window = state.phase in (h.Phase.CLAIM, h.Phase.ROB_KONG) and tile is not None
        if isinstance(action, Win) and in_window and tile in passed_tiles(state, seat):
            raise PassedSameTile(f"漏胡: passed a win on {tile} since the last draw, pong, chow or kong")

    def turn_checked(self, state: h.HandState, seat: int) -> frozenset[type[Action]] | None:
        """漏胡 refuses only a win in a claim or rob-kong window: nothing of a turn."""
        return frozenset()

    def claims(self, state: h.HandState, seat: int, offered: tuple[str, ...]) -> tuple[str, ...]:
        """No win on a tile passed since the seat's last draw or claim (漏胡)."""
        tile = _tile_on_offer(state)
        if tile is None or tile not in passed_tiles(state, seat):
            return offered
        return tuple(o for o in offered if o != "win")

    def on_claim(self, d: h.Draft, seat: int, discarder: int, meld: Meld) -> None:
        """A pong/chow/kong on `discarder`'s tile: lift 漏胡, note the kong's feeder, settle who is liable (包)."""
        _lift_passes(d, seat)
        liable = _per_seat(d, "liable", None)
        holders = {s: v for s, v in enumerate(liable) if v is not None}
        liable[seat] = liable_after_claim(seat, discarder, d.seats[seat].melds, holders)
        kong_fed_by = discarder if meld.is_exposed_kong else None
        _set(d, liable=liable, kong_fed_by=kong_fed_by)

    def before_draw(self, d: h.Draft, seat: int) -> bool:
        """A draw lifts 漏胡."""
        _lift_passes(d, seat)
        return False

    def win_facts(
        self, d: h.Draft, winner: int | None, kind: WinType | None, tile: Tile | None, discarder: int | None
    ) -> tuple[tuple[str, Any], ...]:
        """What engine.games.guangdong.scoring.settle_context needs beyond the tiles (plain JSON values)."""
        facts: list[tuple[str, Any]] = [("round_wind", str(round_wind(d)))]
        if winner is None or kind is None:
            return tuple(facts)
        way, source = _way(d, kind, discarder)
        facts += [
            ("way", way.name.lower()),
            ("from", source),
            ("liable", _per_seat(d, "liable", None)[winner] if way.counts_as_self_draw else None),
            ("last_tile", kind == WinType.ZIMO and d.source == h.Source.DRAW and d.drawable() <= 0),
            ("first_turn", _first_turn(d, winner, kind, discarder).name.lower()),
            ("co_winners", [_co_winner(d, s, kind, discarder) for s in _ext(d).get("co_winners", [])]),
        ]
        return tuple(facts)

    def next_options(self, state: h.HandState) -> dict[str, Any]:
        """The round wind and the cycle's first dealer for the table's next hand (风圈 rotation)."""
        first_dealer = int(state.options.get("first_dealer", state.dealer))
        now = Dealership(state.dealer, round_wind(state), first_dealer, state.streak)
        return {"round_wind": str(now.next(winners_of(state)).round_wind), "first_dealer": first_dealer}

    def view(self, state: h.HandState, seat: int | None) -> dict[str, Any]:
        """The winds, who is liable (包) for whose self-draw, and the seat's own 漏胡 tiles."""
        out: dict[str, Any] = {
            "round_wind": str(round_wind(state)),
            "seat_winds": [str(seat_wind(s, state.dealer)) for s in range(state.n_seats)],
            "liable": _per_seat(state, "liable", None),
        }
        if seat is not None:
            out["passed"] = [str(t) for t in passed_tiles(state, seat)]
        return out

    def bot_choice(self, state: h.HandState, seat: int, legal: list[Action]) -> Action | None:
        """The guangdong bot, before the shared one: plans for bigger hands, claims and wins by value
        (None: the shared bot's choice, e.g. a pass in a window that is not a claim)."""
        if Win() in legal and (state.phase != h.Phase.CLAIM or take_discard_win(state, seat)):
            return Win()
        if state.phase == h.Phase.TURN:
            return _bot_turn(state, seat, legal)
        if state.phase == h.Phase.CLAIM and state.window is not None and state.window.tile is not None:
            return _bot_claim(state, seat, legal, state.window.tile)
        return None
