"""Each discard's danger (放炮): the chance it deals in, read from the opponents' public play only.

Per opponent: its readiness (a curve per game by discards and declared sets, measured on easy
bots; 报听 sure; a 游金 seat cannot win on a discard, nobody can while anyone is in 双游), times the
chance its ready hand may take a discard at all (`seat_odds`), times the share of ready hands
waiting on the tile: the wait shapes that win on it, weighed by the live copies of the tiles they
hold (`shape_weight`), a tile let pass and the seat's own discards safer, a flush-seeker's suit
likelier. 包 liabilities (guangdong) are weighed apart (`liability`). `Table` is one decision's
reading of the opponents, computed once (`table_for(sight)`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine import hand_rules as rules
from engine.games.pinghe.scoring import meld_points
from engine.judge.sight import Sight
from engine.judge.style import Style, style_for
from engine.sheet import MeldKind
from engine.tiles import BAIBAN, DRAGONS, WINDS, Tile

__all__ = [
    "OWN_RIVER_FACTOR",
    "PASSED_FACTOR",
    "Table",
    "danger",
    "discard_win_odds",
    "liability",
    "live_faces",
    "passed_since",
    "readiness",
    "risks",
    "seat_odds",
    "shape_weight",
    "table_for",
]

READY_FOUR_SETS = 0.95
FLUSH_SUIT, OFF_FLUSH = 1.6, 0.25  # danger of a flush-seeker's suit, and of the other number suits
PASSED_FACTOR = 0.05  # let pass since its last discard (it did not win on it)
OWN_RIVER_FACTOR = 0.3  # in its own river (no 振听 here, but a tile thrown is rarely waited on)
# The wait shapes of a ready hand, by their weight per way of holding their tiles (see `shape_weight`);
# a middle tile with every other copy live has the share MIDDLE_SHARE.
SHAPE_SIDES, SHAPE_CLOSED, SHAPE_EDGE, SHAPE_PAIR, SHAPE_LONE = 1.0, 0.6, 0.6, 2.5, 1.5
SUJI_SIDE = 0.4  # a two-sided wait whose other winning tile the seat threw (no 振听 here: not ruled out)
MIDDLE_SHARE = 0.16
# pinghe's 点炮 needs 3 分: of the ready hands short of that many shown 分 (flowers, kongs, 箭刻)
# by 0, 1, 2, 3, the share that makes it up with concealed triplets (measured: easy bots, 150 hands).
NEED_ODDS = (1.0, 0.23, 0.09, 0.0)
READY_GOLD_LEAN = 1.5  # the gold-free chance of a ready hand is the plain one to this power (measured 0.44 vs 0.55)
SHAPE_REFERENCE = 2 * SHAPE_SIDES * 16 + SHAPE_CLOSED * 16 + SHAPE_PAIR * 3 + SHAPE_LONE * 3
LIABILITY_CLAIM = 0.25  # chance a seat one set from a 包 hand can claim a tile it needs


def readiness(style: Style, sg: Sight, other: int) -> float:
    """The chance `other` is ready and may win on a discard: 报听 is sure; a 游金 seat cannot."""
    if sg.you[other] >= 1:
        return 0.0
    if sg.declared[other]:
        return 1.0
    sets = sg.meld_counts[other]
    if sets >= len(style.curves):
        return READY_FOUR_SETS
    curve = style.curves[sets]
    return curve[min(len(sg.rivers[other]), len(curve) - 1)]


@dataclass(slots=True)
class Table:
    """One decision's reading of the opponents, computed once: readiness per seat, the overall
    threat, and what each opponent's public play says about its waits (and a per-kind cache)."""

    ready: tuple[float, ...]
    threat: float  # the chance at least one opponent is ready to win on a discard
    passed: tuple[frozenset[int], ...] = ()  # kinds each seat let pass since its last discard
    thrown: tuple[frozenset[int], ...] = ()  # kinds in each seat's river
    leans: tuple[int | None, ...] = ()  # the number suit a flush-seeker's shown sets are all in
    live: tuple[int, ...] = ()  # per face kind, the copies this seat cannot see (`live_faces`)
    odds: tuple[float, ...] = ()  # per seat, the chance its ready hand may take a discard (`discard_win_odds`)
    cache: dict[int, tuple[float, float]] = field(default_factory=dict)

    @staticmethod
    def read(
        style: Style, sg: Sight, declared: Sequence[int | None] = (), odds: Sequence[float] | None = None
    ) -> Table:
        """The table as `sg` shows it; `declared` (erren, `engine.view.declared_at`) adds the tiles
        a locked 报听 hand has let go since it declared to the ones it is known not to wait on;
        `odds` (`discard_win_odds`) the chance each seat's ready hand may win on a discard at all
        (without it, the game's average share)."""
        ready = tuple(0.0 if o == sg.seat else readiness(style, sg, o) for o in range(sg.n_seats))
        seats = range(sg.n_seats)
        shares = tuple(odds) if odds is not None else (sg.discard_win_share,) * sg.n_seats
        calm = 1.0
        for r in ready:
            calm *= 1 - r
        return Table(
            ready,
            1 - calm,
            passed=tuple(_faces(sg, passed_since(sg, o)) | _let_go(sg, declared, o) for o in seats),
            thrown=tuple(_faces(sg, sg.rivers[o]) for o in seats),
            leans=tuple(_lean(sg, o) for o in seats),
            live=live_faces(sg),
            odds=shares,
        )


