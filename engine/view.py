"""What a seat (or a spectator) may see of a hand: never another hand, never the wall order.

`view(state, seat)` is the only state a client gets. Concealed kongs show their
tile only to their owner (the others may guess them: 抢暗杠); the turned-up gold
is public; the wall is a count. When the hand is over every hand is revealed and
the settlement sheet is included.

Nothing in a view depends on another seat's concealed tiles: a window (claims, 抢杠,
抢暗杠, the opening wins) lists every seat it was put to until it closes, the version
shown is the decision's (`HandState.decision_version`), and a seat whose only choice
is to pass is asked nothing (the table passes for it).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.hand import HandState, asked, flow_hooks
from engine.sheet import Meld
from engine.tiles import format_tiles


def view(state: HandState, seat: int | None) -> dict[str, Any]:
    """JSON-ready view for `seat` (None = spectator: public information only)."""
    return views(state, (seat,))[seat]


def views(state: HandState, audiences: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
    """`view(state, a)` for each audience, built together: what the audiences share (the public
    facts, each seat as the others see it) is built once and the same objects appear in every view
    that shows them, so a table telling all its seats and spectators at once does not build every
    river and meld five times. The views must not be changed in place."""
    reveal = state.finished
    shown = [_seat_view(state, i, None, reveal) for i in range(state.n_seats)]
    public = _public_part(state)
    result = _result_view(state) if reveal else None
    return {a: _audience_view(state, a, public, shown, result) for a in audiences}


def _public_part(state: HandState) -> dict[str, Any]:
    return {
        "variant": state.variant,
        "version": state.decision_version,
        "phase": state.phase.name.lower(),
        "dealer": state.dealer,
        "streak": state.streak,
        "base": state.base,
        "dice": list(state.dice[:2]),
        "gold": str(state.gold) if state.gold else None,
        "wall_remaining": state.remaining,
        "drawable": state.drawable,
        "reserve": state.reserve,
        "turn": state.turn,
        "to_act": list(state.public_to_act),
    }


def _audience_view(
    state: HandState,
    seat: int | None,
    public: dict[str, Any],
    shown: list[dict[str, Any]],
    result: dict[str, Any] | None,
) -> dict[str, Any]:
    reveal = state.finished
    seats = list(shown)
    if seat is not None:
        seats[seat] = _seat_view(state, seat, seat, reveal)  # its own tiles: only it sees them
    return {
        **public,
        "claim": _claim_view(state, seat) if state.window is not None else None,
        "shuangyou_seat": state.shuangyou_seat,
        "fenbing": state.fenbing,
        "seats": seats,
        "you": seat,
        "legal_actions": [a.to_json() for a in asked(state, seat)] if seat is not None else [],
        "finished": state.finished,
        "result": result,
        "table": _variant_view(state, seat),
        "declared_at": declared_at(state),
    }


def declared_at(state: HandState) -> list[int | None]:
    """Per seat, when it declared 报听 (erren): the number of discards on the table just before its
    declaring discard (None: not declared). Public: every seat saw the declaration. A declared hand
    is locked, so every tile thrown since that it did not win on is no wait of it."""
    marks = state.ext.get("declared") or [None] * state.n_seats
    return [None if m is None else int(m) for m in marks]


def _variant_view(state: HandState, seat: int | None) -> dict[str, Any] | None:
    """The variant's own public table state (erren: bonus tile, 报听, 海底捞月, offers), from its flow hooks."""
    return flow_hooks(state.rules).view(state, seat)


def _claim_view(state: HandState, seat: int | None) -> dict[str, Any]:
    window = state.window
    assert window is not None
    return {
        "tile": str(window.tile) if window.tile else None,
        "from": window.source,
        "kind": state.phase.name.lower(),
        "waiting": list(window.asked),  # every seat it was put to: who has answered is secret
        "offered": list(window.offered(seat)) if seat is not None else [],
    }


def _seat_view(state: HandState, i: int, viewer: int | None, reveal: bool) -> dict[str, Any]:
    s = state.seats[i]
    own = viewer == i
    data: dict[str, Any] = {
        "seat": i,
        "hand_count": len(s.hand),
        "melds": [_meld_view(m, own or reveal) for m in s.melds],
        "flowers": format_tiles(s.flowers, sort=False),
        "discards": format_tiles(s.river, sort=False),
        "you": s.you,
    }
    if own or reveal:
        data["hand"] = format_tiles(s.hand)
    if own:
        data["drawn"] = str(s.drawn) if s.drawn else None
        data["passed_win"] = s.furiten  # 先弃后和: no discard win until this seat draws again
    return data


def _meld_view(meld: Meld, show: bool) -> dict[str, Any]:
    if meld.concealed and not show:
        return {"kind": "kong", "concealed": True, "tiles": None}
    return {"kind": meld.kind.name.lower(), "concealed": meld.concealed, "tiles": format_tiles(meld.tiles)}


def _result_view(state: HandState) -> dict[str, Any]:
    result = state.result
    assert result is not None
    return {
        "winner": result.winner,
        "win_type": result.win_type.en if result.win_type else None,
        "win_type_zh": result.win_type.zh if result.win_type else None,
        "discarder": result.discarder,
        "win_tile": str(result.win_tile) if result.win_tile else None,
        "bao": result.bao,
        "sheet": state.sheet.to_json() if state.sheet else None,
        "seed": state.seed,
    }
