"""The standard shape's per-suit block rows behind shanten (向听), memoized and interned.

Per suit, `suit_usable` gives the most real tiles usable in m set-blocks (m = 0..5), without
and with the pair-block; a suit holding four of a kind is read by `suit_rows`, which counts the
places past a fourth copy each block reading leaves open (golds fill them in a gold game). The
suits' rows are merged (max-plus) over the block counts: `standard_usable` of a hand. Real hands
share few distinct rows, so rows are interned and each pair's merge is computed once.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from threading import Lock

from engine import _suits

__all__ = [
    "SPARE_GOLDS",
    "best_of_merged",
    "best_with_pair",
    "clear_rows",
    "full_standard_usable",
    "honor_row",
    "merged",
    "number_row",
    "pooled",
    "standard_usable",
    "suit_key",
    "suit_keys",
    "suit_rows",
    "suit_usable",
]

# In a gold game a gold drawn later can stand where no real tile can (a fifth copy of a kind
# the hand holds all four of); the game has four golds, so at most four such places.
SPARE_GOLDS = 4


def standard_usable(c: Sequence[int], target: int, spare: int = 0) -> int:
    """Most real tiles usable in k set-blocks plus one pair-block (k = target // 3).

    Per suit, `suit_usable` gives the best for each number of set-blocks, without and
    with the pair-block; the suits are then merged (max-plus) over the block counts.
    Real hands share few distinct rows (about a hundred over 20000 dealt 17-tile hands),
    so rows are interned and each pair's merge is computed once (`merged`).
    A suit holding four of a kind is read by `suit_rows` instead, which keeps count of
    the places only a fifth copy could fill (see `full_standard_usable`).
    """
    if 4 in c:
        return full_standard_usable(c, target // 3, spare)
    m, p, s, h = suit_keys(c)
    return best_of_merged(merged(number_row(m), number_row(p)), merged(number_row(s), honor_row(h)), target // 3)


def suit_keys(c: Sequence[int]) -> tuple[int, int, int, int]:
    """The four suits' base-5 keys of face counts (`suit_key` of each suit), written flat:
    `standard_usable` and every turn's discard reader ask it (engine.waits inlines the same)."""
    m = c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * (c[4] + 5 * (c[5] + 5 * (c[6] + 5 * (c[7] + 5 * c[8])))))))
    p = c[9] + 5 * (
        c[10] + 5 * (c[11] + 5 * (c[12] + 5 * (c[13] + 5 * (c[14] + 5 * (c[15] + 5 * (c[16] + 5 * c[17]))))))
    )
    s = c[18] + 5 * (
        c[19] + 5 * (c[20] + 5 * (c[21] + 5 * (c[22] + 5 * (c[23] + 5 * (c[24] + 5 * (c[25] + 5 * c[26]))))))
    )
    h = c[27] + 5 * (c[28] + 5 * (c[29] + 5 * (c[30] + 5 * (c[31] + 5 * (c[32] + 5 * c[33])))))
    return m, p, s, h


def suit_key(c: Sequence[int], base: int, n: int) -> int:
    """The base-5 key of the n kinds of counts `c` from kind `base` on (engine._suits)."""
    key = 0
    for k in range(base + n - 1, base - 1, -1):
        key = key * 5 + c[k]
    return key


# Memoized per suit key: a suit's keys are bounded (5**9) but far more than real hands use, so
# the memos keep the most recent 16,384 (about what 1,500 hands ask: a long-running worker levels off).
_MEMO_KEYS = 1 << 14

# Rows are few (a row counts usable tiles, not which: a few hundred in real play) but the memos
# keyed by suit keys hold one per key: the pool hands back one object per distinct row, so each
# memo entry costs a reference, not two tuples (a worker's review memos were ~2/3 row copies).
_POOL: dict[_Row, _Row] = {}
_POOL_KEPT = 1 << 15


def pooled(row: _Row) -> _Row:
    """The pool's object equal to `row` (`row` itself if new, or once the pool is full)."""
    found = _POOL.get(row)
    if found is not None:
        return found
    if len(_POOL) < _POOL_KEPT:
        _POOL[row] = row
    return row


# Interned rows: a suit key's row and a merged pair's are small ids into _ROWS.
_ROWS: list[_Row] = []
_ROW_IDS: dict[_Row, int] = {}
_MERGED: dict[int, int] = {}  # a << 20 | b -> the id of rows a and b merged
_BEST: dict[int, int] = {}  # (ab << 20 | de) << 3 | k -> `best_of_merged`
_INTERNING = Lock()  # engine calls may run on several threads (the tables' database pool)


