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
from pathlib import Path

NUMBER_KINDS = 9
HONOR_KINDS = 7
POW5 = tuple(5**i for i in range(NUMBER_KINDS + 1))
NUMBER_KEYS = POW5[NUMBER_KINDS]  # 1953125
HONOR_KEYS = POW5[HONOR_KINDS]  # 78125
TABLE_FILE = Path(__file__).with_name("_tables.bin")
_FORMAT_VERSION = 1


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


def _load() -> tuple[bytes, bytes]:
    """(number table, honour table): from the shipped file, else built now."""
    try:
        blob = zlib.decompress(TABLE_FILE.read_bytes())
    except (OSError, zlib.error):
        blob = b""
    if len(blob) == 1 + NUMBER_KEYS + HONOR_KEYS and blob[0] == _FORMAT_VERSION:
        return blob[1 : 1 + NUMBER_KEYS], blob[1 + NUMBER_KEYS :]
    return bytes(build_table(NUMBER_KINDS, True)), bytes(build_table(HONOR_KINDS, False))


def write_tables(path: Path = TABLE_FILE) -> None:
    """Build both tables and write the compressed file shipped with the engine."""
    numbers = build_table(NUMBER_KINDS, True)
    honors = build_table(HONOR_KINDS, False)
    path.write_bytes(zlib.compress(bytes([_FORMAT_VERSION]) + numbers + honors, 9))


NUMBERS, HONORS = _load()

if __name__ == "__main__":
    write_tables(Path(sys.argv[1]) if len(sys.argv) > 1 else TABLE_FILE)
