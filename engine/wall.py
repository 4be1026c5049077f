"""The wall (牌墙): a seeded shuffle with a provably fair commitment, dice and two ends.

Provably fair: before the deal the server publishes `commitment(seed)` (SHA-256 of
the seed); after the hand it reveals the seed, and anyone can check
`verify(seed, commitment)` and rebuild the very same wall with
`Wall.shuffled(seed, flowers=...)` (or `python -m engine verify SEED COMMITMENT`).

All randomness comes from `derive_rng(seed, purpose)`: a `random.Random` seeded
with SHA-256 of the purpose and the seed, never the global `random`.

Layout (seeds 000/001): the tiles stand in four walls of two-tile stacks (18
stacks a side with flowers, 17 without). The dealer throws two dice; counting
the dealer's own wall as 1 and going round the seats, the total picks the wall
to break, and that many stacks are left standing at its end before the break.
`Wall.tiles` holds the tiles in live draw order from the break: ordinary draws
take `tiles[head]` onward (开门 side); replacement draws for flowers and kongs
(补花/补杠) take from the other end, `tiles[-1]` backward.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.tiles import FLOWERS, NON_FLOWER_TILES, Tile, format_tiles

__all__ = [
    "Wall",
    "WallExhausted",
    "commitment",
    "derive_rng",
    "roll_dice",
    "tile_set",
    "verify",
]


class WallExhausted(IndexError):
    """No tile is left to draw (the caller should have declared 流局 earlier)."""


def derive_rng(seed: str, purpose: str) -> random.Random:
    """An independent, reproducible rng for one purpose ("wall", "gold", "bot:2", …) of a hand."""
    digest = hashlib.sha256(f"{purpose}\x00{seed}".encode()).digest()
    return random.Random(int.from_bytes(digest, "big"))


def commitment(seed: str) -> str:
    """SHA-256 hex of the seed: published before the deal, checked after the reveal."""
    return hashlib.sha256(seed.encode()).hexdigest()


def verify(seed: str, commitment_hex: str) -> bool:
    """Does the revealed seed match the published commitment? (constant-time compare)"""
    return hmac.compare_digest(commitment(seed), commitment_hex.strip().lower())


def tile_set(*, flowers: bool) -> tuple[Tile, ...]:
    """All tiles of a game in kind order: 136, or 144 with the eight flowers (made once: every deal asks)."""
    return _TILE_SETS[flowers]


_TILE_SETS = {
    with_flowers: tuple(t for t in NON_FLOWER_TILES for _ in range(4)) + (FLOWERS if with_flowers else ())
    for with_flowers in (False, True)
}


def roll_dice(rng: random.Random) -> tuple[int, int]:
    """Two six-sided dice."""
    return rng.randint(1, 6), rng.randint(1, 6)


@dataclass(frozen=True, slots=True)
class Wall:
    """An immutable wall: drawing returns the tile and the new wall.

    `head` tiles have been drawn from the live end, `tail` from the replacement
    end; the tiles still standing are `tiles[head:len(tiles) - tail]`.
    """

    tiles: tuple[Tile, ...]
    dice: tuple[int, int]
    head: int = 0
    tail: int = 0

    def __post_init__(self) -> None:
        if min(self.head, self.tail) < 0 or self.head + self.tail > len(self.tiles):
            raise ValueError(f"bad wall position head={self.head} tail={self.tail} of {len(self.tiles)}")
        if not all(1 <= d <= 6 for d in self.dice):
            raise ValueError(f"bad dice {self.dice}")

    @classmethod
    def shuffled(cls, seed: str, *, flowers: bool) -> Wall:
        """The wall of this seed: tile set shuffled, then the dice, all from derive_rng(seed, "wall")."""
        rng = derive_rng(seed, "wall")
        tiles = list(tile_set(flowers=flowers))
        rng.shuffle(tiles)
        return cls(tuple(tiles), roll_dice(rng))

    @classmethod
    def stacked(cls, tiles: Sequence[Tile], dice: tuple[int, int] = (1, 1)) -> Wall:
        """A wall in exactly this draw order (tests and replays of prepared deals)."""
        return cls(tuple(tiles), dice)

    @property
    def dice_total(self) -> int:
        return self.dice[0] + self.dice[1]

    @property
    def stacks_per_side(self) -> int:
        return len(self.tiles) // 8

    @property
    def break_side(self) -> int:
        """The wall broken, as seats from the dealer (0 = the dealer's own wall, 1 the next seat …)."""
        return (self.dice_total - 1) % 4

    @property
    def break_stack(self) -> int:
        """Stacks left standing at the end of the broken wall before the first draw."""
        return self.dice_total

    @property
    def remaining(self) -> int:
        """Tiles still in the wall (both ends)."""
        return len(self.tiles) - self.head - self.tail

    @property
    def live(self) -> tuple[Tile, ...]:
        """The tiles still standing, live end first."""
        return self.tiles[self.head : len(self.tiles) - self.tail]

    def draw(self) -> tuple[Tile, Wall]:
        """Draw from the live end (摸牌)."""
        if not self.remaining:
            raise WallExhausted("the wall is empty")
        return self.tiles[self.head], replace(self, head=self.head + 1)

    def draw_many(self, n: int) -> tuple[tuple[Tile, ...], Wall]:
        """Draw n tiles from the live end at once (the deal: 2 stacks = 4 tiles a turn)."""
        if n > self.remaining:
            raise WallExhausted(f"cannot draw {n} of {self.remaining} tiles")
        return self.tiles[self.head : self.head + n], replace(self, head=self.head + n)

    def draw_replacement(self) -> tuple[Tile, Wall]:
        """Draw from the other end (补花 for flowers, 补杠 after a kong)."""
        if not self.remaining:
            raise WallExhausted("the wall is empty")
        return self.tiles[len(self.tiles) - 1 - self.tail], replace(self, tail=self.tail + 1)

    def peek_from_replacement_end(self, offset: int) -> Tile:
        """The offset-th standing tile counted from the replacement end (1 = the next replacement).

        Used to turn up the gold (开金): counted from the replacement end by the dice.
        """
        if not 1 <= offset <= self.remaining:
            raise WallExhausted(f"no tile {offset} from the replacement end ({self.remaining} left)")
        return self.tiles[len(self.tiles) - self.tail - offset]

    def __str__(self) -> str:
        return format_tiles(self.live, sort=False)