def _intern(row: _Row) -> int:
    found = _ROW_IDS.get(row)
    if found is not None:
        return found
    with _INTERNING:
        if row not in _ROW_IDS:
            _ROWS.append(row)
            _ROW_IDS[row] = len(_ROWS) - 1
        return _ROW_IDS[row]


@lru_cache(maxsize=_MEMO_KEYS)
def number_row(key: int) -> int:
    """The interned row of a numbered suit's key: its runs' rows merged. Tiles two empty kinds
    apart share no block, so each run is read on its own, shifted to the suit's start: far
    fewer shapes than keys to compute the first time."""
    row = _EMPTY
    for run in _runs(key):
        row = merged(row, _intern(suit_usable(run, 9, True)))
    return row


@lru_cache(maxsize=_MEMO_KEYS)
def honor_row(key: int) -> int:
    """The interned row of the honours' key: honours make no chows, so each kind is a run."""
    row = _EMPTY
    while key:
        key, n = divmod(key, 5)
        if n:
            row = merged(row, _intern(suit_usable(n, 7, False)))
    return row


def _runs(key: int) -> list[int]:
    """A numbered suit's runs of tiles (apart by two empty kinds or more), each shifted to kind 0."""
    runs: list[int] = []
    run = place = gap = 0
    while key:
        key, n = divmod(key, 5)
        if not n:
            gap += 1
            continue
        if run and gap >= 2:
            runs.append(run)
            run = place = 0
        elif run:
            place += gap
        run += n * _suits.POW5[place]
        place += 1
        gap = 0
    if run:
        runs.append(run)
    return runs


def clear_rows() -> None:
    """Forget every memoized row (for a benchmark of a cold start; answers do not change).
    Not while another thread computes a shanten: its row ids would point into the emptied table."""
    with _INTERNING:
        for fn in (number_row, honor_row, suit_usable, suit_rows, _len):
            fn.cache_clear()
        _MERGED.clear()
        _BEST.clear()
        _ROW_IDS.clear()
        _ROWS[:] = [_EMPTY_ROW]
        _ROW_IDS[_EMPTY_ROW] = _EMPTY


def merged(a: int, b: int) -> int:
    """The interned row of rows a and b merged (for 0.._MAX_BLOCKS set-blocks), memoized."""
    if not b:  # the empty row (id 0): rows only grow with the block count, and with the pair-block,
        return a  # so merging with a row of zeros gives the same row, the same interned id
    if not a:
        return b
    pair = a << 20 | b
    found = _MERGED.get(pair)
    if found is None:
        m0, m1 = _merge2(_ROWS[a], _ROWS[b], _MAX_BLOCKS)
        if len(_MERGED) >= _MEMO_KEYS:
            _MERGED.clear()  # only the memo: the interned rows (and ids held elsewhere) stay
        found = _MERGED[pair] = _intern((tuple(m0), tuple(m1)))
    return found


def best_of_merged(ab: int, de: int, k: int) -> int:
    """`best_with_pair` of two interned rows (ids, two suits merged each) for k set-blocks,
    memoized: a hand's discards change one suit pair's row at a time, so the same two rows
    come back from discard to discard (two in three asks over 20 hands, four in five over 120)."""
    key = (ab << 20 | de) << 3 | k
    found = _BEST.get(key)
    if found is None:
        if len(_BEST) >= _MEMO_KEYS:
            _BEST.clear()  # ids stay valid: only the memo is dropped
        found = _BEST[key] = best_with_pair(_ROWS[ab], _ROWS[de], k)
    return found


def _best_of_rows(a: _Row, b: _Row, d: _Row, e: _Row, k: int) -> int:
    """Most usable tiles in k set-blocks plus the pair-block over four suits' rows (max-plus).

    Each row stops growing at its suit's last useful block count (`_len`), so the loops
    only run that far: most suits of a real hand hold a few tiles."""
    return best_with_pair(_merge2(a, b, k), _merge2(d, e, k), k)


def best_with_pair(a: tuple[Sequence[int], Sequence[int]], b: tuple[Sequence[int], Sequence[int]], k: int) -> int:
    """Most usable tiles in k set-blocks plus the pair-block over two rows (each: without, with the
    pair-block, by set-block count): the set-blocks shared out every way, the pair in either row."""
    a0, a1 = a
    b0, b1 = b
    best = 0
    for i in range(k + 1):
        x = a1[i] + b0[k - i]
        y = a0[i] + b1[k - i]
        if x > best:
            best = x
        if y > best:
            best = y
    return best


