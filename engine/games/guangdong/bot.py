"""How the bot plays 广东鸡平胡: the fastest win, unless a bigger hand is within reach.

Pure functions of a seat's tiles; the shared bot (engine/bot.py) asks them through the
hand's legal actions. A 鸡胡 is worth 1 point and 爆胡 8, so a hand that leans towards one
suit goes for 混一色/清一色, and a hand full of pairs goes for 碰碰胡:

- `choose_target`: the plan for these tiles (FAST, HALF_FLUSH, FULL_FLUSH or ALL_PONGS).
- `choose_discard`: the tile whose loss keeps the hand closest to ready; while the wall is
  still long, an off-plan tile may be thrown even when it costs one step (that is how a
  bigger hand is built).
- `wants_pong` / `wants_chow` / `wants_kong`: claim when it helps the plan; pongs of 中发白
  and of the seat or round wind are always taken (+1 番 each).
- `accept_discard_win`: a 0-番 discard win is declined early while a bigger plan is on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from engine import hand_rules as rules
from engine.shapes import Shape
from engine.sheet import Meld, MeldKind
from engine.tiles import DRAGONS, N_KINDS, Suit, Tile
from engine.waits import discard_shanten

EARLY_TILES_LEFT = 40  # while more tiles than this are left in the wall, plans may cost a step
FLUSH_OFF_SUIT = 3  # at most this many tiles off (suit + honours) to go for 混一色
FULL_FLUSH_OFF_SUIT = 2  # at most this many tiles off the suit (honours included) for 清一色
PONG_PAIRS = 4  # pairs/triplets (with claimed pongs) to go for 碰碰胡
_NUMBER_SUITS = (Suit.MAN, Suit.PIN, Suit.SOU)
_ALL_SHAPES = frozenset({Shape.STANDARD, Shape.THIRTEEN_ORPHANS, Shape.NINE_GATES})
_STANDARD = frozenset({Shape.STANDARD})


class Plan(IntEnum):
    FAST = 0  # 鸡胡 / 平胡: the quickest win
    HALF_FLUSH = 1  # 混一色 (2 番; 混碰 4 with pongs)
    FULL_FLUSH = 2  # 清一色 (4 番, past the limit)
    ALL_PONGS = 3  # 碰碰胡 (2 番)


@dataclass(frozen=True, slots=True)
class Target:
    """A plan and, for the flushes, its suit."""

    plan: Plan
    suit: Suit | None = None

    def fits(self, tile: Tile) -> bool:
        """Does this tile belong in the planned hand?"""
        if self.plan == Plan.HALF_FLUSH:
            return tile.is_honor or tile.suit == self.suit
        if self.plan == Plan.FULL_FLUSH:
            return tile.suit == self.suit
        return True


def _shapes(melds: Sequence[Meld]) -> frozenset[Shape]:
    return _STANDARD if melds else _ALL_SHAPES


def shanten_of(concealed: Sequence[Tile], melds: Sequence[Meld]) -> int:
    """向听 of the concealed tiles given the declared sets (-1 complete, 0 ready)."""
    return rules.shanten_of(concealed, None, _shapes(melds))  # memoized: claims weigh a hand more than once


def choose_target(concealed: Sequence[Tile], melds: Sequence[Meld]) -> Target:
    """The plan for these tiles: a flush when the hand leans to one suit, pongs when it is pairs.
    (Counted by kind: every turn and claim asks it.)"""
    by_suit = [0] * len(Suit)
    for tile in concealed:
        by_suit[_SUIT_OF[tile.kind]] += 1
    for m in melds:
        by_suit[_SUIT_OF[m.tiles[0].kind]] += 3  # a meld's first three tiles are of one suit
    suit = max(_NUMBER_SUITS, key=lambda s: (by_suit[s], -s))
    meld_suits = {_SUIT_OF[m.tiles[0].kind] for m in melds if m.tiles[0].kind < _HONOURS}
    off_suit = len(concealed) + 3 * len(melds) - by_suit[suit] - by_suit[Suit.HONOR]
    if meld_suits <= {suit} and off_suit + by_suit[Suit.HONOR] <= FULL_FLUSH_OFF_SUIT:
        return Target(Plan.FULL_FLUSH, suit)
    if meld_suits <= {suit} and off_suit <= FLUSH_OFF_SUIT:
        return Target(Plan.HALF_FLUSH, suit)
    if _pong_ready(concealed, melds):
        return Target(Plan.ALL_PONGS)
    return Target(Plan.FAST)


def _pong_ready(concealed: Sequence[Tile], melds: Sequence[Meld]) -> bool:
    if any(m.kind == MeldKind.CHOW for m in melds):
        return False
    pairs = sum(1 for n in _held(concealed) if n >= 2)
    return pairs + len(melds) >= PONG_PAIRS


def choose_discard(
    concealed: Sequence[Tile], melds: Sequence[Meld], *, tiles_left: int, valued: frozenset[Tile] = frozenset()
) -> Tile:
    """The tile to discard from a 3k+2 hand (see the module docstring for the order).

    `valued` are the honours worth a pong here (dragons, seat and round wind).

    Each discard's key is (向听 after it, less one for an off-plan tile early; on-plan; usefulness;
    kind) and the least key wins. No discard leaves fewer steps than the whole hand's 向听, so
    with that in place of its own a tile's key is a floor: the tiles are weighed floor first,
    and once a floor reaches the best key found no later tile can beat it (their 向听 unread).
    """
    target = choose_target(concealed, melds)
    early = tiles_left > EARLY_TILES_LEFT and target.plan != Plan.FAST
    after = discard_shanten(concealed, shapes=_shapes(melds))  # the counts read once, one changed per tile
    least = after(None)  # the whole hand's 向听: no discard leaves fewer
    held = _held(concealed)
    valued_kinds = frozenset(t.kind for t in valued)
    floors = []
    for kind in sorted({t.kind for t in concealed}):  # kinds: ints hash and sort in C
        off_plan = not target.fits(Tile(kind))
        bonus = 1 if early and off_plan else 0
        floors.append((least - bonus, not off_plan, _usefulness_of(kind, held, valued_kinds), kind, bonus))
    floors.sort()
    best: tuple[int, bool, int, int] | None = None
    for floor, on_plan, usefulness, kind, bonus in floors:
        if best is not None and (floor, on_plan, usefulness, kind) >= best:
            break  # this tile's key is at least its floor, and so are all the later ones'
        key = (after(Tile(kind)) - bonus, on_plan, usefulness, kind)
        if best is None or key < best:
            best = key
    assert best is not None  # a 3k+2 hand holds a tile
    return Tile(best[3])


# The other kinds of a numbered tile's suit within two of it, by kind; one for a middle (2-8) tile.
_HONOURS = 27
_MIDDLE = tuple(0 if k % 9 in (0, 8) else 1 for k in range(_HONOURS))
_SUIT_OF = tuple(Tile(k).suit for k in range(N_KINDS))
_NEAR = {k: tuple(j for j in range(27) if j != k and j // 9 == k // 9 and abs(j - k) <= 2) for k in range(27)}


def _held(hand: Sequence[Tile]) -> list[int]:
    """How many of each kind the hand holds (flowers never are in a hand), read once per choice."""
    held = [0] * N_KINDS
    for tile in hand:
        held[tile.kind] += 1
    return held


def _usefulness(tile: Tile, held: Sequence[int], valued: frozenset[Tile]) -> int:
    """How much a tile helps its neighbours: copies held, and nearby tiles of its suit (`held`: the
    hand's count of each kind)."""
    return _usefulness_of(tile.kind, held, frozenset(t.kind for t in valued))


def _usefulness_of(kind: int, held: Sequence[int], valued: frozenset[int]) -> int:
    """`_usefulness` of the tile of `kind`, the valued honours given by kind (no Tile read or hashed)."""
    copies = held[kind]
    if kind >= _HONOURS:
        return 3 * copies + (2 if kind in valued or kind in DRAGONS else 0)
    return 3 * copies + sum(map(held.__getitem__, _NEAR[kind])) + _MIDDLE[kind]


def _best_after_claim(rest: Sequence[Tile], melds: Sequence[Meld]) -> int:
    """向听 after a claim: the rest of the hand, minus its best discard."""
    if len(rest) % 3 == 1:
        return shanten_of(rest, melds)
    if len(rest) % 3 == 2:
        after = discard_shanten(rest, shapes=_shapes(melds))  # the counts read once, one changed per discard
        # No discard leaves fewer steps than the whole hand (nor fewer than ready, 0): the first
        # discard reaching that floor is the best.
        floor = max(after(None), 0)
        best = None
        for tile in dict.fromkeys(rest):
            steps = after(tile)
            if steps <= floor:
                return steps
            if best is None or steps < best:
                best = steps
        assert best is not None  # a 3k+2 hand holds a tile
        return best
    return min(shanten_of([t for j, t in enumerate(rest) if j != i], melds) for i in range(len(rest)))


def wants_pong(concealed: Sequence[Tile], melds: Sequence[Meld], tile: Tile, valued: frozenset[Tile]) -> bool:
    """碰 this discard? Always for a valued honour; otherwise when it fits the plan and helps."""
    target = choose_target(concealed, melds)
    if tile in valued or tile.kind in DRAGONS:
        return True
    if not target.fits(tile):
        return False
    if target.plan == Plan.ALL_PONGS:
        return True
    after = Meld(MeldKind.PUNG, (tile, tile, tile))
    return _best_after_claim(rules.without(concealed, tile, tile), [*melds, after]) < shanten_of(concealed, melds)


def wants_chow(concealed: Sequence[Tile], melds: Sequence[Meld], tile: Tile, pair: tuple[Tile, Tile]) -> bool:
    """吃 this discard with `pair`? Only when it fits the plan (never for 碰碰胡) and helps."""
    target = choose_target(concealed, melds)
    if target.plan == Plan.ALL_PONGS or not target.fits(tile):
        return False
    after = Meld(MeldKind.CHOW, tuple(sorted((tile, *pair))))
    return _best_after_claim(rules.without(concealed, *pair), [*melds, after]) < shanten_of(concealed, melds)


def wants_kong(concealed: Sequence[Tile], melds: Sequence[Meld], tile: Tile) -> bool:
    """杠 (on a discard, concealed or added)? When the hand is no further from ready without the four."""
    held = sum(1 for t in concealed if t == tile)
    if held == 1:  # 加杠: the pong is already down; the fourth tile is dead weight
        return True
    rest = [t for t in concealed if t != tile]
    after = [*melds, Meld(MeldKind.KONG, (tile,) * 4, concealed=held == 4)]
    before = shanten_of(concealed, melds) if held == 4 else _best_after_claim([*concealed, tile], melds)
    now = _best_after_claim(rest, after) if len(rest) % 3 == 2 else shanten_of(rest, after)
    return now <= before


def accept_discard_win(fan: int, concealed: Sequence[Tile], melds: Sequence[Meld], *, tiles_left: int) -> bool:
    """Take a discard win? A 0-番 one is declined while the wall is long and a bigger plan is on."""
    if fan > 0 or tiles_left <= EARLY_TILES_LEFT:
        return True
    return choose_target(concealed, melds).plan == Plan.FAST