def discard_win_odds(sg: Sight) -> tuple[float, ...]:
    """Per seat, the chance its hand, once ready, may win on a discard at all, from public facts:
    `seat_odds` with each seat's flowers and concealed-tile count (both shown to every seat)."""
    if sg.discard_win_max_golds is None:
        return (1.0,) * sg.n_seats
    return seat_odds(sg, sg.flowers, sg.held, sg.discard_win_max_golds, sg.discard_win_min_points)


def seat_odds(
    sg: Sight, flowers: Sequence[int], held: Sequence[int], max_golds: int, min_points: int
) -> tuple[float, ...]:
    """Per seat, the chance its ready hand may take a discard: the gold games bar a discard win
    to a hand holding more than `max_golds` golds (pinghe 0, nanping 1): the chance the seat
    holds few enough, from the golds this seat cannot see among the tiles it cannot see
    (`_few_golds`). pinghe's 点炮 also needs `min_points` 分 (3): the seat's shown 分 (flowers,
    明杠 2, 暗杠 4, a 箭刻 1) and, for what it lacks, the share of ready hands whose concealed
    triplets make it up (`NEED_ODDS`, measured)."""
    if sg.gold is None:
        return (1.0,) * sg.n_seats
    unseen_golds = max(0, 4 - sg.seen[sg.gold.kind])
    pool = sum(max(0, 4 - n) for n in sg.seen)
    odds = []
    for other in range(sg.n_seats):
        chance = _few_golds(unseen_golds, pool, held[other], max_golds)
        if min_points:
            shown = flowers[other] + sum(meld_points(m, sg.gold) for m in sg.exposed[other])
            shown += 4 * (sg.meld_counts[other] - len(sg.exposed[other]))  # concealed kongs, face down
            lack = max(0, min_points - shown)
            chance *= NEED_ODDS[lack] if lack < len(NEED_ODDS) else 0.0
        odds.append(0.0 if other == sg.seat else chance)
    return tuple(odds)


def _few_golds(unseen: int, pool: int, held: int, most: int) -> float:
    """The chance a hand of `held` unseen tiles holds at most `most` of the `unseen` golds among
    the `pool` tiles this seat cannot see (hypergeometric), leaned towards more golds for a
    ready hand (`READY_GOLD_LEAN`: golds make a hand ready sooner)."""
    if unseen <= most:
        return 1.0
    pool = max(pool, held + unseen)
    total = 0.0
    for g in range(most + 1):
        total += math.comb(unseen, g) * math.comb(pool - unseen, held - g) / math.comb(pool, held)
    return float(min(1.0, total) ** READY_GOLD_LEAN)