def _merge2(a: _Row, b: _Row, k: int) -> tuple[list[int], list[int]]:
    """Two suits' rows as one, for 0..k set-blocks."""
    a0, a1 = a
    b0, b1 = b
    la, lb = _len(a), _len(b)
    m0 = [0] * (k + 1)
    m1 = [0] * (k + 1)
    for m in range(k + 1):
        best0 = best1 = 0
        lo, hi = max(0, m - lb), min(m, la)  # beyond its length a row is flat: those splits lose nothing
        if lo > hi:
            lo = hi = la
        for i in range(lo, hi + 1):
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
        m0[m] = best0
        m1[m] = best1
    return m0, m1


@cache
def _len(row: _Row) -> int:
    """The block count from which a row no longer grows (more blocks there only add empty ones)."""
    r0, r1 = row
    n = _MAX_BLOCKS
    while n and r0[n - 1] == r0[n] and r1[n - 1] == r1[n]:
        n -= 1
    return n


def full_standard_usable(c: Sequence[int], k: int, spare: int) -> int:
    """standard_usable for a hand holding four of a kind: the suits with one are read by
    `suit_rows`, which counts the open places only a fifth copy could fill; `spare` such
    places (taken by golds) are shared out over those suits every way."""
    rows: list[_Row] = []
    full_rows: list[tuple[int, tuple[_Row, ...]]] = []
    for suit, (base, n, chows) in enumerate(_USABLE_SUITS):
        key = suit_key(c, base, n)
        full = sum(1 << j for j in range(n) if c[base + j] == 4)
        if full:
            full_rows.append((suit, suit_rows(key, full, n, chows)))
        rows.append(suit_usable(key, n, chows))
    best = 0
    for shares in _shares(len(full_rows), spare):
        for (suit, by_spare), share in zip(full_rows, shares, strict=True):
            rows[suit] = by_spare[share]
        best = max(best, _best_of_rows(rows[0], rows[1], rows[2], rows[3], k))
    return best


@cache
def _shares(parts: int, total: int) -> tuple[tuple[int, ...], ...]:
    """Every way to share `total` among `parts` (the rows only grow with their share, so all of it)."""
    if parts == 1:
        return ((total,),)
    return tuple((first, *rest) for first in range(total + 1) for rest in _shares(parts - 1, total - first))


_USABLE_SUITS = ((0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False))
_MAX_BLOCKS = 5  # 17 tiles: 5 sets + a pair
_Row = tuple[tuple[int, ...], tuple[int, ...]]  # (without, with the pair-block)[m set-blocks] -> usable tiles
_EMPTY_ROW: _Row = ((0,) * (_MAX_BLOCKS + 1), (0,) * (_MAX_BLOCKS + 1))
_EMPTY = _intern(_EMPTY_ROW)  # a suit without tiles (always id 0)


