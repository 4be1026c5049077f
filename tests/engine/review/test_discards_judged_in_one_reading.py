"""The review judges a decision's discards from one reading of the hand (`judge.Discards`), and that
reading is exactly the straightforward one: the same ranking (shanten, 进张 counted tile by tile on
each discard's rest with `judge.efficiency`, golds kept, danger, the tile order, also when only the
first choices are asked) and the same careful choice (`judge.best_discard`, the normal bot's, with
the game's style and table), for every candidate set.

Stories: bots play hands of all four games and, at every step, every seat holding 3k+2 tiles has
its discards judged both ways; random sights (hands crowded into few kinds, so fours, pairs and
golds are common, with random rivers, 游金 levels, 报听 and 包 sets); and hands written out in mpsz
where the reading has a special case: a fourth copy, 白板 as the gold's face, the pair shapes, 十三幺.
"""

from __future__ import annotations

import random

import pytest

from engine import judge
from engine.actions import Action
from engine.hand import HandState, apply, start_hand
from engine.judge import DiscardChoice, Discards, Sight
from engine.sheet import Meld, MeldKind
from engine.tiles import N_KINDS, Tile, parse_tiles
from engine.variants import get as get_variant
from tests.engine.flow.harness import bots_finish

VARIANTS = ["pinghe", "nanping", "guangdong", "erren"]


def straightforward(sight: Sight, candidates: list[Tile]) -> tuple[tuple[DiscardChoice, ...], Tile]:
    """Every candidate's rest counted on its own and ranked; the careful tile by `best_discard` alone."""
    style = judge.style_for(sight.variant)
    table = judge.table_for(sight, style)
    tiles = sorted(set(candidates))
    judged = []
    for tile in tiles:
        rest = list(sight.hand)
        rest.remove(tile)
        eff = judge.efficiency(rest, sight)
        judged.append(DiscardChoice(tile, eff.shanten, eff.count, eff.tiles, judge.danger(sight, table, tile)))
    ranked = sorted(judged, key=lambda c: (c.shanten, -c.effective, c.tile == sight.gold, c.danger, c.tile))
    return tuple(ranked), judge.best_discard(sight, style, table, tiles)[0]


def same_both_ways(sight: Sight, candidates: list[Tile]) -> None:
    ranked, careful = straightforward(sight, candidates)
    judged = Discards(sight, candidates)
    assert judged.ranked() == ranked
    for shown in (1, 3):
        assert Discards(sight, candidates).ranked(shown) == ranked[:shown]
    assert judged.careful() == judged.choice(careful)
    for choice in ranked:
        assert judged.choice(choice.tile) == choice
        assert judged.steps[choice.tile] == choice.shanten


def candidate_sets(sight: Sight, rng: random.Random) -> list[list[Tile]]:
    tiles = sorted(set(sight.hand))
    return [tiles, sorted(rng.sample(tiles, rng.randint(1, len(tiles))))]


def played_states(variant: str, seed: str) -> list[HandState]:
    states: list[HandState] = []
    state = start_hand(variant, seed=seed, dealer=0).state
    actions: list[tuple[int, Action]] = []
    bots_finish(state, random.Random(seed), actions=actions, listed=False)
    for seat, action in actions:
        states.append(state)
        state = apply(state, seat, action).state
    return states


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_seat_of_played_hands_has_its_discards_judged_as_the_straightforward_way(variant):
    rng = random.Random(variant)
    judged = 0
    for n in range(3):
        for state in played_states(variant, f"one-reading-{variant}-{n}"):
            for seat in range(state.n_seats):
                sight = judge.sight(state, seat)
                if len(sight.hand) % 3 != 2:
                    continue
                for candidates in candidate_sets(sight, rng):
                    same_both_ways(sight, candidates)
                    judged += 1
    assert judged > 100


