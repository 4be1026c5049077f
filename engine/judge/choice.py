"""Choosing a discard: the one `best_discard` (the most win kept for the deal-in risked) and the
efficiency ranking (`Discards.ranked`) the hand review shows beside it.

`best_discard` is what the normal bot throws and what the review calls the careful choice. Golds
are kept (unless every candidate is one). Every candidate's 向听 and danger are cheap; its 进张
are counted only while it could still come out best (the most promising first: the highest
ceiling, then the tile that joins least with the rest). Folding (弃和, the safest tile) is a
yes/no decision (`folds`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter

from engine.judge.danger import Table, danger, risks, table_for
from engine.judge.efficiency import DiscardReader
from engine.judge.sight import Sight
from engine.judge.style import FULL_EFFECTIVE, Style, style_for
from engine.judge.worth import plan_worth, simples_worth, win_chance
from engine.tiles import Tile

__all__ = ["Choice", "DiscardChoice", "Discards", "best_discard", "folds", "pressure", "tile_cost"]

_KIND_OF = attrgetter("kind")


@dataclass(frozen=True, slots=True)
class Choice:
    """A judged discard: the hand it leaves and the risk of the tile itself."""

    tile: Tile
    shanten: int
    effective: int  # live 进张 (when ready: live waits)
    danger: float
    value: float  # win chance × win value − deal-in cost × danger


def best_discard(
    sg: Sight, style: Style, table: Table, tiles: Sequence[Tile], reader: DiscardReader | None = None
) -> tuple[Tile, Choice]:
    """The discard among `tiles` with the most win kept for the deal-in risked (see the module
    docstring); `reader` (of `sg.hand`) when the caller has one already."""
    reader = reader or DiscardReader(sg)
    keep = [t for t in tiles if t != sg.gold] or list(tiles)
    if folds(style, reader.now(), table):
        return _safest(sg, table, reader, keep)
    worth = plan_worth(sg) if style.steer else (simples_worth(sg, style) if style.simples_fan else None)
    rough = []
    for tile in keep:
        steps = reader.shanten(tile)
        risk = danger(sg, table, tile)
        points = worth(tile) if worth is not None else 1.0
        kept = points * (1.0 - style.hand_over * risks(sg, table, tile)[0])
        ceiling = win_chance(steps, max(FULL_EFFECTIVE, style.far_full), sg, style.far_full) * kept
        ceiling -= tile_cost(style, sg, table, tile)
        rough.append((-ceiling, reader.links(tile), risk, kept, tile))
    rough.sort()
    best: Choice | None = None
    for neg_ceiling, _joins, risk, kept, tile in rough:
        if best is not None and -neg_ceiling <= best.value:
            break  # sorted by ceiling: nothing further can beat the best
        eff = reader.efficiency(tile)
        value = win_chance(eff.shanten, eff.count, sg, style.far_full) * kept - tile_cost(style, sg, table, tile)
        choice = Choice(tile, eff.shanten, eff.count, risk, value)
        if best is None or _better(choice, best):
            best = choice
    assert best is not None
    return best.tile, best


def folds(style: Style, shanten: int, table: Table) -> bool:
    """弃和: a hand `shanten` steps from ready (after its best discard) against a table this
    likely to be ready gives up its own win and throws the safest tiles. A yes/no decision,
    not a per-tile trade (docs/engine.md: the per-tile trade lost more than it saved)."""
    return style.fold_threat is not None and shanten >= style.fold_shanten and table.threat >= style.fold_threat


def _safest(sg: Sight, table: Table, reader: DiscardReader, tiles: Sequence[Tile]) -> tuple[Tile, Choice]:
    """The discard least likely to deal in; among equally safe ones, the one keeping the hand closest."""
    judged = [(danger(sg, table, t), reader.shanten(t), reader.links(t), t) for t in tiles]
    risk, steps, _joins, tile = min(judged)
    return tile, Choice(tile, steps, 0, risk, 0.0)


def tile_cost(style: Style, sg: Sight, table: Table, tile: Tile) -> float:
    """What discarding `tile` is expected to cost, in wins: its deal-in chance at the game's price
    as far as the table presses (`pressure`; in nanping's last tiles, where the discarder pays every
    loser's share, the 包 price in full), and the 包 liabilities it may bring at theirs."""
    chance, bao = risks(sg, table, tile)
    price = style.deal_in_cost * pressure(style, table)
    if style.bao_cost and sg.last_tiles_bao and sg.drawable <= sg.last_tiles_bao:
        price = style.bao_cost
    return price * chance + style.liability_cost * bao


def pressure(style: Style, table: Table) -> float:
    """How much of a deal-in's price counts on this table: 0 with the threat at or below the style's
    `threat_floor`, rising to 1 as the threat nears sureness (always 1 without a floor)."""
    floor = style.threat_floor
    if not floor:
        return 1.0
    return max(0.0, table.threat - floor) / (1 - floor)


def _better(a: Choice, b: Choice) -> bool:
    return (a.value, -a.danger, -a.shanten, a.effective, -a.tile.kind) > (
        b.value,
        -b.danger,
        -b.shanten,
        b.effective,
        -b.tile.kind,
    )


@dataclass(frozen=True, slots=True)
class DiscardChoice:
    """One candidate discard, judged for the record: the hand left behind and the tile's danger."""

    tile: Tile
    shanten: int  # of the hand left (0 ready)
    effective: int  # live 进张 of the hand left
    tiles: tuple[Tile, ...]  # the 进张 kinds (when ready: the waits)
    danger: float  # `danger.danger`

    @property
    def efficiency_key(self) -> tuple[int, int]:
        """Sort key, best first: lowest shanten, then most live 进张."""
        return (self.shanten, -self.effective)


class Discards:
    """The discards of the seat's 3k+2 hand (or `candidates`) judged from one reading: each one's
    shanten and danger once, its 进张 only when asked. `ranked` is the efficiency order (lowest
    shanten, most live 进张, golds kept, the safer, the tile order); `careful` is `best_discard`
    with the game's style and table."""

    def __init__(self, sight: Sight, candidates: Iterable[Tile] | None = None, style: Style | None = None) -> None:
        self.tiles = sorted(set(sight.hand if candidates is None else candidates), key=_KIND_OF)
        if not self.tiles:
            raise ValueError("no discard to judge")
        self.sight = sight
        self.style = style or style_for(sight.variant)
        self.table = table_for(sight, self.style)
        self.reader = DiscardReader(sight)
        self.steps = {t: self.reader.shanten(t) for t in self.tiles}
        self.risks = {t: danger(sight, self.table, t) for t in self.tiles}
        self._careful: DiscardChoice | None = None

    def choice(self, tile: Tile) -> DiscardChoice:
        """The judged discard of `tile` (one of the candidates)."""
        eff = self.reader.efficiency(tile)
        return DiscardChoice(tile, eff.shanten, eff.count, eff.tiles, self.risks[tile])

    def ranked(self, shown: int | None = None) -> tuple[DiscardChoice, ...]:
        """The efficiency order (its first `shown` choices): only discards whose shanten could place
        them there have their 进张 counted."""
        tiles = self.tiles
        if shown is not None and shown < len(tiles):
            cut = sorted(self.steps.values())[shown - 1]
            tiles = [t for t in tiles if self.steps[t] <= cut]
        gold = self.sight.gold
        ordered = sorted(
            (self.choice(t) for t in tiles),
            key=lambda c: (c.shanten, -c.effective, c.tile is gold, c.danger, c.tile.kind),
        )
        return tuple(ordered if shown is None else ordered[:shown])

    def careful(self) -> DiscardChoice:
        """`best_discard`'s choice, judged as `choice` judges it."""
        if self._careful is None:
            tile, _ = best_discard(self.sight, self.style, self.table, self.tiles, self.reader)
            self._careful = self.choice(tile)
        return self._careful