@lru_cache(maxsize=_MEMO_KEYS)
def suit_usable(key: int, n: int, chows: bool) -> _Row:
    """For one suit: most real tiles usable in m set-blocks (m = 0..5), without and with the pair-block.

    Blocks may be partial (a gold or a draw completes them) or empty, so the rows only grow with m.
    Every open place is taken to be fillable: exact unless the suit holds four of a kind
    (then `suit_rows`); a suit's kinds held three times or less never need a fifth copy.
    """
    if not key:
        return (0,) * (_MAX_BLOCKS + 1), (0,) * (_MAX_BLOCKS + 1)
    i, low = 0, key  # the lowest present kind i, read from the key's digits (no digit list)
    while not low % 5:
        low //= 5
        i += 1
    p = _suits.POW5[i]
    skip0, skip1 = suit_usable(key - p, n, chows)  # one copy of i left unused
    r0, r1 = list(skip0), list(skip1)
    for delta, gain, is_pair in _key_blocks_at(low % 5, low // 5 % 5, low // 25 % 5, p, chows):
        rest0, rest1 = suit_usable(key - delta, n, chows)
        # Max-plus by comparisons (no max() call): every cold start computes hundreds of rows.
        if is_pair:
            for m in range(_MAX_BLOCKS + 1):
                x = rest0[m] + gain
                if x > r1[m]:
                    r1[m] = x
        else:
            for m in range(1, _MAX_BLOCKS + 1):
                x, y = rest0[m - 1] + gain, rest1[m - 1] + gain
                if x > r0[m]:
                    r0[m] = x
                if y > r1[m]:
                    r1[m] = y
    return pooled((tuple(r0), tuple(r1)))


def _key_blocks_at(ci: int, c1: int, c2: int, p: int, chows: bool) -> list[tuple[int, int, bool]]:
    """`_blocks_at` as (key less, tiles used, is_pair), from the counts of the lowest present kind i
    and of the two kinds above it (0 past the suit's end) and 5**i (`p`)."""
    blocks = [(r * p, r, False) for r in range(1, min(ci, 3) + 1)]
    blocks += [(r * p, r, True) for r in range(1, min(ci, 2) + 1)]
    if chows:
        if c1:
            blocks.append((6 * p, 2, False))  # i and i+1: 5**i + 5**(i+1)
        if c2:
            blocks.append((26 * p, 2, False))  # i and i+2
        if c1 and c2:
            blocks.append((31 * p, 3, False))  # i, i+1 and i+2
    return blocks


def _blocks_at(c: Sequence[int], i: int, chows: bool) -> list[tuple[tuple[int, ...], bool]]:
    """Blocks (parts of a set, or of the pair) holding the lowest present kind i."""
    blocks: list[tuple[tuple[int, ...], bool]] = [((i,) * r, False) for r in range(1, min(c[i], 3) + 1)]
    blocks += [((i,) * r, True) for r in range(1, min(c[i], 2) + 1)]
    if chows:
        for shape in ((1,), (2,), (1, 2)):
            kinds = tuple(i + d for d in shape)
            if kinds[-1] < len(c) and all(c[j] for j in kinds):
                blocks.append(((i, *kinds), False))
    return blocks


@lru_cache(maxsize=_MEMO_KEYS)
def suit_rows(key: int, full: int, n: int, chows: bool) -> tuple[_Row, ...]:
    """`suit_usable` for a suit whose kinds in bit mask `full` are held four times: a block's
    open place at such a kind needs a fifth copy, so it costs one spare (a gold). Returns the
    rows for 0..SPARE_GOLDS spares.

    Each partial block holding the lowest present kind i has its open places put where they
    cost fewest spares: a lone i as a pung (open at i) or in a chow (open at two neighbours),
    12 open at 0 or 3, 13 open at 2. Open places at kinds held three times or less never cost
    one: an optimal reading can always leave them within four copies. Both claims were checked
    against a place-by-place count of every block reading (`slot_shanten` in
    tests/engine/test_shanten_exact.py, which compares whole hands): on every honours key
    and every numbered-suit key of up to 9 tiles, 0..4 spares, with no difference.
    """
    flat = (0,) * (_MAX_BLOCKS + 1)
    if not key:
        return ((flat, flat),) * (SPARE_GOLDS + 1)
    c = _suits.digits(key, n)
    i = next(j for j, x in enumerate(c) if x)
    rows = [(list(r0), list(r1)) for r0, r1 in suit_rows(key - _suits.POW5[i], full, n, chows)]
    for used, is_pair, cost in _costed_blocks_at(c, i, full, chows):
        rest = suit_rows(key - sum(_suits.POW5[j] for j in used), full, n, chows)
        gain = len(used)
        for spare in range(cost, SPARE_GOLDS + 1):
            rest0, rest1 = rest[spare - cost]
            r0, r1 = rows[spare]
            for m in range(_MAX_BLOCKS + 1):
                if is_pair:
                    r1[m] = max(r1[m], rest0[m] + gain)
                elif m:
                    r0[m] = max(r0[m], rest0[m - 1] + gain)
                    r1[m] = max(r1[m], rest1[m - 1] + gain)
    return tuple(pooled((tuple(r0), tuple(r1))) for r0, r1 in rows)


def _costed_blocks_at(c: Sequence[int], i: int, full: int, chows: bool) -> list[tuple[tuple[int, ...], bool, int]]:
    """`_blocks_at` with each block's fewest open places at full kinds (at most SPARE_GOLDS)."""
    n = len(c)

    def cost(*kinds: int) -> int:
        return SPARE_GOLDS + 1 if any(not 0 <= j < n for j in kinds) else sum(full >> j & 1 for j in kinds)

    blocks = []
    for used, is_pair in _blocks_at(c, i, chows):
        if is_pair or len(set(used)) == 1:  # a pung or pair part: open at i
            spent = ((2 if is_pair else 3) - len(used)) * (full >> i & 1)
            if len(used) == 1 and not is_pair and chows:
                spent = min(spent, cost(i - 2, i - 1), cost(i - 1, i + 1), cost(i + 1, i + 2))
        elif len(used) == 2 and used[1] == i + 1:
            spent = min(cost(i - 1), cost(i + 2))
        elif len(used) == 2:
            spent = cost(i + 1)
        else:
            spent = 0
        if spent <= SPARE_GOLDS:
            blocks.append((used, is_pair, spent))
    return blocks
