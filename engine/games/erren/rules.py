"""二人麻将 (erren)'s rule pieces: the wall's sizes and the pure functions its flow asks (table options,
海底捞月, the bots' exchange/swap/pick). The game itself is registered in engine/games/erren/__init__.py,
which builds on this module and on engine/games/erren/flow.py."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from engine.tiles import Tile

LIVE_WALL = 71  # 随机选出 71 张牌进行游戏
DEALT = 14 + 13
DEAD_TILES = 136 - DEALT - LIVE_WALL  # never drawn in play; the 花牌 and the 海底捞月 draws come from here
HAIDI_DRAWS = 3  # 海底捞月: three more draws for the tenpai player after the wall runs out


# --- flow pieces the hand state machine asks erren about (pure functions) ------------------------------


def option_rng(seed: str, what: str, turn: int) -> random.Random:
    """The rng of one table-option roll: a function of the hand's seed, the option and the turn.

    Derived from the seed (never the global random), so a replay rolls the same
    offers and the provably-fair check (the committed seed) covers them too.
    """
    return random.Random(f"{seed}/erren/{what}/{turn}")


def rolls(probability: float, rng: random.Random) -> bool:
    """Does an option with this probability fire? (0 never rolls the rng's luck: always False.)"""
    return probability > 0 and rng.random() < probability


def swap_offer(unseen: Iterable[Tile], rng: random.Random) -> Tile | None:
    """游戏中换牌: the kind of the triplet offered, among kinds with three unseen copies (None if none)."""
    counts = Counter(unseen)
    kinds = sorted(tile for tile, n in counts.items() if n >= 3)
    return rng.choice(kinds) if kinds else None


def pick_choices(unseen: Iterable[Tile]) -> tuple[Tile, ...]:
    """搓牌: the kinds the player may name (any tile neither discarded nor in a hand)."""
    return tuple(sorted(set(unseen)))


def haidi_seat(
    ready: Sequence[bool],
    declared_at: Sequence[int | None],
    ready_since: Sequence[int | None],
    dealer: int = 0,
) -> int | None:
    """海底捞月: who draws the three extra tiles after the wall runs out, or None (流局).

    One ready seat draws. Both ready: the earlier 报听 declaration; a declared
    seat before an undeclared one; neither declared: the seat whose hand has been
    ready longer (the discard count when its unbroken readiness began); both
    ready since the same moment (from the deal): the dealer.
    """
    seats = [s for s in range(len(ready)) if ready[s]]
    if len(seats) <= 1:
        return seats[0] if seats else None
    n = len(ready)
    return min(seats, key=lambda s: (_order(declared_at[s]), _order(ready_since[s]), (s - dealer) % n))


def _order(turn: int | None) -> float:
    return math.inf if turn is None else turn


# --- the bot's erren decisions (pure; engine.bot asks these for erren's own choices) --------------------


def _shanten(tiles: Sequence[Tile], shapes: frozenset[Any]) -> int:
    from engine.waits import shanten  # the engine core, imported late so the variant data loads without it

    return shanten(tuple(tiles), shapes=shapes)


def bot_exchange(hand: Sequence[Tile]) -> tuple[Tile, ...]:
    """开始时换牌 for the bot: every loner (a single honour, or a single suit tile with no suit-mate within two)."""
    counts = Counter(hand)
    return tuple(t for t in sorted(hand) if counts[t] == 1 and not _has_neighbour(t, counts))


def _has_neighbour(tile: Tile, counts: Counter[Tile]) -> bool:
    if tile.is_honor:
        return False
    return any(
        counts[Tile(tile.kind + d)]
        for d in (-2, -1, 1, 2)
        if 1 <= tile.number + d <= 9 and Tile(tile.kind + d) in counts
    )


def bot_swap(hand: Sequence[Tile], offered: Tile, shapes: frozenset[Any]) -> tuple[Tile, Tile, Tile] | None:
    """游戏中换牌 for the bot: the three tiles to give for the offered triplet, or None to decline.

    `hand` holds 3k+2 tiles (the player has drawn). Takes the triplet when giving
    the three least useful other tiles leaves the hand closer to ready.
    """
    pool = [*hand, offered, offered, offered]
    candidates = sorted({t for t in hand if t != offered}, key=lambda t: (_without(pool, t, shapes), t))
    give: list[Tile] = []
    for tile in candidates:
        give.extend([tile] * min(hand.count(tile), 3 - len(give)))
        if len(give) == 3:
            break
    if len(give) < 3:
        return None
    after = list(pool)
    for tile in give:
        after.remove(tile)
    if _shanten(after, shapes) >= _shanten(hand, shapes):
        return None
    return (give[0], give[1], give[2])


def _without(tiles: Sequence[Tile], tile: Tile, shapes: frozenset[Any]) -> int:
    rest = list(tiles)
    rest.remove(tile)
    return _shanten(rest, shapes)  # the least useful tile leaves the lowest shanten behind


def bot_pick(hand: Sequence[Tile], choices: Sequence[Tile], shapes: frozenset[Any]) -> Tile:
    """搓牌 for the bot: the tile (of `choices`) that brings the 3k+1 hand closest to winning."""
    return min(choices, key=lambda t: (_shanten([*hand, t], shapes), t))
