"""Per-suit gold needs: the fewest golds (金) one suit needs to become whole sets.

A suit's tiles are a *key*: the counts of its kinds (0-4 each) in base 5, lowest
kind in the lowest digit (`key = sum(count[i] * 5**i)`). For each key the table
holds two numbers:

- `n0`: the fewest golds that make the suit's tiles into sets only (chows, pungs);
- `n1`: the fewest golds that make them into sets plus the one pair.

Golds are wildcards, so a suit can always be completed; only the number varies.
Because every completed suit holds a multiple of three tiles (plus two with the
pair), `count + n0 ≡ 0` and `count + n1 ≡ 2 (mod 3)`, which is what lets whole-hand
checks just add the suits' needs (see engine.shapes).

The numbered suits (万筒条: 9 kinds, chows allowed) share one table; the honours
(字: 7 kinds, pungs and pairs only) have their own. Tables are computed by
`build_table` in increasing key order: every move removes tiles, so it only ever
reads smaller keys that are already filled. The shipped, zlib-compressed form
lives in engine/_tables.bin (regenerate with `python -m engine._suits`); without
it, tables are built in memory on first use.
"""

from __future__ import annotations

import sys
import zlib
from array import array
from functools import lru_cache
from pathlib import Path

NUMBER_KINDS = 9
HONOR_KINDS = 7
POW5 = tuple(5**i for i in range(NUMBER_KINDS + 1))
NUMBER_KEYS = POW5[NUMBER_KINDS]  # 1953125
HONOR_KEYS = POW5[HONOR_KINDS]  # 78125
TABLE_FILE = Path(__file__).with_name("_tables.bin")
_FORMAT_VERSION = 5

# HONOR_FLAGS bits: the honours alone rule a shape out when the hand holds no gold.
F_STANDARD = 1  # an honour needs a gold with and without the pair
F_SEVEN_PAIRS = 2  # an odd honour count
F_ORPHANS = 4  # a missing honour, three or more of one, or two doubled
F_NINE_GATES = 8  # any honour at all
F_PINGHE_PAIRS = 16  # two or more odd honour counts


def digits(key: int, n_kinds: int) -> list[int]:
    """The counts of a suit key, lowest kind first."""
    out = []
    for _ in range(n_kinds):
        key, d = divmod(key, 5)
        out.append(d)
    return out


def _best(table: bytearray, key: int, c: list[int], chows: bool) -> tuple[int, int]:
    """(n0, n1) for one key, reading smaller keys' already-computed entries.

    Only groups containing the lowest present kind i are tried; each takes as
    many real tiles as it can (swapping a real tile for a gold in another group
    never costs more, so this loses nothing). Chows start at i, except 789 for
    i = 8 (the 7 being a gold), which no chow starting at i can replace.
    """
    i = next(k for k, n in enumerate(c) if n)
    n0 = n1 = 99
    moves: list[tuple[int, int]] = []  # (key after the group, golds it used)
    take = min(c[i], 3)
    moves.append((key - take * POW5[i], 3 - take))
    if chows:
        for start in (i, i - 1) if i == 7 else (i,):
            if start + 2 >= NUMBER_KINDS:
                continue
            k, cost = key, 0
            for p in range(start, start + 3):
                if p >= i and c[p]:
                    k -= POW5[p]
                else:
                    cost += 1
            moves.append((k, cost))
    for k, cost in moves:
        packed = table[k]
        n0 = min(n0, cost + (packed & 15))
        n1 = min(n1, cost + (packed >> 4))
    pair_take = min(c[i], 2)
    n1 = min(n1, 2 - pair_take + (table[key - pair_take * POW5[i]] & 15))
    return n0, n1


def build_table(n_kinds: int, chows: bool) -> bytearray:
    """Every key's `n0 | n1 << 4` (each capped at 15, never reached for real hands)."""
    size = POW5[n_kinds]
    table = bytearray(size)
    table[0] = 0 | 2 << 4  # nothing: no golds for sets, two golds make the pair
    c = [0] * n_kinds
    for key in range(1, size):
        _increment(c)
        n0, n1 = _best(table, key, c, chows)
        table[key] = min(n0, 15) | min(n1, 15) << 4
    return table


def _increment(c: list[int]) -> None:
    """Advance a base-5 digit list by one (lowest digit first)."""
    for p in range(len(c)):
        if c[p] < 4:
            c[p] += 1
            return
        c[p] = 0


