"""Tiles and the mpsz notation of RULINGS.md.

`123m` 万 (characters), `123p` 筒 (dots), `123s` 条 (bamboo), `1234567z`
东南西北白发中 (honours), `12345678f` 春夏秋冬梅兰竹菊 (flowers).

A tile *kind* is an index 0..41: 0-8 man, 9-17 pin, 18-26 sou, 27-33 honours
(27 东 … 30 北, 31 白, 32 发, 33 中), 34-41 flowers. Hands are multisets of
kinds; the fast paths work on 34-entry count arrays.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from operator import attrgetter

N_KINDS = 34  # non-flower kinds: the length of a count array
N_ALL_KINDS = 42  # including the 8 flowers


class NotationError(ValueError):
    """Malformed tile notation; the message names the bad character and position."""


class Suit(IntEnum):
    MAN = 0  # 万
    PIN = 1  # 筒
    SOU = 2  # 条
    HONOR = 3  # 字
    FLOWER = 4  # 花

    @property
    def letter(self) -> str:
        return "mpszf"[self]


SUIT_LETTERS = {"m": Suit.MAN, "p": Suit.PIN, "s": Suit.SOU, "z": Suit.HONOR, "f": Suit.FLOWER}
_SUIT_BASE = {Suit.MAN: 0, Suit.PIN: 9, Suit.SOU: 18, Suit.HONOR: 27, Suit.FLOWER: 34}
_SUIT_SIZE = {Suit.MAN: 9, Suit.PIN: 9, Suit.SOU: 9, Suit.HONOR: 7, Suit.FLOWER: 8}

_NUMERALS = "一二三四五六七八九"
_SUIT_NAMES = {Suit.MAN: "万", Suit.PIN: "筒", Suit.SOU: "条"}
_HONOR_NAMES = "东南西北白发中"
_FLOWER_NAMES = "春夏秋冬梅兰竹菊"

# Named honour kinds (index into a count array).
EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
WHITE, GREEN, RED = 31, 32, 33  # 白板 (BAIBAN), 发财, 红中
BAIBAN = WHITE  # 白板: plays as the gold's face tile in the gold games
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, *range(27, 34))


_INTERNED: dict[int, Tile] = {}  # kind -> its one Tile


@dataclass(frozen=True, slots=True, order=True, init=False)
class Tile:
    """One tile kind, e.g. `Tile.parse("5m")`. Copies of a kind are equal."""

    kind: int

    def __new__(cls, kind: int) -> Tile:
        # One instance per kind, every one made when the module loads (below, so no two threads
        # can ever make two): equal tiles are the same object.
        try:
            return _INTERNED[kind]
        except (KeyError, TypeError):
            raise ValueError(f"tile kind out of range: {kind}") from None

    def __init__(self, kind: int) -> None:
        """Nothing to do: `__new__` hands back the kind's one instance, already set."""

    # Equal tiles are the same object: identity is equality. A hand's `in`, `count`, `remove` and
    # `index` compare a tile with each it holds: the identical one is matched in C, each other
    # tile costs one call here. (`object.__eq__` cost three times more: a class defining any
    # comparison calls its methods through a wrapper that builds argument tuples, and its answer
    # to an unequal tile, NotImplemented, had the other tile asked in turn.) Anything but the
    # same tile is unequal, answered here at once: no other class of the project has an `__eq__`
    # that could claim a Tile, so asking the other object (NotImplemented) would only cost more.
    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    def __reduce__(self) -> tuple[type[Tile], tuple[int]]:
        return (Tile, (self.kind,))  # copies and pickles come back as the interned instance

    def __copy__(self) -> Tile:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Tile:
        return self

    @staticmethod
    def parse(text: str) -> Tile:
        """Parse exactly one tile such as "5m" or "3f"."""
        tiles = parse_tiles(text)
        if len(tiles) != 1:
            raise NotationError(f"expected exactly one tile, got {len(tiles)} in {text!r}")
        return tiles[0]

    @staticmethod
    def of(suit: Suit, number: int) -> Tile:
        """The tile with this suit and 1-based number."""
        if not 1 <= number <= _SUIT_SIZE[suit]:
            raise NotationError(f"no tile {number}{suit.letter}")
        return Tile(_SUIT_BASE[suit] + number - 1)

    @property
    def suit(self) -> Suit:
        return _SUIT_BY_KIND[self.kind]

    @property
    def number(self) -> int:
        """1-based number within the suit (honours 1-7 东南西北白发中, flowers 1-8)."""
        return _NUMBER_BY_KIND[self.kind]

    @property
    def is_flower(self) -> bool:
        return self.kind >= N_KINDS

    @property
    def is_honor(self) -> bool:
        return N_KINDS > self.kind >= 27

    @property
    def is_terminal(self) -> bool:
        return self.suit <= Suit.SOU and self.number in (1, 9)

    @property
    def is_terminal_or_honor(self) -> bool:
        return self.is_terminal or self.is_honor

    @property
    def chinese(self) -> str:
        """The name a player reads, e.g. 五万, 东, 春."""
        return chinese_name(self.kind)

    def __str__(self) -> str:
        return _NAME_BY_KIND[self.kind]

    def __repr__(self) -> str:
        return f'Tile.parse("{self}")'