def _faces(sg: Sight, tiles: Iterable[Tile]) -> frozenset[int]:
    return frozenset(rules.face(t, sg.gold).kind for t in tiles)


def _let_go(sg: Sight, declared: Sequence[int | None], other: int) -> frozenset[int]:
    """The faces a 报听 seat (locked: it throws every draw it cannot win with) has let go since its
    declaring discard, which came after `declared[other]` discards: its own later discards and
    the other seat's (two seats, taking turns: the other seat threw first). A claim since shrinks
    the rivers, so fewer tiles count: never one too many."""
    at = declared[other] if other < len(declared) else None
    if at is None or sg.n_seats != 2:
        return frozenset()
    since = sum(len(r) for r in sg.rivers) - at - 1  # discards after the declaring one
    if since <= 0:
        return frozenset()
    mine, theirs = sg.rivers[1 - other], sg.rivers[other]
    ours, its = (since + 1) // 2, since // 2
    return _faces(sg, mine[len(mine) - ours :]) | _faces(sg, theirs[len(theirs) - its :] if its else ())


def danger(sg: Sight, table: Table, tile: Tile) -> float:
    """The chance (a weight above 1 under 包) that discarding `tile` deals in, from public play only:
    `risks`' two parts together."""
    chance, bao = risks(sg, table, tile)
    return chance + bao


def risks(sg: Sight, table: Table, tile: Tile) -> tuple[float, float]:
    """What discarding `tile` risks, from public play only: the chance it deals in, and the
    weight of the 包 liabilities it may bring (guangdong), read once per kind.

    Per opponent: its readiness × the share of ready hands waiting on this tile (`shape_weight`:
    the wait shapes that win on it by the live copies they need; a tile let pass since its discard
    nearly safe, its own discards safer) × how often this game's ready hands may win on a discard at all,
    a flush-seeker's suit likelier and the other suits unlikely. Nothing while anyone is in
    双游 (nobody may win on or claim a discard then) and nothing for a gold."""
    cached = table.cache.get(tile.kind)
    if cached is not None:
        return cached
    chance = bao = 0.0
    if not any(level >= 2 for level in sg.you) and not (sg.gold is not None and tile == sg.gold):
        for other, ready in enumerate(table.ready):
            if ready > 0:
                odds = table.odds[other] if table.odds else sg.discard_win_share
                chance += ready * _share(sg, table, other, tile) * odds
            if sg.liability and other != sg.seat:
                bao += liability(sg, other, tile)
    table.cache[tile.kind] = (chance, bao)
    return chance, bao


def _share(sg: Sight, table: Table, other: int, tile: Tile) -> float:
    """How likely a ready `other` waits on `tile` (its face: 白板 plays as the gold's face): the
    wait shapes that win on it, weighed by the live copies of the tiles they need (`shape_weight`),
    a tile let pass since its last discard (or, a 报听 seat, since it declared) nearly safe, its own
    discards safer, a flush-seeker's suit likelier and the other suits unlikely."""
    kind = rules.face(tile, sg.gold).kind
    share = MIDDLE_SHARE * shape_weight(table.live, kind, table.thrown[other]) / SHAPE_REFERENCE
    if kind in table.passed[other]:
        share *= PASSED_FACTOR
    elif kind in table.thrown[other]:
        share *= OWN_RIVER_FACTOR
    lean = table.leans[other]
    if lean is not None:
        share *= 1.2 if tile.is_honor else (FLUSH_SUIT if tile.suit == lean else OFF_FLUSH)
    return share