def honor_flags(key: int, packed: int, n_kinds: int = HONOR_KINDS) -> int:
    """The HONOR_FLAGS byte of an honours key whose needs are `packed`.

    With n_kinds=4 it describes the winds alone; any flag it sets holds for
    every hand with those winds, whatever its dragons.
    """
    c = digits(key, n_kinds)
    odd = sum(n & 1 for n in c)
    flags = F_STANDARD if packed & 15 and packed >> 4 else 0
    flags |= F_SEVEN_PAIRS if odd else 0
    flags |= F_ORPHANS if 0 in c or max(c) >= 3 or c.count(2) > 1 else 0
    flags |= F_NINE_GATES if any(c) else 0
    return flags | (F_PINGHE_PAIRS if odd >= 2 else 0)


_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def number_flags(c: list[int], packed: int) -> int:
    """The NUMBER_FLAGS byte of one numbered suit's counts: the shapes it rules out without golds."""
    odd = sum(n & 1 for n in c)
    flags = F_STANDARD if packed & 15 and packed >> 4 else 0
    flags |= F_SEVEN_PAIRS if odd else 0
    terminals_wrong = not c[0] or not c[8] or c[0] + c[8] > 3
    flags |= F_ORPHANS if any(c[1:8]) or terminals_wrong else 0
    gates = sum(c) == 14 and all(n >= b for n, b in zip(c, _GATES, strict=True))
    flags |= F_NINE_GATES if any(c) and not gates else 0
    return flags | (F_PINGHE_PAIRS if odd >= 2 else 0)


def wait_info(table: bytes, key: int, c: list[int]) -> int:
    """R | T << 9 | n0 << 18 | paired << 24 | odd << 27 for one suit key (a *wait word*).

    A 3k+1 hand that is not 游金 can be completed in the standard shape only when its
    suits' n0 add up to golds + 2 (the needs move by -1 or +2 modulo 3), and then only by
    a tile that lowers a need by one: n0 of its suit (the pair elsewhere), or n1 of its suit
    where the pair costs one gold fewer than no pair (n1 = n0 - 1, `paired`). So, with M0
    (M1) the kinds whose one more tile lowers n0 (n1) by one (never a kind held four times)
    and Q = M1 when `paired` (else nothing):

    - R = M0 | Q, this suit's winning kinds when two suits or more are `paired`;
    - T = Q when `paired`, else M0, its winning kinds when exactly one suit is.

    n0 (6 bits), `paired` (3 bits) and `odd` (the odd counts, at the top) are spaced so that
    the four suits' words shifted right by 18 add up to the hand's totals of each.
    """
    n0, n1 = table[key] & 15, table[key] >> 4
    m0 = m1 = 0
    for j, n in enumerate(c):
        if n < 4:
            after = table[key + POW5[j]]
            m0 |= (1 << j) if (after & 15) == n0 - 1 else 0
            m1 |= (1 << j) if (after >> 4) == n1 - 1 else 0
    return wait_word(m0, m1, n0, n1, sum(n & 1 for n in c))


def wait_word(m0: int, m1: int, n0: int, n1: int, odd: int) -> int:
    """The wait word (see `wait_info`) of one suit's masks, needs and odd counts."""
    paired = n1 == n0 - 1
    q = m1 if paired else 0
    return (m0 | q) | (q if paired else m0) << 9 | n0 << 18 | paired << 24 | odd << 27


def wait_info_no_masks(table: bytes, key: int, c: list[int]) -> int:
    """wait_info without the masks, for keys no 3k+1 hand reaches (17+ tiles in one suit)."""
    return wait_word(0, 0, table[key] & 15, table[key] >> 4, sum(n & 1 for n in c))


def _held_word(c: list[int], first: int) -> int:
    """Bit 9n + first + j set for each kind j held n times: five 9-bit lanes, one per count."""
    return sum(1 << (9 * n + first + j) for j, n in enumerate(c))