def random_sight(rng: random.Random) -> Sight:
    variant = get_variant(rng.choice(VARIANTS))
    kinds = rng.sample(range(N_KINDS), rng.randint(4, 14))  # few kinds: fours, pairs and triplets
    wall = [Tile(k) for k in kinds for _ in range(4)]
    rng.shuffle(wall)
    melds: tuple[Meld, ...] = ()
    size = 17 if variant.id in ("pinghe", "nanping") else 14
    if rng.random() < 0.25:
        melds = (Meld(MeldKind.PUNG, (Tile(33),) * 3),)
        size -= 3
    hand = tuple(sorted(wall[:size]))
    hand = hand[: len(hand) - (len(hand) % 3 + 1) % 3]  # 3k+2 (a wall of few kinds may hold fewer)
    gold = Tile(rng.choice([*kinds, 31, 31])) if rng.random() < 0.7 else None
    others = [Tile(k) for k in range(N_KINDS) for _ in range(4)]
    rng.shuffle(others)
    rivers = tuple(tuple(others[i * 12 : i * 12 + rng.randint(0, 12)]) for i in range(4))
    seen = [0] * N_KINDS
    for t in hand + tuple(t for river in rivers for t in river):
        seen[t.kind] += 1
    if gold is not None:
        seen[gold.kind] += 1
    exposed = tuple(
        tuple(Meld(MeldKind.PUNG, (Tile(k),) * 3) for k in rng.sample((27, 28, 29, 30, 31, 32, 33), rng.randint(0, 3)))
        for _ in range(4)
    )
    return Sight(
        seat=0,
        hand=hand,
        melds=melds,
        gold=gold,
        shapes=variant.shapes if not melds else frozenset(s for s in variant.shapes if s.name == "STANDARD"),
        seen=tuple(min(4, n) for n in seen),
        rivers=rivers,
        exposed=exposed,
        meld_counts=tuple(len(m) for m in exposed),
        you=(0, *(rng.choice((0, 0, 0, 1, 2)) for _ in range(3))),
        declared=tuple(rng.random() < 0.1 for _ in range(4)),
        drawable=rng.randint(0, 80),
        turn=rng.randrange(4),
        discard_win_share=rng.choice((0.35, 0.7, 1.0)),
        liability=rng.random() < 0.5,
        last_tiles_bao=rng.choice((0, 4)),
        variant=variant.id,
    )


def test_random_sights_have_their_discards_judged_as_the_straightforward_way():
    rng = random.Random("one-reading")
    for _ in range(250):
        sight = random_sight(rng)
        if len(sight.hand) < 2:
            continue
        for candidates in candidate_sets(sight, rng):
            same_both_ways(sight, candidates)


WRITTEN = [
    # (variant, hand, gold): a fourth copy to draw (111m, 222p), one held (9999s), 白板 as the gold's face
    ("pinghe", "11188m2223p456s999s5z7z", "5m"),
    ("pinghe", "1111m222p34p9999s55z67z", "3s"),
    ("nanping", "1234m5z5z5z66p789p12333s", "1s"),
    # the pair shapes: 对对胡 (7 pairs + a triplet, 17 tiles) and 七对 with four of a kind
    ("pinghe", "11m22m33p44p55s66s777z1z2z", "9m"),
    ("erren", "1122m3344p5566s7z7z", None),
    ("erren", "1111m2233p4455s6z7z", None),
    # 十三幺 one tile away, and with a pair
    ("guangdong", "19m19p19s1234567z5m", None),
    ("guangdong", "19m19p19s1234566z5m", None),
]


@pytest.mark.parametrize(("variant", "hand", "gold"), WRITTEN)
def test_written_hands_have_their_discards_judged_as_the_straightforward_way(variant, hand, gold):
    tiles = tuple(sorted(parse_tiles(hand)))
    assert len(tiles) % 3 == 2
    seen = [0] * N_KINDS
    for t in tiles:
        seen[t.kind] += 1
    sight = Sight(
        seat=0,
        hand=tiles,
        melds=(),
        gold=Tile.parse(gold) if gold else None,
        shapes=get_variant(variant).shapes,
        seen=tuple(min(4, n) for n in seen),
        rivers=((), (), (), ()),
        exposed=((), (), (), ()),
        meld_counts=(0, 0, 0, 0),
        you=(0, 0, 0, 0),
        declared=(False,) * 4,
        drawable=60,
        turn=0,
        variant=variant,
    )
    same_both_ways(sight, sorted(set(tiles)))