def _make(kind: int) -> Tile:
    tile = object.__new__(Tile)
    object.__setattr__(tile, "kind", kind)
    return tile


_INTERNED.update((kind, _make(kind)) for kind in range(N_ALL_KINDS))


@cache
def _suit_of(kind: int) -> Suit:
    if kind < 27:
        return Suit(kind // 9)
    return Suit.HONOR if kind < N_KINDS else Suit.FLOWER


# Read by the Tile properties (one lookup, not a chain of calls: they are asked millions of times).
_SUIT_BY_KIND = tuple(_suit_of(k) for k in range(N_ALL_KINDS))
_NUMBER_BY_KIND = tuple(k - _SUIT_BASE[_suit_of(k)] + 1 for k in range(N_ALL_KINDS))
_NAME_BY_KIND = tuple(f"{_NUMBER_BY_KIND[k]}{_suit_of(k).letter}" for k in range(N_ALL_KINDS))  # mpsz, e.g. "5m"
TILE_NAMES: tuple[str, ...] = _NAME_BY_KIND  # by kind: `str(tile) == TILE_NAMES[tile.kind]`


def chinese_name(kind: int) -> str:
    """Chinese display name of a tile kind."""
    suit = _suit_of(kind)
    number = kind - _SUIT_BASE[suit]
    if suit == Suit.HONOR:
        return _HONOR_NAMES[number]
    if suit == Suit.FLOWER:
        return _FLOWER_NAMES[number]
    return _NUMERALS[number] + _SUIT_NAMES[suit]


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Parse mpsz notation ("11m234p567s", spaces allowed) in the order written.

    Raises NotationError naming the first bad character: a character that is
    neither a digit nor a suit letter, a digit with no suit after it, a suit
    letter with no digits before it, or a number outside its suit (0, 8z, 9f).
    """
    tiles: list[Tile] = []
    pending: list[tuple[int, int]] = []  # (position, digit)
    for pos, ch in enumerate(text):
        if ch.isspace():
            continue
        if ch in "0123456789":
            pending.append((pos, int(ch)))
        elif ch in SUIT_LETTERS:
            if not pending:
                raise NotationError(f"suit letter {ch!r} at position {pos} has no digits before it")
            tiles.extend(_suit_run(SUIT_LETTERS[ch], pending))
            pending = []
        else:
            raise NotationError(f"bad character {ch!r} at position {pos} in {text!r}")
    if pending:
        pos, digit = pending[-1]
        raise NotationError(f"digit {str(digit)!r} at position {pos} has no suit letter after it")
    return tuple(tiles)


def _suit_run(suit: Suit, pending: list[tuple[int, int]]) -> list[Tile]:
    out = []
    for pos, digit in pending:
        if not 1 <= digit <= _SUIT_SIZE[suit]:
            raise NotationError(f"bad character {str(digit)!r} at position {pos}: no tile {digit}{suit.letter}")
        out.append(Tile(_SUIT_BASE[suit] + digit - 1))
    return out


def format_tiles(tiles: Iterable[Tile], *, sort: bool = True) -> str:
    """Format tiles in compact mpsz ("11m234p"), sorted unless sort=False."""
    # By kind through tables (a table formats every river, meld and hand at each move): a tile's
    # order is its kind's, and its digit and suit letter are looked up, not computed.
    kinds = sorted(map(_KIND_OF, tiles)) if sort else list(map(_KIND_OF, tiles))
    out: list[str] = []
    letter = ""
    for kind in kinds:
        if _LETTER_BY_KIND[kind] != letter:
            out.append(letter)
            letter = _LETTER_BY_KIND[kind]
        out.append(_DIGIT_BY_KIND[kind])
    out.append(letter)
    return "".join(out)


_KIND_OF = attrgetter("kind")
_LETTER_BY_KIND = tuple(Tile(k).suit.letter for k in range(N_ALL_KINDS))
_DIGIT_BY_KIND = tuple(str(Tile(k).number) for k in range(N_ALL_KINDS))


def to_counts(tiles: Iterable[Tile]) -> list[int]:
    """A 34-entry count array of the non-flower tiles (flowers are rejected)."""
    counts = [0] * N_KINDS
    for tile in tiles:
        if tile.kind >= N_KINDS:
            raise ValueError(f"flower {tile} has no place in a count array")
        counts[tile.kind] += 1
    return counts


def from_counts(counts: Iterable[int]) -> tuple[Tile, ...]:
    """The sorted tiles of a count array."""
    return tuple(Tile(kind) for kind, n in enumerate(counts) for _ in range(n))


ALL_TILES = tuple(Tile(k) for k in range(N_ALL_KINDS))
NON_FLOWER_TILES = ALL_TILES[:N_KINDS]
FLOWERS = ALL_TILES[N_KINDS:]