# A suit's key in halves: kinds 0-3 (key % 625) and kinds 4-8 (key // 625; the honours' 4-6).
_HELD_LO = tuple(_held_word(digits(key, 4), 0) for key in range(POW5[4]))
_HELD_HI = tuple(_held_word(digits(key, 5), 4) for key in range(POW5[5]))
# By half key: the tiles it holds | the kinds it holds three times << 8 (added up over a hand's
# eight halves, the two stay apart: 136 tiles at most).
HALF_STATS_LO = tuple(sum(c) | c.count(3) << 8 for c in (digits(key, 4) for key in range(POW5[4])))
HALF_STATS_HI = tuple(sum(c) | c.count(3) << 8 for c in (digits(key, 5) for key in range(POW5[5])))


@lru_cache(maxsize=32)
def held_tables(counts: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """By half key (see above), the 9-bit mask of the kinds held n times, for the n in the bit set
    `counts` (bit n: n times); a suit's mask is `lo[key % 625] | hi[key // 625]`. For the honours'
    key, kinds 7 and 8 (past the suit) read as held 0 times."""
    lanes = sum(511 << (9 * n) for n in range(5) if counts >> n & 1)
    return tuple(_folded(w & lanes) for w in _HELD_LO), tuple(_folded(w & lanes) for w in _HELD_HI)


def _folded(word: int) -> int:
    """The five 9-bit lanes of a held word OR-ed into one."""
    return (word | word >> 9 | word >> 18 | word >> 27 | word >> 36) & 511


class Tables:
    """Every per-suit table: needs, no-gold flags, wait words (numbers and honours)."""

    def __init__(self, blobs: tuple[bytes, ...]) -> None:
        self.numbers, self.honors, self.number_flags, self.honor_flags, number_waits, honor_waits = blobs
        self.number_waits = array("I", number_waits)
        self.honor_waits = array("I", honor_waits)
        self.wind_flags = bytes(honor_flags(key, self.honors[key], 4) for key in range(POW5[4]))

    @classmethod
    def build(cls) -> Tables:
        numbers = bytes(build_table(NUMBER_KINDS, True))
        honors = bytes(build_table(HONOR_KINDS, False))
        blobs = [numbers, honors]
        for table, n_kinds, flag_of in ((numbers, NUMBER_KINDS, number_flags), (honors, HONOR_KINDS, None)):
            flags, waits = bytearray(len(table)), array("I", bytes(4 * len(table)))
            c = [0] * n_kinds
            for key in range(len(table)):
                flags[key] = flag_of(c, table[key]) if flag_of else honor_flags(key, table[key])
                waits[key] = (wait_info if sum(c) < 17 else wait_info_no_masks)(table, key, c)
                _increment(c)
            blobs += [bytes(flags), waits.tobytes()]
        order = (0, 1, 2, 4, 3, 5)  # numbers, honors, number flags, honor flags, number waits, honor waits
        return cls(tuple(blobs[i] for i in order))

    def blobs(self) -> tuple[bytes, ...]:
        return (
            self.numbers,
            self.honors,
            self.number_flags,
            self.honor_flags,
            self.number_waits.tobytes(),
            self.honor_waits.tobytes(),
        )


def _sizes() -> tuple[int, ...]:
    return (NUMBER_KEYS, HONOR_KEYS, NUMBER_KEYS, HONOR_KEYS, 4 * NUMBER_KEYS, 4 * HONOR_KEYS)


def _load() -> Tables:
    """The tables from the shipped file, else built now (several seconds)."""
    try:
        blob = zlib.decompress(TABLE_FILE.read_bytes())
    except (OSError, zlib.error):
        blob = b""
    if len(blob) != 1 + sum(_sizes()) or blob[0] != _FORMAT_VERSION or array("I").itemsize != 4:
        return Tables.build()
    parts, at = [], 1
    for size in _sizes():
        parts.append(blob[at : at + size])
        at += size
    return Tables(tuple(parts))


def write_tables(path: Path = TABLE_FILE) -> None:
    """Build the tables and write the compressed file shipped with the engine."""
    tables = Tables.build()
    path.write_bytes(zlib.compress(bytes([_FORMAT_VERSION]) + b"".join(tables.blobs()), 9))


TABLES = _load()
NUMBERS, HONORS, HONOR_FLAGS, NUMBER_FLAGS = TABLES.numbers, TABLES.honors, TABLES.honor_flags, TABLES.number_flags
WIND_FLAGS = TABLES.wind_flags
NUMBER_WAITS, HONOR_WAITS = TABLES.number_waits, TABLES.honor_waits

if __name__ == "__main__":
    write_tables(Path(sys.argv[1]) if len(sys.argv) > 1 else TABLE_FILE)
