"""Judging a move from what one seat can see: efficiency (向听, 有效牌) and danger (放炮).

The bots and the hand review share these judgements, so both agree on what a good
move is. Everything here is a pure function of a `Sight`: the part of a hand one
seat can see (what `engine.view.view(state, seat)` shows it), never another hand
or the wall order.

Public API (kept stable: extend, do not rename):

- `Sight`, `sight(state, seat)`: what a seat sees, as values; `Sight.live(tile)` the
  copies of a tile it cannot see (still in the wall or in other hands).
- `shanten(tiles, gold, shapes)`: 向听 of 3k+1 or 3k+2 concealed tiles (-1 complete,
  0 ready), golds as wildcards and 白板 as the gold's face; the same number as
  `engine.waits.shanten` (less its rare "ready only on tiles it holds all four of"
  correction, which `Efficiency.count == 0` shows instead), computed incrementally.
- `efficiency(tiles, sight)`: for 3k+1 concealed tiles, the shanten and the live tiles
  whose draw lowers it (进张), counted from what the seat can see.
- `ready_odds(sight, seat)`: the chance another seat is ready, from its public play.
- `danger(sight, tile)`: the estimated chance that discarding `tile` now deals in
  (放炮), summed over the opponents that may win on it, 包 liabilities included.
- `rank_discards(sight)`: every distinct discard with its shanten, 进张 and danger,
  best for efficiency first; `best_discard(sight)`: what a careful player throws,
  weighing the win it keeps against the deal-in it risks (and folding, 弃和, when far
  from ready against a likely-ready opponent).

The danger model is a heuristic, documented where it is computed: tiles another seat
let pass since its last discard are nearly safe against it, its own discards safer,
honours and terminals safer than middle tiles, 筋 (suji) halves the risk of a number
tile, and a kind mostly seen cannot be a pair or pung wait. A seat in 游金/双游 never
wins on a discard, and while anyone is in 双游 nobody does (only 自摸).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from typing import Any

from engine.hand import HandState, flow_hooks
from engine.hand_rules import shapes_for
from engine.shapes import ORPHANS, Shape
from engine.sheet import Meld, MeldKind
from engine.tiles import BAIBAN, DRAGONS, N_KINDS, WINDS, Tile

# the per-suit block tables behind engine.waits.shanten, and its exact reading of a hand holding four of a kind
from engine.waits import (
    SPARE_GOLDS,
    _full_standard_usable,
    _key,
    _pair_blocks,
    _suit_rows,
    _suit_usable,
    best_with_pair,
    pooled,
)

_KIND_OF = attrgetter("kind")

__all__ = [
    "DiscardChoice",
    "Discards",
    "Efficiency",
    "Sight",
    "best_discard",
    "danger",
    "efficiency",
    "judge_discards",
    "rank_discards",
    "ready_odds",
    "shanten",
    "sight",
]


# ====================================================================== what a seat sees


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


# ====================================================================== 向听, incrementally

# Suit layout: (first kind, kinds, chows allowed). A tile changes one suit's key only.
_SUITS = ((0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False))
_SUIT_OF = tuple(min(k // 9, 3) for k in range(N_KINDS))
_POW5 = tuple(5 ** (k - _SUITS[_SUIT_OF[k]][0]) for k in range(N_KINDS))
_Row = tuple[tuple[int, ...], tuple[int, ...]]


@lru_cache(maxsize=1 << 14)
def _row(suit: int, key: int) -> _Row:
    """One suit's most usable real tiles in m set-blocks (m = 0..5), without and with the pair-block.

    A block spans at most three kinds, so runs of tiles apart by two empty kinds (honours:
    every kind) are independent: each run's row comes from engine.waits' table by its shape
    alone (shifted to the suit's start), and the runs merge. Far fewer shapes than keys."""
    _, n, chows = _SUITS[suit]
    row: _Row | None = None
    for run in _runs(key, n, chows):
        part: _Row = _suit_usable(run, n, chows)
        row = part if row is None else _merge(row, part)
    return row if row is not None else _suit_usable(0, n, chows)  # type: ignore[no-any-return]


def _runs(key: int, n: int, chows: bool) -> list[int]:
    """The suit's independent runs, each as a key starting at the suit's first kind."""
    runs: list[int] = []
    digits = []
    for _ in range(n):
        key, d = divmod(key, 5)
        digits.append(d)
    current = 0
    place = 1
    gap = 0
    for d in digits:
        if d:
            if current and (gap >= 2 or not chows):
                runs.append(current)
                current, place = 0, 1
            elif current:
                place *= 5**gap
            current += d * place
            place *= 5
            gap = 0
        elif current:
            gap += 1
    if current:
        runs.append(current)
    return runs


@lru_cache(maxsize=1 << 14)
def _merge(a: _Row, b: _Row) -> _Row:
    """Two suits' rows as one (max-plus over how many set-blocks each takes). Memoized: real hands'
    rows are few (a row counts usable tiles, not which), so most merges are asked again."""
    a0, a1 = a
    b0, b1 = b
    m0 = []
    m1 = []
    for m in range(6):
        best0 = best1 = 0
        for i in range(m + 1):
            j = m - i
            x = a0[i] + b0[j]
            y = a1[i] + b0[j]
            z = a0[i] + b1[j]
            if x > best0:
                best0 = x
            if y > best1:
                best1 = y
            if z > best1:
                best1 = z
        m0.append(best0)
        m1.append(best1)
    return pooled((tuple(m0), tuple(m1)))


def _final(a: _Row, b: _Row, k: int) -> int:
    """Most real tiles usable in k set-blocks plus the pair-block, over two rows."""
    return best_with_pair(a, b, k)


class _Hand:
    """A hand as face counts plus golds, with its four suit keys and its count histogram
    (how many kinds it holds 1, 2, 3, 4 of: all the pair shapes read), for cheap one-tile changes.

    `others[s]` is the merged row of every suit but s: a change in suit s then costs one row
    look-up and one `_final` (the per-suit incremental 向听). A hand holding four of a kind is
    read exactly by engine.waits (no fifth copy; in a gold game, `gold_in_play`, golds may
    stand for one)."""

    __slots__ = ("_others", "counts", "golds", "hist", "keys", "orphans", "pairs", "size", "spare")

    def __init__(self, counts: list[int], golds: int, shapes: frozenset[Shape], gold_in_play: bool = False) -> None:
        self.counts = counts
        self.golds = golds
        self.spare = SPARE_GOLDS if gold_in_play or golds else 0
        self.keys = [_key(counts, base, n) for base, n, _ in _SUITS]
        self.size = sum(counts) + golds
        self.pairs = shapes & _PAIR_SHAPES
        self.orphans = Shape.THIRTEEN_ORPHANS in shapes
        hist = [0] * 6
        for n in counts:
            hist[n] += 1
        self.hist = hist
        self._others: list[_Row] | None = None

    def copy(self) -> _Hand:
        other = _Hand.__new__(_Hand)
        other.counts, other.golds, other.keys = list(self.counts), self.golds, list(self.keys)
        other.size, other.pairs, other.orphans, other.hist = self.size, self.pairs, self.orphans, list(self.hist)
        other.spare = self.spare
        other._others = None
        return other

    def add(self, kind: int, delta: int) -> None:
        """Add (delta 1) or remove (delta -1) one copy of face `kind`."""
        n = self.counts[kind]
        self.hist[n] -= 1
        self.hist[n + delta] += 1
        self.counts[kind] = n + delta
        self.keys[_SUIT_OF[kind]] += delta * _POW5[kind]
        self.size += delta
        self._others = None

    def others(self) -> list[_Row]:
        if self._others is None:
            r0, r1, r2, r3 = (_row(i, key) for i, key in enumerate(self.keys))
            low, high = _merge(r0, r1), _merge(r2, r3)
            self._others = [_merge(r1, high), _merge(r0, high), _merge(low, r3), _merge(low, r2)]
        return self._others

    def shanten(self) -> int:
        return self.shanten_plus(None, 0)

    def shanten_plus(self, kind: int | None, delta: int = 1) -> int:
        """向听 with `delta` (1 or -1) copies of face `kind` more (None: as it is)."""
        size = self.size
        if kind is None:
            suit, key = 0, self.keys[0]
        else:
            size += delta
            suit = _SUIT_OF[kind]
            key = self.keys[suit] + delta * _POW5[kind]
        target = size + 1 if size % 3 == 1 else size
        usable = _final(_row(suit, key), self.others()[suit], target // 3)
        if self._fours(kind, delta):
            usable = self._exact_usable(kind, delta, target // 3)
        if self.pairs or self.orphans:
            usable = max(usable, self._special(kind, delta, target))
        return target - self.golds - usable - 1

    def _fours(self, kind: int | None, delta: int) -> int:
        """Kinds held four times once `delta` copies of `kind` are added."""
        if kind is None:
            return self.hist[4]
        n = self.counts[kind]
        return self.hist[4] - (n == 4) + (n + delta == 4)

    def _exact_usable(self, kind: int | None, delta: int, k: int) -> int:
        if kind is not None:
            self.counts[kind] += delta
        try:
            return _full_standard_usable(self.counts, k, self.spare)
        finally:
            if kind is not None:
                self.counts[kind] -= delta

    def _special(self, kind: int | None, delta: int, target: int) -> int:
        h = self.hist
        if kind is not None:
            n = self.counts[kind]
            h = list(h)
            h[n] -= 1
            h[n + delta] += 1
        best = _pairs_usable(h[1], h[2], h[3], h[4], target, self.pairs, self.spare) if self.pairs else 0
        if self.orphans and target == 14:
            if kind is not None:
                self.counts[kind] += delta
            best = max(best, _orphans_usable(self.counts))
            if kind is not None:
                self.counts[kind] -= delta
        return best


_PAIR_SHAPES = frozenset({Shape.SEVEN_PAIRS, Shape.PINGHE_PAIRS})


@lru_cache(maxsize=4096)
def _pairs_usable(h1: int, h2: int, h3: int, h4: int, target: int, shapes: frozenset[Shape], spare: int = 0) -> int:
    """Most real tiles usable in 七对 (14) or 对对胡 (7 pairs + 1 triplet, 17), from the count
    histogram (h_n kinds held n times); four of a kind is two pairs. Beside a triplet of a kind
    held four times the fourth copy's pair needs a fifth: only a spare (a gold) stands for it."""
    pairs, singles = _pair_blocks(h1, h2, h3, h4)
    if target == 14 and Shape.SEVEN_PAIRS in shapes:
        return _top_pairs(pairs, singles, 7)
    if target != 17 or Shape.PINGHE_PAIRS not in shapes:
        return 0
    best = _top_pairs(pairs, singles, 7)
    for n, held in ((1, h1), (2, h2), (3, h3), (4, h4)):
        for r in range(1, min(n, 3) + 1) if held else ():  # r real tiles in the triplet block
            rest = n - r
            if n == 4 and not spare:  # beside the triplet the fourth copy would need a fifth
                if r < 3:
                    continue
                rest = 0
            p = pairs - (n >> 1) + (rest >> 1)
            s = singles - (n & 1) + (rest & 1)
            best = max(best, r + _top_pairs(p, s, 7))
    return best


def _top_pairs(pairs: int, singles: int, blocks: int) -> int:
    full = min(pairs, blocks)
    return 2 * full + min(singles, blocks - full)


def _orphans_usable(c: Sequence[int]) -> int:
    """十三幺 (九莲宝灯 is a standard hand too, so the standard shape covers it)."""
    present = sum(1 for k in ORPHANS if c[k])
    return present + (1 if any(c[k] >= 2 for k in ORPHANS) else 0)


def _faces(tiles: Iterable[Tile], gold: Tile | None) -> tuple[list[int], int]:
    """Face counts and golds, as engine.shapes.face_counts (白板 plays as the gold's face)."""
    counts = [0] * N_KINDS
    golds = 0
    for t in tiles:
        if gold is not None and t.kind == gold.kind:
            golds += 1
        else:
            counts[_face_kind(t.kind, gold)] += 1
    return counts, golds


def _face_kind(kind: int, gold: Tile | None) -> int:
    return gold.kind if gold is not None and kind == BAIBAN and gold.kind != BAIBAN else kind


def _hand(tiles: Iterable[Tile], gold: Tile | None, shapes: frozenset[Shape]) -> _Hand:
    counts, golds = _faces(tiles, gold)
    return _Hand(counts, golds, shapes, gold is not None)


def shanten(tiles: Sequence[Tile], gold: Tile | None, shapes: frozenset[Shape]) -> int:
    """向听 of 3k+1 or 3k+2 concealed tiles: -1 complete, 0 ready (see the module docstring)."""
    return _hand(tiles, gold, shapes).shanten()


# ====================================================================== efficiency (进张)


@dataclass(frozen=True, slots=True)
class Efficiency:
    """How far a 3k+1 hand is from ready and what shortens it, counted from what the seat sees."""

    shanten: int  # 0 ready (听牌), 1 one useful tile away, ...
    tiles: tuple[Tile, ...]  # the kinds whose draw lowers shanten (进张; when ready, the waits), live ones
    count: int  # their live copies (有效牌数)


def efficiency(tiles: Sequence[Tile], sight: Sight) -> Efficiency:
    """The shanten of 3k+1 concealed `tiles` (with the seat's gold and shapes) and its live 进张."""
    return _efficiency(_hand(tiles, sight.gold, sight.shapes), sight)


def _efficiency(hand: _Hand, sight: Sight) -> Efficiency:
    now = hand.shanten()
    gold = sight.gold
    seen = sight.seen
    counts = hand.counts
    isolated: int | None = None  # the shanten after drawing a tile that joins nothing: the same for all such
    useful: list[Tile] = []
    total = 0
    for kind in range(N_KINDS):
        live = 4 - seen[kind]
        if live <= 0:
            continue
        if gold is not None and kind == gold.kind:
            after = now - 1  # a wildcard more: one step closer, whatever the hand
        else:
            face = _face_kind(kind, gold)
            if counts[face] >= 4:
                continue
            if _joins_nothing(counts, face, hand.orphans):
                if isolated is None:
                    isolated = hand.shanten_plus(face)
                after = isolated
            else:
                after = hand.shanten_plus(face)
        if after < now:
            useful.append(Tile(kind))
            total += live
    return Efficiency(now, tuple(useful), total)


_ORPHAN_SET = frozenset(ORPHANS)


def _joins_nothing(counts: Sequence[int], face: int, orphans: bool) -> bool:
    """A face with no copy held and no held tile of its suit within two: it can only start a block
    (and 十三幺 treats its kinds apart)."""
    if counts[face] or (orphans and face in _ORPHAN_SET):
        return False
    if face >= 27:
        return True
    lo = face - face % 9
    return not any(counts[k] for k in range(max(lo, face - 2), min(lo + 9, face + 3)))


# The same 进张, for every discard of a 3k+2 hand at once (the hand review's hot path). Per suit, one
# memoized look-up says which added faces raise the hand's usable tiles: a function of the suit's
# key, the merged row of the other suits and the block count, which real hands share a lot.


@lru_cache(maxsize=1 << 14)
def _additions(suit: int, key: int) -> tuple[tuple[_Row, int], ...]:
    """The suit's rows once one more copy of a face is added (faces held four times skipped), each
    distinct row with the bit mask of the faces giving it: far fewer rows than faces."""
    _, n, chows = _SUITS[suit]
    digits = []
    rest = key
    for _ in range(n):
        rest, digit = divmod(rest, 5)
        digits.append(digit)
    rows: dict[_Row, int] = {}
    apart: _Row | None = None  # a tile two kinds or more from any held one is a run of its own
    place = 1
    for j in range(n):
        if digits[j] < 4:
            if any(digits[max(0, j - 2) : j + 3] if chows else digits[j : j + 1]):
                row = _row(suit, key + place)
            else:
                if apart is None:
                    apart = _merge(_row(suit, key), _row(suit, 1))
                row = apart
            rows[row] = rows.get(row, 0) | 1 << j
        place *= 5
    return tuple(rows.items())


@lru_cache(maxsize=1 << 14)
def _gains(suit: int, key: int, others: _Row, k: int) -> tuple[int, int]:
    """(the most real tiles usable in k set-blocks and the pair, the standard reading of the suit's
    key beside the other suits' merged row; bit j set: one more copy of the suit's j-th face uses
    one tile more). Faces held four times skipped; a fourth copy is read as the standard rows do."""
    finals = _FINALS
    row = _row(suit, key)
    now = finals.get((row, others, k))
    if now is None:
        now = finals[row, others, k] = _final(row, others, k)
    mask = 0
    for row, faces in _additions(suit, key):
        value = finals.get((row, others, k))
        if value is None:
            value = finals[row, others, k] = _final(row, others, k)
        if value > now:
            mask |= faces
    if len(finals) > _FINALS_KEPT:
        finals.clear()
    return now, mask


# _final of (a suit's row, the other suits' merged row, k), shared by _gains: rows are few, so the
# same pair comes back across keys (9 in 10 asked again). Emptied when it grows past this.
_FINALS: dict[tuple[_Row, _Row, int], int] = {}
_FINALS_KEPT = 1 << 14


@lru_cache(maxsize=1 << 14)
def _count_masks(suit: int, key: int) -> tuple[int, int, int, int, int]:
    """Per count 0..4, the bit mask of the suit's faces held that many times."""
    _, n, _ = _SUITS[suit]
    masks = [0, 0, 0, 0, 0]
    for j in range(n):
        key, digit = divmod(key, 5)
        masks[digit] |= 1 << j
    return masks[0], masks[1], masks[2], masks[3], masks[4]


_FACE_BIT = tuple(1 << (k - _SUITS[_SUIT_OF[k]][0]) for k in range(N_KINDS))
_ORPHAN_MASK = tuple(sum(_FACE_BIT[k] for k in ORPHANS if _SUIT_OF[k] == s) for s in range(4))
_SUIT_TILES = tuple(tuple(Tile(k) for k in range(base, base + n)) for base, n, _ in _SUITS)
_MASK_TILES = tuple(
    tuple(tuple(t for j, t in enumerate(tiles) if mask >> j & 1) for mask in range(1 << len(tiles)))
    for tiles in _SUIT_TILES
)


class _Discards:
    """The 进张 of a 3k+2 hand's discards, each read from the hand's counts with one face less (a
    suit's key changes, the other suits' merged rows are shared): the same Efficiency as
    `_efficiency(_without(hand, tile, gold), sight)`, which a hand left holding four of a kind (the
    exact reading) still takes. Per suit the added faces that use one tile more are one memoized
    look-up (`_gains`), the pair shapes' by how many copies a face has, and the live copies are
    counted over bit masks."""

    def __init__(self, hand: _Hand, sight: Sight) -> None:
        self.hand = hand
        self.sight = sight
        gold = sight.gold
        self.gold_kind = -1 if gold is None else gold.kind
        self.gold_suit = -1 if gold is None else _SUIT_OF[gold.kind]
        self.baiban = gold is not None and gold.kind != BAIBAN  # 白板 plays as the gold's face
        live = [0, 0, 0, 0]
        for kind, n in enumerate(sight.seen):
            if n < 4:
                live[_SUIT_OF[kind]] |= _FACE_BIT[kind]
        self.live = live
        self.totals: dict[tuple[int, int], int] = {}
        self.pairs_by_hist: dict[tuple[int, int, int, int], tuple[int, tuple[int, int, int, int]]] = {}
        self.fast = hand.size % 3 == 2
        if self.fast:
            keys = hand.keys
            rows = [_row(i, key) for i, key in enumerate(keys)]
            self.others = hand.others()
            self.counts = [_count_masks(s, key) for s, key in enumerate(keys)]
            self.gains_by_row: dict[tuple[int, _Row], list[tuple[int, int]]] = {}
            pairs = {}
            for a in range(4):
                for b in range(a + 1, 4):
                    c, d = (x for x in range(4) if x not in (a, b))
                    pairs[a, b] = pairs[b, a] = _merge(rows[c], rows[d])
            self.pairs = pairs

    def efficiency(self, tile: Tile) -> Efficiency:
        hand = self.hand
        kind = tile.kind
        if not self.fast:
            return _efficiency(_without(hand, tile, self.sight.gold), self.sight)
        keys = list(hand.keys)
        hist = hand.hist
        golds = hand.golds
        target = hand.size
        k = target // 3
        row: _Row | None = None
        if kind == self.gold_kind:
            if hist[4]:
                return _efficiency(_without(hand, tile, self.sight.gold), self.sight)
            golds -= 1
            changed = -1
            gains = [_gains(s, keys[s], self.others[s], k) for s in range(4)]
        else:
            face = _face_kind(kind, self.sight.gold)
            n = hand.counts[face]
            if hist[4] - (n == 4):
                return _efficiency(_without(hand, tile, self.sight.gold), self.sight)
            hist = list(hist)
            hist[n] -= 1
            hist[n - 1] += 1
            changed = _SUIT_OF[face]
            keys[changed] -= _POW5[face]
            row = _row(changed, keys[changed])
            shared = self.gains_by_row.get((changed, row))  # the other suits' answers, the same for this row
            if shared is None:
                pairs = self.pairs
                shared = self.gains_by_row[changed, row] = [
                    (0, 0) if b == changed else _gains(b, keys[b], _merge(row, pairs[changed, b]), k) for b in range(4)
                ]
            gains = list(shared)
            gains[changed] = _gains(changed, keys[changed], self.others[changed], k)
        std = gains[0][0]
        counts = self.counts
        if changed >= 0:
            counts = list(counts)
            counts[changed] = _count_masks(changed, keys[changed])
        usable = std
        special = [0, 0, 0, 0]
        if hand.pairs:
            pairs_now, by_count = self._pairs_of(hist, target)
            usable = max(usable, pairs_now)
        orphans = hand.orphans and target == 14
        if orphans:
            present = sum(((c[1] | c[2] | c[3] | c[4]) & _ORPHAN_MASK[s]).bit_count() for s, c in enumerate(counts))
            paired = 1 if any((c[2] | c[3] | c[4]) & _ORPHAN_MASK[s] for s, c in enumerate(counts)) else 0
            usable = max(usable, present + paired)
        if hand.pairs:
            for s in range(4):
                c = counts[s]
                special[s] = sum(c[n] for n in range(4) if by_count[n] > usable)
        if orphans:
            for s in range(4):
                c = counts[s]
                om = _ORPHAN_MASK[s]
                if present + paired > usable:
                    special[s] |= 511 & ~om
                if present + 1 + paired > usable:
                    special[s] |= c[0] & om
                if present + 1 > usable:
                    special[s] |= (c[1] | c[2] | c[3]) & om
        now = target - golds - usable - 1
        useful: tuple[Tile, ...] = ()
        total = 0
        gold_face = False  # whether one more of the gold's face helps (白板 plays as it)
        for s in range(4):
            reached, mask = gains[s]
            c = counts[s]
            faces = mask if reached == usable else 0
            exact = faces & c[3] & ~special[s]  # a fourth copy: the exact reading
            faces = (faces | special[s]) & ~c[4]
            while exact:  # the suit alone holds four of a kind: its rows with every spare (a gold) for it
                bit = exact & -exact
                exact ^= bit
                place = _POW5[_SUITS[s][0] + bit.bit_length() - 1]
                _, n_kinds, chows = _SUITS[s]
                full = _suit_rows(keys[s] + place, bit, n_kinds, chows)[hand.spare]
                others = self.others[s] if row is None or s == changed else _merge(row, self.pairs[changed, s])
                if _final(full, others, k) <= usable:
                    faces &= ~bit
            if s == self.gold_suit:
                gold_face = bool(faces & _FACE_BIT[self.gold_kind])
                faces |= _FACE_BIT[self.gold_kind]  # a wildcard more: one step closer, whatever the hand
            if s == 3 and self.baiban:  # no 白板 face: the tile plays as the gold's
                faces = faces | _FACE_BIT[BAIBAN] if gold_face else faces & ~_FACE_BIT[BAIBAN]
            faces &= self.live[s]
            if faces:
                useful += _MASK_TILES[s][faces]
                total += self._total(s, faces)
        return Efficiency(now, useful, total)

    def shanten(self, tile: Tile) -> int:
        """`_shanten_without(hand, tile, gold)`: the shanten the discard leaves, from the one suit look-up
        its 进张 reads too (a hand left holding four of a kind goes the long way)."""
        hand = self.hand
        kind = tile.kind
        gold = self.sight.gold
        if not self.fast:
            return _shanten_without(hand, tile, gold)
        hist = hand.hist
        golds = hand.golds
        target = hand.size
        k = target // 3
        counts = self.counts
        if kind == self.gold_kind:
            if hist[4]:
                return _shanten_without(hand, tile, gold)
            golds -= 1
            std = _gains(0, hand.keys[0], self.others[0], k)[0]
        else:
            face = _face_kind(kind, gold)
            n = hand.counts[face]
            if hist[4] - (n == 4):
                return _shanten_without(hand, tile, gold)
            hist = list(hist)
            hist[n] -= 1
            hist[n - 1] += 1
            changed = _SUIT_OF[face]
            key = hand.keys[changed] - _POW5[face]
            std = _gains(changed, key, self.others[changed], k)[0]
            if hand.orphans:
                counts = list(counts)
                counts[changed] = _count_masks(changed, key)
        usable = std
        if hand.pairs:
            usable = max(usable, self._pairs_of(hist, target)[0])
        if hand.orphans and target == 14:
            present = sum(((c[1] | c[2] | c[3] | c[4]) & _ORPHAN_MASK[s]).bit_count() for s, c in enumerate(counts))
            paired = 1 if any((c[2] | c[3] | c[4]) & _ORPHAN_MASK[s] for s, c in enumerate(counts)) else 0
            usable = max(usable, present + paired)
        return target - golds - usable - 1

    def _pairs_of(self, hist: list[int], target: int) -> tuple[int, tuple[int, int, int, int]]:
        """The pair shapes' usable tiles of a count histogram, and with one more copy of a face held
        0..3 times: a discard changes the histogram only by the count of its face, so few per decision."""
        h1, h2, h3, h4 = hist[1], hist[2], hist[3], hist[4]
        found = self.pairs_by_hist.get((h1, h2, h3, h4))
        if found is None:
            spare, shapes = self.hand.spare, self.hand.pairs
            found = self.pairs_by_hist[h1, h2, h3, h4] = (
                _pairs_usable(h1, h2, h3, h4, target, shapes, spare),
                (
                    _pairs_usable(h1 + 1, h2, h3, h4, target, shapes, spare),
                    _pairs_usable(h1 - 1, h2 + 1, h3, h4, target, shapes, spare),
                    _pairs_usable(h1, h2 - 1, h3 + 1, h4, target, shapes, spare),
                    _pairs_usable(h1, h2, h3 - 1, h4 + 1, target, shapes, spare),
                ),
            )
        return found

    def _total(self, suit: int, faces: int) -> int:
        total = self.totals.get((suit, faces))
        if total is None:
            seen = self.sight.seen
            base = _SUITS[suit][0]
            total = sum(4 - seen[base + j] for j in range(_SUITS[suit][1]) if faces >> j & 1)
            self.totals[suit, faces] = total
        return total


# ====================================================================== danger (放炮)

# A ready hand's chance to wait on a tile, by kind of tile (two waits of ~34 kinds, middle tiles likelier).
_WAIT_SHARE_HONOR = 0.08
_WAIT_SHARE_TERMINAL = 0.10
_WAIT_SHARE_NEAR_TERMINAL = 0.13  # 2 and 8
_WAIT_SHARE_MIDDLE = 0.16  # 3 to 7
_PASSED_FACTOR = 0.05  # let pass since its last discard (it did not win on it)
_OWN_RIVER_FACTOR = 0.3  # in its own river (no 振听 here, but a tile thrown is rarely waited on)
_SUJI_FACTOR = 0.5  # 筋: the tiles three away are in its river (two-sided waits ruled out)
_LIABILITY_CLAIM = 0.25  # chance a seat one set from a 包 hand can claim a tile it needs


def ready_odds(sight: Sight, seat: int) -> float:
    """The chance `seat` is ready (听牌), from its public play: 报听 and 游金 are sure;
    otherwise it grows with its discards and its declared sets (a hand of 17 tiles more slowly)."""
    if sight.declared[seat] or sight.you[seat] >= 1:
        return 1.0
    sets = max(4, (len(sight.hand) + 3 * len(sight.melds) - 2) // 3)
    progress = (0.06 * len(sight.rivers[seat]) + 0.25 * sight.meld_counts[seat]) * 4 / sets
    return min(0.9, 0.02 + progress * progress)


def danger(sight: Sight, tile: Tile) -> float:
    """Estimated chance (0..1, a weight above 1 for 包) that discarding `tile` now deals in."""
    if any(level >= 2 for level in sight.you):
        return 0.0  # 双游: everyone else may only win by 自摸
    if sight.gold is not None and tile == sight.gold:
        return 0.0  # a discarded gold is never won on (nanping; pinghe only discards it in 双游)
    total = 0.0
    for other in range(sight.n_seats):
        if other == sight.seat:
            continue
        if sight.you[other] == 0:
            total += ready_odds(sight, other) * _wait_share(sight, other, tile) * sight.discard_win_share
        if sight.liability:
            total += _liability(sight, other, tile)
    if sight.last_tiles_bao and sight.drawable <= sight.last_tiles_bao:
        total *= 3  # the discarder pays everything the winner is owed
    return min(total, 3.0)


def _wait_share(sight: Sight, other: int, tile: Tile) -> float:
    """How likely a ready `other` waits on `tile` (see the module docstring for the reading)."""
    share = _base_share(tile)
    kind = tile.kind
    live = 4 - sight.seen[kind]
    if live <= 0:
        share *= 0.4  # every other copy seen: only a 单吊 or an edge/closed wait on it remains
    elif live == 1:
        share *= 0.7
    if tile in _passed_since(sight, other):
        share *= _PASSED_FACTOR
    elif tile in sight.rivers[other]:
        share *= _OWN_RIVER_FACTOR
    elif not tile.is_honor and _suji(sight.rivers[other], tile):
        share *= _SUJI_FACTOR
    return share


def _base_share(tile: Tile) -> float:
    if tile.is_honor:
        return _WAIT_SHARE_HONOR
    if tile.number in (1, 9):
        return _WAIT_SHARE_TERMINAL
    return _WAIT_SHARE_NEAR_TERMINAL if tile.number in (2, 8) else _WAIT_SHARE_MIDDLE


def _passed_since(sight: Sight, other: int) -> set[Tile]:
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


def _suji(river: Sequence[Tile], tile: Tile) -> bool:
    """筋: both tiles three away (those inside the suit) are in the river."""
    partners = [tile.kind + d for d in (-3, 3) if 1 <= tile.number + d <= 9]
    kinds = {t.kind for t in river}
    return all(k in kinds for k in partners)


def _dangers(sight: Sight, tiles: Iterable[Tile]) -> dict[Tile, float]:
    """`danger(sight, tile)` of each tile, the opponents' readiness and the tiles they let pass read
    once, tiles looked up by kind (the same arithmetic in the same order, so the same floats)."""
    if any(level >= 2 for level in sight.you):
        return dict.fromkeys(tiles, 0.0)
    gold = sight.gold
    share = sight.discard_win_share
    liability = sight.liability
    bao = bool(sight.last_tiles_bao and sight.drawable <= sight.last_tiles_bao)
    seats = []
    for other in range(sight.n_seats):
        if other == sight.seat:
            continue
        odds = ready_odds(sight, other) if sight.you[other] == 0 else None
        passed = {t.kind for t in _passed_since(sight, other)}
        seats.append((other, odds, passed, {t.kind for t in sight.rivers[other]}, _liabilities(sight, other)))
    seen = sight.seen
    out: dict[Tile, float] = {}
    for tile in tiles:
        if tile is gold:
            out[tile] = 0.0
            continue
        kind = tile.kind
        if kind >= N_KINDS:
            out[tile] = danger(sight, tile)
            continue
        live = 4 - seen[kind]
        base = _BASE_SHARE[kind]
        if live <= 0:
            base *= 0.4
        elif live == 1:
            base *= 0.7
        partners = _SUJI_PARTNERS[kind]
        total = 0.0
        for _other, odds, passed, kinds, bao_sets in seats:
            if odds is not None:
                w = base
                if kind in passed:
                    w *= _PASSED_FACTOR
                elif kind in kinds:
                    w *= _OWN_RIVER_FACTOR
                elif partners is not None and all(k in kinds for k in partners):
                    w *= _SUJI_FACTOR
                total += odds * w * share
            if liability:
                total += _liability_of(bao_sets, live, kind)
        if bao:
            total *= 3
        out[tile] = min(total, 3.0)
    return out


_BASE_SHARE = tuple(_base_share(Tile(k)) for k in range(N_KINDS))
# 筋 partners of a number tile (the tiles three away inside its suit); None for an honour
_SUJI_PARTNERS = tuple(
    None if Tile(k).is_honor else tuple(k + d for d in (-3, 3) if 1 <= Tile(k).number + d <= 9) for k in range(N_KINDS)
)


def _liabilities(sight: Sight, other: int) -> tuple[int, int, bool]:
    """What `_liability` reads of `other`'s sets: its dragon and wind pungs/kongs, and whether it has three sets."""
    sets_of = [m.tiles[0].kind for m in sight.exposed[other] if m.kind != MeldKind.CHOW]
    dragons = sum(1 for k in sets_of if k in DRAGONS)
    winds = sum(1 for k in sets_of if k in WINDS)
    return dragons, winds, sight.meld_counts[other] == 3


def _liability_of(sets: tuple[int, int, bool], live: int, kind: int) -> float:
    """`_liability` from `_liabilities` and the tile's live copies (the same values)."""
    if max(0, live) < 2:
        return 0.0
    dragons, winds, three = sets
    if kind in DRAGONS and dragons == 2:
        return _LIABILITY_CLAIM * 3
    if kind in WINDS and winds == 3:
        return _LIABILITY_CLAIM * 3
    if three:
        return _LIABILITY_CLAIM * 0.3
    return 0.0


def _liability(sight: Sight, other: int, tile: Tile) -> float:
    """包 (guangdong): a discard that `other` claims into its fourth declared set (12 tiles down),
    its third dragon set (大三元) or its fourth wind set (大四喜) makes the discarder pay for its
    self-draw, as if for all three. Weighted by the chance it holds the pair to pong."""
    melds = sight.exposed[other]
    if sight.live(tile) < 2:
        return 0.0  # it cannot hold two more copies to pong
    sets_of = [m.tiles[0].kind for m in melds if m.kind != MeldKind.CHOW]
    if tile.kind in DRAGONS and sum(1 for k in sets_of if k in DRAGONS) == 2:
        return _LIABILITY_CLAIM * 3
    if tile.kind in WINDS and sum(1 for k in sets_of if k in WINDS) == 3:
        return _LIABILITY_CLAIM * 3
    if sight.meld_counts[other] == 3:
        return _LIABILITY_CLAIM * 0.3  # any pong (or chow from the left) could be its fourth set
    return 0.0


# ====================================================================== choosing a discard


@dataclass(frozen=True, slots=True)
class DiscardChoice:
    """One candidate discard, judged: the hand left behind and the risk of the tile itself."""

    tile: Tile
    shanten: int  # of the hand left (0 ready)
    effective: int  # live 进张 of the hand left
    tiles: tuple[Tile, ...]  # the 进张 kinds (when ready: the waits)
    danger: float  # see `danger`

    @property
    def efficiency_key(self) -> tuple[int, int]:
        """Sort key, best first: lowest shanten, then most live 进张."""
        return (self.shanten, -self.effective)


def rank_discards(sight: Sight, candidates: Iterable[Tile] | None = None) -> tuple[DiscardChoice, ...]:
    """Every distinct discard (or those of `candidates`) of the seat's 3k+2 hand, best for
    efficiency first (ties: keep golds, then the lower danger, then the tile order)."""
    hand = _hand(sight.hand, sight.gold, sight.shapes)
    tiles = sorted(set(sight.hand if candidates is None else candidates))
    return _ordered(sight, [_judge(hand, sight, t) for t in tiles])


def _ordered(sight: Sight, choices: Iterable[DiscardChoice]) -> tuple[DiscardChoice, ...]:
    gold = sight.gold
    return tuple(sorted(choices, key=lambda c: (*c.efficiency_key, c.tile == gold, c.danger, c.tile)))


def _without(hand: _Hand, tile: Tile, gold: Tile | None) -> _Hand:
    after = hand.copy()
    if gold is not None and tile.kind == gold.kind:
        after.golds -= 1
        after.size -= 1
    else:
        after.add(_face_kind(tile.kind, gold), -1)
    return after


def _shanten_without(hand: _Hand, tile: Tile, gold: Tile | None) -> int:
    if gold is not None and tile.kind == gold.kind:
        return _without(hand, tile, gold).shanten()
    return hand.shanten_plus(_face_kind(tile.kind, gold), -1)


def _judge(hand: _Hand, sight: Sight, tile: Tile) -> DiscardChoice:
    eff = _efficiency(_without(hand, tile, sight.gold), sight)
    return DiscardChoice(tile, eff.shanten, eff.count, eff.tiles, danger(sight, tile))


def judge_discards(
    sight: Sight, candidates: Iterable[Tile] | None = None, shown: int | None = None
) -> tuple[tuple[DiscardChoice, ...], DiscardChoice]:
    """`(rank_discards(sight, candidates), best_discard(sight, candidates))` from one reading (see
    `Discards`); with `shown`, only the ranking's first `shown` choices."""
    judged = Discards(sight, candidates)
    return judged.ranked(shown), judged.careful()


class Discards:
    """The discards of the seat's 3k+2 hand (or `candidates`) judged as `rank_discards` and
    `best_discard` judge them, from one reading of the hand: each discard's shanten and danger
    once, its 进张 once and only when asked (the first choices of the ranking, the careful one,
    a given tile), counted suit by suit (`_Discards`). The same choices, the same ties."""

    def __init__(self, sight: Sight, candidates: Iterable[Tile] | None = None) -> None:
        hand = _hand(sight.hand, sight.gold, sight.shapes)
        self.tiles = sorted(set(sight.hand if candidates is None else candidates), key=_KIND_OF)
        if not self.tiles:
            raise ValueError("no discard to judge")
        self.sight = sight
        self.risks = _dangers(sight, self.tiles)
        self._reader = _Discards(hand, sight)
        self.steps = {t: self._reader.shanten(t) for t in self.tiles}
        self._choices: dict[Tile, DiscardChoice] = {}
        self._careful: DiscardChoice | None = None

    def choice(self, tile: Tile) -> DiscardChoice:
        """The judged discard of `tile` (one of the candidates)."""
        found = self._choices.get(tile)
        if found is None:
            eff = self._reader.efficiency(tile)
            found = self._choices[tile] = DiscardChoice(tile, eff.shanten, eff.count, eff.tiles, self.risks[tile])
        return found

    def ranked(self, shown: int | None = None) -> tuple[DiscardChoice, ...]:
        """`rank_discards`' order (its first `shown` choices): only discards whose shanten could
        place them there have their 进张 counted."""
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
        """`best_discard`: the same rough order, the same ceiling skipping the discards that cannot win."""
        if self._careful is not None:
            return self._careful
        sight = self.sight
        best: DiscardChoice | None = None
        best_value = -1e9
        ceilings: dict[int, float] = {}
        for steps, risk, kind in sorted((self.steps[t], self.risks[t], t.kind) for t in self.tiles):
            top = ceilings.get(steps)
            if top is None:
                top = ceilings[steps] = _win_ceiling(steps, sight)
            if top - DEAL_IN_COST * risk <= best_value:
                continue
            choice = self.choice(Tile(kind))
            value = win_chance(choice, sight) - DEAL_IN_COST * choice.danger
            if (
                best is None
                or value > best_value
                or (value == best_value and _ordered(sight, (choice, best))[0] is choice)
            ):
                best, best_value = choice, value
        assert best is not None
        self._careful = best
        return best


# Rough chance to win from a shanten (0 ready, 1, 2, ...) with a full wall, before 进张 scale it.
_WIN_CHANCE = (0.5, 0.28, 0.13, 0.05, 0.02)
_FULL_EFFECTIVE = 20  # 进张 beyond this hardly raise the chance
DEAL_IN_COST = 1.5  # a deal-in costs about this many wins' worth (the discarder pays; a win is also lost)


def win_chance(choice: DiscardChoice, sight: Sight) -> float:
    """A rough chance to win with the hand this discard leaves: by shanten and 进张, less as the wall runs out."""
    base = _WIN_CHANCE[min(choice.shanten, len(_WIN_CHANCE) - 1)] if choice.shanten >= 0 else 1.0
    reach = 0.5 + 0.5 * min(choice.effective, _FULL_EFFECTIVE) / _FULL_EFFECTIVE
    wall = min(1.0, sight.drawable / (12 * sight.n_seats))
    return base * reach * (0.4 + 0.6 * wall)


def best_discard(sight: Sight, candidates: Iterable[Tile] | None = None) -> DiscardChoice:
    """What a careful player discards: the most win kept for the deal-in risked.

    Value = win_chance - DEAL_IN_COST * danger; when every opponent is harmless this is
    plain efficiency, and far from ready against a likely-ready seat the safest tile wins
    (弃和, folding) because the win chances left are all small. Only the discards that
    could still come out best have their 进张 counted (the speed of the bots' turns)."""
    hand = _hand(sight.hand, sight.gold, sight.shapes)
    tiles = sorted(set(sight.hand if candidates is None else candidates))
    if not tiles:
        raise ValueError("no discard to judge")
    rough = sorted((_shanten_without(hand, t, sight.gold), danger(sight, t), t) for t in tiles)
    best: DiscardChoice | None = None
    best_value = -1e9
    for steps, risk, tile in rough:
        ceiling = _win_ceiling(steps, sight) - DEAL_IN_COST * risk
        if ceiling <= best_value:
            continue  # even with the most 进张 it cannot beat the best so far
        choice = _judge(hand, sight, tile)
        value = win_chance(choice, sight) - DEAL_IN_COST * choice.danger
        if best is None or value > best_value or (value == best_value and _ordered(sight, (choice, best))[0] is choice):
            best, best_value = choice, value
    assert best is not None
    return best


def _win_ceiling(steps: int, sight: Sight) -> float:
    """win_chance's most for a hand `steps` from ready (every 进张 it could have)."""
    top = DiscardChoice(Tile(0), steps, _FULL_EFFECTIVE, (), 0.0)
    return win_chance(top, sight)