def shape_weight(live: Sequence[int], kind: int, thrown: frozenset[int]) -> float:
    """The ways a ready hand can wait on face `kind`: a pair wait (two live copies held), a lone
    wait (one), and for a number tile the two-sided waits (the two tiles above or below it held;
    one whose other winning tile the seat threw itself counts `SUJI_SIDE`), the closed wait (the
    tiles either side) and the edge wait (1-2 for a 3, 8-9 for a 7), each by the product of the
    live copies of the tiles it holds (`live`, by face kind)."""
    n = live[kind]
    weight = SHAPE_PAIR * n * (n - 1) / 2 + SHAPE_LONE * n
    if kind >= 27:
        return weight
    rank = kind % 9  # 0 for a 1, 8 for a 9
    if rank <= 5:
        weight += SHAPE_SIDES * live[kind + 1] * live[kind + 2] * (SUJI_SIDE if kind + 3 in thrown else 1.0)
    elif rank == 6:
        weight += SHAPE_EDGE * live[kind + 1] * live[kind + 2]
    if rank >= 3:
        weight += SHAPE_SIDES * live[kind - 1] * live[kind - 2] * (SUJI_SIDE if kind - 3 in thrown else 1.0)
    elif rank == 2:
        weight += SHAPE_EDGE * live[kind - 1] * live[kind - 2]
    if 1 <= rank <= 7:
        weight += SHAPE_CLOSED * live[kind - 1] * live[kind + 1]
    return weight


def live_faces(sg: Sight) -> tuple[int, ...]:
    """Per face kind, the copies this seat cannot see that play as it: in a gold game the golds are
    wild (no face), and the gold's face is played by the 白板s."""
    live = [max(0, 4 - n) for n in sg.seen]
    gold = sg.gold
    if gold is not None:
        live[gold.kind] = live[BAIBAN] if gold.kind != BAIBAN else 0
        if gold.kind != BAIBAN:
            live[BAIBAN] = 0
    return tuple(live)


def _lean(sg: Sight, other: int) -> int | None:
    """A seat whose two or more shown sets are all of one number suit (and honours) is after a
    flush: it waits in that suit or on honours, hardly in the others."""
    melds = sg.exposed[other]
    suits = {m.tiles[0].suit for m in melds if not m.tiles[0].is_honor}
    if len(melds) < 2 or len(suits) != 1:
        return None
    return next(iter(suits))


def table_for(sg: Sight, style: Style | None = None) -> Table:
    """The table as `sg` shows it, read with the game's style (or `style`): readiness, the 报听 seats'
    let-go tiles (`sg.declared_at`) and each seat's chance to take a discard (`discard_win_odds`)."""
    return Table.read(style or style_for(sg.variant), sg, sg.declared_at, discard_win_odds(sg))


def passed_since(sight: Sight, other: int) -> set[Tile]:
    """Tiles `other` let pass since its last discard: the last discard of each seat that has
    played since (the seats after it in turn order, up to the seat in turn)."""
    out: set[Tile] = set()
    seat = (other + 1) % sight.n_seats
    while seat not in (sight.turn, other):
        river = sight.rivers[seat]
        if river:
            out.add(river[-1])
        seat = (seat + 1) % sight.n_seats
    return out


def liability(sight: Sight, other: int, tile: Tile) -> float:
    """包 (guangdong): a discard that `other` claims into its fourth declared set (12 tiles down),
    its third dragon set (大三元) or its fourth wind set (大四喜) makes the discarder pay for its
    self-draw, as if for all three. Weighted by the chance it holds the pair to pong."""
    melds = sight.exposed[other]
    if sight.live(tile) < 2:
        return 0.0  # it cannot hold two more copies to pong
    sets_of = [m.tiles[0].kind for m in melds if m.kind != MeldKind.CHOW]
    if tile.kind in DRAGONS and sum(1 for k in sets_of if k in DRAGONS) == 2:
        return LIABILITY_CLAIM * 3
    if tile.kind in WINDS and sum(1 for k in sets_of if k in WINDS) == 3:
        return LIABILITY_CLAIM * 3
    if sight.meld_counts[other] == 3:
        return LIABILITY_CLAIM * 0.3  # any pong (or chow from the left) could be its fourth set
    return 0.0
