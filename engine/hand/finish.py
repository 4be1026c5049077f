"""The end of a hand: the exhaustive draw, a win, the reveal, the context the scoring reads, and the next dealership."""

from __future__ import annotations

from typing import Any

from engine.events import public
from engine.hand.draft import Draft
from engine.hand.hooks import flow_hooks
from engine.hand.state import HandState, Phase
from engine.sheet import SeatTally, WinContext, WinType
from engine.tiles import Tile, format_tiles
from engine.wall import derive_rng


def finish_draw(d: Draft) -> None:
    d.phase, d.window = Phase.FINISHED, None
    d.emit(public("exhaustive_draw", None, remaining=d.back - d.front))
    d.result = _context(d, None, None, None, None)
    _reveal(d)


def finish_win(d: Draft, seat: int, kind: WinType, tile: Tile | None, discarder: int | None) -> None:
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


def _reveal(d: Draft) -> None:
    hands = [format_tiles(s.hand) for s in d.seats]
    kongs = [[str(m) for m in s.melds if m.is_concealed_kong] for s in d.seats]
    d.emit(public("reveal", None, hands=hands, concealed_kongs=kongs))


def _context(
    d: Draft, winner: int | None, kind: WinType | None, tile: Tile | None, discarder: int | None
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
        wrong_guesses=d.wrong_guesses,
    )


def _facts(
    d: Draft, winner: int | None, kind: WinType | None, tile: Tile | None, discarder: int | None
) -> tuple[tuple[str, Any], ...]:
    """The variant's own facts about the win (erren: 报听, 天听, 杠上开花, ...), from its flow hooks."""
    return tuple(flow_hooks(d.variant_rules).win_facts(d, winner, kind, tile, discarder))


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

    The variant's `FlowHooks.next_options` decides; by default nothing carries over.
    """
    if not state.finished:
        raise ValueError("the hand is not finished")
    return dict(flow_hooks(state.rules).next_options(state))
