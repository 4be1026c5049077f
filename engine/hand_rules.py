"""The rule checks the hand flow asks about a seat's tiles: golds, faces, wins, waits, 分.

Pure functions of tiles and the variant; the state machine (engine/hand/)
decides *when* to ask. Shapes come from engine.shapes (gold-aware).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from operator import attrgetter

from engine.shapes import Shape, is_win
from engine.sheet import Meld
from engine.tiles import ALL_TILES, BAIBAN, Tile
from engine.variants import Variant
from engine.waits import known_discard_shanten, shanten, waits
from engine.waits import shanten_after_discards as _after_discards


def face(tile: Tile, gold: Tile | None) -> Tile:
    """The tile a tile plays as: 白板 stands in for the gold's face (unless the gold is 白板)."""
    if gold is not None and tile.kind == BAIBAN and gold.kind != BAIBAN:
        return gold
    return tile


def is_gold(tile: Tile, gold: Tile | None) -> bool:
    return tile is gold and gold is not None  # tiles are interned: one object per kind


def without(hand: Sequence[Tile], *tiles: Tile) -> list[Tile]:
    """The hand less one copy of each of `tiles` (each must be in it: ValueError otherwise)."""
    rest = list(hand)
    for tile in tiles:
        rest.remove(tile)
    return rest


def gold_count(tiles: Iterable[Tile], gold: Tile | None) -> int:
    if gold is None:
        return 0
    # Tiles are interned, so `is` is `==`: counted without calling a Tile method per other tile
    # (`count` would, each tile held not being the gold).
    n = 0
    for t in tiles:
        if t is gold:
            n += 1
    return n


def shapes_for(variant: Variant, melds: Sequence[Meld]) -> frozenset[Shape]:
    """Winning shapes for a seat: the fully concealed shapes (对对胡, 七对) need no declared sets."""
    return _standard_only(variant.shapes) if melds else variant.shapes


@cache
def _standard_only(shapes: frozenset[Shape]) -> frozenset[Shape]:
    """The standard shape of a variant's shapes, one set per variant: callers memoizing on the
    shapes (by identity or value) see the same object every time."""
    return frozenset(s for s in shapes if s == Shape.STANDARD)


# The caches below are keyed by sorted tile kinds and the gold's kind: plain ints, hashed and
# compared in C (a Tile's hash and order are Python calls, a dozen per hand).
_KIND = attrgetter("kind")
_Kinds = tuple[int, ...]
# Whole hands rarely come back from one hand to the next, only within it (a seat's hand is asked
# about at every discard it is offered): a few thousand cover the hands running in one process,
# and a long-running server's memory stays flat (an unbounded or 65,536-hand memo grew by ~80 MB).
_MEMO_HANDS = 1 << 12


def _key(tiles: Iterable[Tile], gold: Tile | None) -> tuple[_Kinds, int | None]:
    return tuple(sorted(map(_KIND, tiles))), None if gold is None else gold.kind


def _tiles(kinds: _Kinds) -> tuple[Tile, ...]:
    return tuple(map(ALL_TILES.__getitem__, kinds))


def _gold(kind: int | None) -> Tile | None:
    return None if kind is None else ALL_TILES[kind]


@lru_cache(maxsize=_MEMO_HANDS)
def _complete(kinds: _Kinds, gold: int | None, shapes: frozenset[Shape]) -> bool:
    return is_win(_tiles(kinds), gold=_gold(gold), shapes=shapes)


def complete(tiles: Iterable[Tile], gold: Tile | None, shapes: frozenset[Shape]) -> bool:
    """Does this 3k+2 concealed hand win?"""
    return _complete(*_key(tiles, gold), shapes)


@lru_cache(maxsize=_MEMO_HANDS)
def _waits(kinds: _Kinds, gold: int | None, shapes: frozenset[Shape]) -> tuple[tuple[Tile, ...], bool]:
    w = waits(_tiles(kinds), gold=_gold(gold), shapes=shapes)
    return tuple(w.tiles), bool(w.any_tile)


def wait_tiles(tiles: Iterable[Tile], gold: Tile | None, shapes: frozenset[Shape]) -> tuple[tuple[Tile, ...], bool]:
    """(tiles that complete this 3k+1 hand, whether any tile does: the 游金 lone-gold wait).

    A seat's hand (an immutable tuple, the same object while its tiles do not change) is asked
    about at every discard it is offered: its answer is also kept by the tuple's identity, which
    spares sorting the hand into the memo's key each time."""
    if type(tiles) is tuple:
        entry = _WAITS_BY_HAND.get(id(tiles))  # one read: another thread may replace it meanwhile
        if entry is not None and entry[0] is tiles and entry[1] is gold and entry[2] is shapes:
            return entry[3]
        answer = _waits(*_key(tiles, gold), shapes)
        if len(_WAITS_BY_HAND) >= _HANDS_BY_ID:
            _WAITS_BY_HAND.clear()
        _WAITS_BY_HAND[id(tiles)] = (tiles, gold, shapes, answer)  # holding the tuple keeps its id from reuse
        return answer
    return _waits(*_key(tiles, gold), shapes)


