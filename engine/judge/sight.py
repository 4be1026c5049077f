"""What one seat can see of a hand (its 视野), as values: the one model the bots and the review judge from.

`sight(state, seat)` reads exactly what `engine.view.view(state, seat)` shows that seat (its own
tiles, every river, the melds it can read, the gold, the wall count, the 游金 levels, the 报听
marks, each seat's flowers and concealed-tile count), never another hand or the wall order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from engine.hand import HandState, flow_hooks
from engine.hand_rules import shapes_for
from engine.shapes import Shape
from engine.sheet import Meld
from engine.tiles import N_KINDS, Tile
from engine.view import declared_at

__all__ = ["Sight", "sight"]

_KIND_OF = attrgetter("kind")


@dataclass(frozen=True, slots=True)
class Sight:
    """What one seat can see of a hand, as values (the same facts `view(state, seat)` shows it)."""

    seat: int
    hand: tuple[Tile, ...]  # its own concealed tiles, sorted (a tile just drawn included)
    melds: tuple[Meld, ...]  # its own declared sets (its concealed kongs included)
    gold: Tile | None  # the gold (金), face up for everyone
    shapes: frozenset[Shape]  # the shapes its hand may still win in (the concealed-only ones need no melds)
    seen: tuple[int, ...]  # per kind 0..33: copies it can see (own hand, rivers, shown melds, the turned-up gold)
    rivers: tuple[tuple[Tile, ...], ...]  # every seat's discards, in order (less those claimed)
    exposed: tuple[tuple[Meld, ...], ...]  # every seat's melds it can read (others' concealed kongs left out)
    meld_counts: tuple[int, ...]  # every seat's declared sets, concealed kongs included
    you: tuple[int, ...]  # every seat's 游金 level (0 none, 1 单游, 2 双游, 3 beyond)
    declared: tuple[bool, ...]  # every seat's 报听 (erren)
    drawable: int  # live tiles left before the exhaustive draw
    turn: int  # the seat in turn
    discard_win_share: float = 1.0  # how often a ready hand of this game may win on a discard at all
    liability: bool = False  # 包: feeding the 12-tile fourth set, 大三元 or 大四喜 makes the feeder pay (guangdong)
    last_tiles_bao: int = 0  # nanping: in the last N live tiles a discard that lets another win pays for all (包)
    variant: str = ""  # the game's id (its judging style: `engine.judge.style_for`)
    declared_at: tuple[int | None, ...] = ()  # per seat, the discards on the table before its 报听 (`view.declared_at`)
    flowers: tuple[int, ...] = ()  # per seat, its flowers (face up)
    held: tuple[int, ...] = ()  # per seat, its concealed tiles' count
    discard_win_max_golds: int | None = None  # a gold game: the most golds a hand may hold to win on a discard
    discard_win_min_points: int = 0  # pinghe: a 点炮 needs this many 分

    @property
    def n_seats(self) -> int:
        return len(self.rivers)

    def live(self, tile: Tile) -> int:
        """Copies of `tile` this seat cannot see: still to come from the wall or another hand."""
        return max(0, 4 - self.seen[tile.kind])


def sight(state: HandState, seat: int) -> Sight:
    """What `seat` sees of `state`: its own tiles and every public fact, nothing hidden from it."""
    own = state.seats[seat]
    seen = [0] * N_KINDS
    _count(seen, own.hand)
    exposed = tuple(tuple(m for m in s.melds if i == seat or not m.concealed) for i, s in enumerate(state.seats))
    for i, s in enumerate(state.seats):
        _count(seen, s.river)
        _count(seen, (t for m in exposed[i] for t in m.tiles))
    if state.gold is not None and state.indicator is not None:
        seen[state.gold.kind] += 1  # the turned-up gold stays face up, out of play
    rules = state.rules
    hooks = flow_hooks(rules)
    table: dict[str, Any] = (hooks.view(state, seat) if hooks is not None else None) or {}
    declared = table.get("declared") or [False] * state.n_seats
    gold_rules = rules.gold
    return Sight(
        seat=seat,
        hand=tuple(sorted(own.hand, key=_KIND_OF)),
        melds=own.melds,
        gold=state.gold,
        shapes=shapes_for(rules, own.melds),
        seen=tuple(min(4, n) for n in seen),
        rivers=tuple(s.river for s in state.seats),
        exposed=exposed,
        meld_counts=tuple(len(s.melds) for s in state.seats),
        you=tuple(s.you for s in state.seats),
        declared=tuple(bool(d) for d in declared),
        drawable=state.drawable,
        turn=state.turn,
        discard_win_share=_discard_win_share(rules),
        liability=bool(rules.option("liable_after_claim")),
        last_tiles_bao=rules.last_tiles_auto_win,
        variant=state.variant,
        declared_at=tuple(declared_at(state)),
        flowers=tuple(len(s.flowers) for s in state.seats),
        held=tuple(len(s.hand) for s in state.seats),
        discard_win_max_golds=None if gold_rules is None else gold_rules.discard_win_max_golds,
        discard_win_min_points=rules.discard_win_min_points,
    )


def _count(counts: list[int], tiles: Iterable[Tile]) -> None:
    for kind in map(_KIND_OF, tiles):
        if kind < N_KINDS:
            counts[kind] += 1


def _discard_win_share(rules: Any) -> float:
    """How often a ready hand may take a discard at all, read from the game's gold rules:
    pinghe's 点炮 needs no gold in hand and 3 分, nanping's at most one gold."""
    gold = rules.gold
    if gold is None:
        return 1.0
    return 0.35 if gold.discard_win_max_golds == 0 else 0.7
