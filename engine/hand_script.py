"""Scripted walls: lay out a deal, draws and replacements so a hand plays as written.

For scenario tests and puzzles. `arrange(variant, dealer=..., hands=[...], live=..., back=...)`
returns the `options` for `new_hand` (`wall` in draw order and `dice`): seat `s`
is dealt `hands[s]` (in the deal's stacks: 4 tiles a round, the dealer's 跳牌 last),
ordinary draws then take `live` in order, replacement draws (补花, 补杠) take `back`
in order, and the gold is turned up `sum(dice)` tiles past the opening flower
replacements. Unlisted tiles fill the middle of the wall in kind order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.tiles import Tile, format_tiles, parse_tiles
from engine.variants import get as get_variant

# The `new_hand` options that replace the seeded shuffle and dice (the gold's too): tests and puzzles only.
SCRIPTED_OPTIONS = frozenset({"wall", "dice", "gold_dice"})


def arrange(
    variant: str,
    *,
    dealer: int = 0,
    hands: Sequence[str],
    live: str = "",
    back: str = "",
    gold: str | None = None,
    dice: tuple[int, int] = (6, 6),
) -> dict[str, Any]:
    """`new_hand` options for this exact deal (ValueError if the tiles do not exist)."""
    rules = get_variant(variant)
    dealt = [list(parse_tiles(h)) for h in hands]
    if len(dealt) != rules.n_seats:
        raise ValueError(f"{variant} has {rules.n_seats} seats, got {len(dealt)} hands")
    front = _deal_order(rules.n_seats, dealer, dealt, [rules.hand_size(s, dealer) for s in range(rules.n_seats)])
    front += parse_tiles(live)
    back_tiles = list(parse_tiles(back))
    gold_tile = Tile.parse(gold) if gold is not None else None
    filler = _rest(rules.tile_set, front + back_tiles + ([gold_tile] if gold_tile else []))
    if gold_tile is not None:
        slot = _opening_replacements(dealt, back_tiles) + sum(dice) - 1
        while len(back_tiles) < slot:  # pad with unlisted non-flower tiles up to the gold's place
            back_tiles.append(filler.pop(max(i for i, t in enumerate(filler) if not t.is_flower)))
        back_tiles.insert(slot, gold_tile)
    wall = front + filler + back_tiles[::-1]
    options: dict[str, Any] = {"wall": format_tiles(wall, sort=False), "dice": list(dice)}
    if gold is not None and rules.gold is not None and not rules.gold.opening_dice:
        options["gold_dice"] = [list(dice)]
    return options


def _deal_order(n: int, dealer: int, hands: list[list[Tile]], sizes: list[int]) -> list[Tile]:
    """The wall's front in the deal's order (mirrors engine.hand.deal.deal_tiles)."""
    for seat, hand in enumerate(hands):
        if len(hand) != sizes[seat]:
            raise ValueError(f"seat {seat} needs {sizes[seat]} tiles, got {len(hand)}")
    order = [(dealer + k) % n for k in range(n)]
    taken = [0] * n
    out: list[Tile] = []

    def take(seat: int, count: int) -> None:
        out.extend(hands[seat][taken[seat] : taken[seat] + count])
        taken[seat] += count

    while all(sizes[s] - taken[s] >= 4 for s in order):
        for s in order:
            take(s, 4)
    while any(sizes[s] - taken[s] for s in order):
        for s in order:
            if sizes[s] - taken[s]:
                take(s, 1)
    return out


def _opening_replacements(hands: list[list[Tile]], back: list[Tile]) -> int:
    """How many back tiles the opening 补花 uses (replacement flowers are replaced too)."""
    need = sum(1 for h in hands for t in h if t.is_flower)
    used = 0
    while need:
        if used >= len(back):
            raise ValueError("list enough back tiles for the opening flower replacements")
        need += 1 if back[used].is_flower else 0
        need -= 1
        used += 1
    return used


def _rest(tile_set: Sequence[Tile], used: Sequence[Tile]) -> list[Tile]:
    remaining = Counter(tile_set)
    remaining.subtract(Counter(used))
    short = [str(t) for t, c in remaining.items() if c < 0]
    if short:
        raise ValueError(f"more copies than the game has of {', '.join(sorted(short))}")
    return sorted(remaining.elements())