# The last hands' waits by tuple identity: the hands of a few tables' seats.
_HANDS_BY_ID = 64
_WAITS_BY_HAND: dict[int, tuple[tuple[Tile, ...], Tile | None, frozenset[Shape], tuple[tuple[Tile, ...], bool]]] = {}
_NO_WAITS: tuple[tuple[Tile, ...], bool] = ((), False)


def shanten_after_discard(
    hand: tuple[Tile, ...], tile: Tile, gold: Tile | None, shapes: frozenset[Shape]
) -> int | None:
    """The 向听 of this 3k+2 hand less `tile` when the turn's discard reader has given it already
    (its rule checks and the bot weighed this very hand and discard); None when it has not (asking
    it here would cost a reading that only some claims would use)."""
    answers = known_discard_shanten(hand, gold, shapes)
    return None if answers is None else answers.get(tile.kind)


def note_shanten(tiles: tuple[Tile, ...], gold: Tile | None, shapes: frozenset[Shape], value: int) -> None:
    """Record this 3k+1 hand's 向听 (known from `shanten_after_discard`): `shanten_of` then answers
    it by the tuple's identity, and when it is 1 or more `wait_tiles` answers ((), False) (nothing
    completes the hand), as their memos would, without reading the hand again."""
    if len(_SHANTEN_BY_HAND) >= _HANDS_BY_ID:
        _SHANTEN_BY_HAND.clear()
    _SHANTEN_BY_HAND[id(tiles)] = (tiles, gold, shapes, value)  # holding the tuple keeps its id from reuse
    if value >= 1:
        if len(_WAITS_BY_HAND) >= _HANDS_BY_ID:
            _WAITS_BY_HAND.clear()
        _WAITS_BY_HAND[id(tiles)] = (tiles, gold, shapes, _NO_WAITS)


# The last hands' 向听 by tuple identity, as noted by `note_shanten`.
_SHANTEN_BY_HAND: dict[int, tuple[tuple[Tile, ...], Tile | None, frozenset[Shape], int]] = {}


def completed_by(tiles: Iterable[Tile], tile: Tile, gold: Tile | None, shapes: frozenset[Shape]) -> bool:
    """Does `tile` (not a gold, nor a fifth copy) complete this 3k+1 hand? Read from the hand's
    memoized waits: a hand waits on the same tiles for every discard it is offered."""
    ws, any_tile = wait_tiles(tiles, gold, shapes)
    return any_tile or tile in ws


def is_ready(tiles: Iterable[Tile], gold: Tile | None, shapes: frozenset[Shape]) -> bool:
    ws, any_tile = wait_tiles(tiles, gold, shapes)
    return any_tile or bool(ws)


def lone_gold_wait(tiles: Iterable[Tile], gold: Tile | None, shapes: frozenset[Shape]) -> bool:
    """游金 shape: complete sets plus one gold, so any drawn tile wins (never without a gold held)."""
    if gold is None or (isinstance(tiles, list | tuple) and gold not in tiles):
        return False
    return wait_tiles(tiles, gold, shapes)[1]


@lru_cache(maxsize=_MEMO_HANDS)
def _shanten(kinds: _Kinds, gold: int | None, shapes: frozenset[Shape]) -> int:
    return shanten(_tiles(kinds), gold=_gold(gold), shapes=shapes)


def shanten_after_discards(tiles: Sequence[Tile], gold: Tile | None, shapes: frozenset[Shape]) -> dict[Tile, int]:
    """The shanten left after discarding one of each distinct tile of this 3k+2 hand (read at once)."""
    return _after_discards(tiles, gold=gold, shapes=shapes)


def shanten_of(tiles: Iterable[Tile], gold: Tile | None, shapes: frozenset[Shape]) -> int:
    if type(tiles) is tuple:  # a seat's hand whose 向听 its discard noted (`note_shanten`)?
        entry = _SHANTEN_BY_HAND.get(id(tiles))  # one read: another thread may replace it meanwhile
        if entry is not None and entry[0] is tiles and entry[1] is gold and entry[2] is shapes:
            return entry[3]
    return _shanten(*_key(tiles, gold), shapes)
