"""Two deals of a variant that differ only in one hidden tile of the secret seat (老王, or 阿珍 in erren):
with it he may pong the dealer's first discard, without it he has nothing to claim. For the stories
that check nothing anybody else is told depends on it (engine views and events, table frames)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.hand_script import arrange
from engine.tiles import Tile, parse_tiles
from engine.variants import get as get_variant
from tests.engine.flow.harness import _junk

PAIR, OTHER = "2z", "6z"  # the secret seat holds 2z2z (may pong the dealer's 2z), or 2z6z (may not)
LIVE = "1m9m1p9p1s9s9m1m"  # the draws: nobody's hand (but junk pairs) goes near them


def deals(variant: str) -> tuple[dict[str, Any], dict[str, Any], int]:
    """Room options for the two deals (老王 with the pair, without it) and the secret seat."""
    rules = get_variant(variant)
    n, secret = rules.n_seats, rules.n_seats // 2
    gold = "5s" if rules.gold is not None else None
    used = Counter(parse_tiles(LIVE + PAIR * 3 + OTHER))
    if gold:
        used[Tile.parse(gold)] += 1
    banned = {Tile.parse(PAIR), Tile.parse(OTHER)}
    used.update({t: 4 for t in banned})  # junk never holds them
    hands = []
    for seat in range(n):
        size = rules.hand_size(seat, 0) - (1 if seat == 0 else 2 if seat == secret else 0)
        junk = _junk(rules.tile_set, used, size, gold)
        used.update(junk)
        hands.append("".join(map(str, junk)))
    hands[0] += PAIR
    with_pair, without = list(hands), list(hands)
    with_pair[secret] += PAIR + PAIR
    without[secret] += PAIR + OTHER
    extra = {"pick_probability": 0.0, "swap_probability": 0.0} if variant == "erren" else {}
    return (
        {**arrange(variant, dealer=0, hands=with_pair, live=LIVE, gold=gold), **extra},
        {**arrange(variant, dealer=0, hands=without, live=LIVE, gold=gold), **extra},
        secret,
    )
