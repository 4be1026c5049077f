"""Shanten (向听) is exact when a hand holds four of a kind: no tile exists a fifth time.

A place in a block that only a fifth copy could fill stays open, so a hand holding 1111z
is further from ready than its blocks alone suggest. In a gold game (金) a gold drawn
later may stand in such a place (the game has four golds); without golds nothing can.
Both entries are checked, engine.waits.shanten and the judgement's engine.judge.shanten (the
bots' and the review's, on face counts through waits' public `shanten_counts`), against
references counted from first principles: a brute force over every draw (small hands), the
`mahjong` package (PyPI, no golds), and a place-by-place count of every block reading (`slot_shanten`, any size, golds).
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement, product

import pytest
from mahjong.shanten import Shanten

from engine import judge
from engine.shapes import Shape, face_counts, standard_need, win_checker
from engine.tiles import BAIBAN, N_KINDS, Tile, format_tiles, parse_tiles
from engine.waits import SPARE_GOLDS, clear_caches, shanten, waits

STANDARD = frozenset({Shape.STANDARD})
PINGHE = frozenset({Shape.STANDARD, Shape.PINGHE_PAIRS})
ERREN = frozenset({Shape.STANDARD, Shape.SEVEN_PAIRS})
GUANGDONG = frozenset({Shape.STANDARD, Shape.THIRTEEN_ORPHANS, Shape.NINE_GATES})


def both(hand: str, gold: str | None = None, shapes: frozenset[Shape] = STANDARD) -> tuple[int, int]:
    """(engine.waits.shanten, engine.judge.shanten) of an mpsz hand."""
    tiles, gold_tile = parse_tiles(hand), Tile.parse(gold) if gold else None
    return shanten(tiles, gold=gold_tile, shapes=shapes), judge.shanten(tiles, gold_tile, shapes)


# ------------------------------------------------------------------ tables


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # The mahjong package's own cases (its regular-hand shanten), each one too low before.
        ("11m111122223333z", 2),
        ("23m111122223333z", 2),
        ("11m11112222333z", 2),
        ("23m11112222333z", 2),
        ("1111222233334z", 3),
    ],
)
@pytest.mark.parametrize("shapes", [STANDARD, GUANGDONG], ids=["standard", "guangdong"])
def test_the_packages_four_of_a_kind_cases(hand, expected, shapes):
    assert both(hand, shapes=shapes) == (expected, expected)


@pytest.mark.parametrize(
    ("hand", "gold", "shapes", "expected"),
    [
        # No gold game: a fifth copy never comes.
        ("1111m 456p 789p 123s", None, STANDARD, 1),  # 111m + 1m, or 11m + 11m: both wait on a fifth 1m
        ("1111z", None, STANDARD, 1),  # 111z, and the pair cannot be 1z
        ("1111m 5p", None, STANDARD, 0),  # discard a 1m: 111m waits on 5p (a 1m pair would need a fifth)
        ("2222m 13m 7p", None, STANDARD, 0),  # 123m + 222m waits on 7p (13m beside 2222m would need a fifth 2m)
        ("2222m 13m 79m 5p 6p", None, STANDARD, 1),
        ("1111z 2222z 3333z 4z", None, STANDARD, 3),
        ("1111z 2222z 3333z 44z", None, STANDARD, 2),
        ("1111z 2222z 3333z 4444z 5z", None, STANDARD, 3),
        ("1111z 2222z 3333z 4444z 5z", None, PINGHE, 0),  # 对对胡: 111z + six pairs + 5z, the fourth 1z out
        ("11112222333344z", None, ERREN, -1),  # 龙七对: four of a kind is two of the seven pairs (erren)
        # Gold game: a gold, held or drawn, may stand where only a fifth copy could.
        ("1111z 2z", "5m", STANDARD, 0),
        ("2222m 13m 79m 5p 6p", "1z", STANDARD, 1),
        ("1111z 2222z 3333z 4z", "5m", STANDARD, 2),  # draw two golds: 1z 金金 is a set
        ("1111z 2222z 3333z 5z", "5m", STANDARD, 2),
        ("1111z 2222z 3333z 5z 5m", "5m", STANDARD, 1),
        ("1111z 2222z 3333z 5m5m", "5m", STANDARD, 0),
        ("1111z 2222z 3333z 4444z 5z", "5m", STANDARD, 2),
        ("1111z 2222z 3333z 4444z 5m", "5m", STANDARD, 1),
        ("1111z 2222z 3333z 4444z 5z", "5m", PINGHE, 0),
        ("1111m 456p 789p 123s", "5z", STANDARD, 0),  # ready: a drawn gold makes 11m + 11金 or 111m + 1金
    ],
)
def test_four_of_a_kind_table(hand, gold, shapes, expected):
    assert both(hand, gold, shapes) == (expected, expected)


def test_ready_in_a_gold_game_means_the_gold_is_a_wait():
    tiles = parse_tiles("1111m 456p 789p 123s")
    assert waits(tiles, gold=Tile.parse("5z"), shapes=STANDARD).tiles == (Tile.parse("5z"),)
    assert waits(tiles, shapes=STANDARD).tiles == ()


# ------------------------------------------------------------------ references


GOLD = -1  # a drawn gold, in the brute force's draw pool


def brute_force(tiles: tuple[Tile, ...], gold: Tile | None, shapes: frozenset[Shape]) -> int:
    """Fewest draws (each replacing a discard) to a win, less one: every kept part of the hand
    with every multiset of drawn tiles near it. No kind is drawn past four copies, nor golds
    (a gold game's only) past four; in a gold game 白板 draws as the gold's face."""
    counts, golds = face_counts(tiles, gold)
    target = len(tiles) + 1 if len(tiles) % 3 == 1 else len(tiles)
    check = win_checker(shapes)
    pool = _draw_pool(counts, gold)
    held = [k for k in range(N_KINDS) if counts[k]]
    for draws in range(target + 1):
        for kept in product(*(range(counts[k] + 1) for k in held)):
            for kept_golds in range(golds + 1):
                if sum(kept) + kept_golds + draws != target:
                    continue
                for drawn in combinations_with_replacement(pool, draws):
                    if drawn.count(GOLD) > 4 - golds or any(drawn.count(k) > 4 - counts[k] for k in drawn if k >= 0):
                        continue
                    c = [0] * N_KINDS
                    for k, n in zip(held, kept, strict=True):
                        c[k] = n
                    for k in drawn:
                        c[k] += k >= 0
                    if check(c, kept_golds + drawn.count(GOLD)):
                        return draws - 1
    raise AssertionError("no win within reach")


def _draw_pool(counts: list[int], gold: Tile | None) -> list[int]:
    """Kinds worth drawing: those held and their suit neighbours within two, two honours the
    hand lacks (a block of drawn tiles), and the gold in a gold game (白板 is no face there)."""
    pool: set[int] = set()
    for k in range(N_KINDS):
        if counts[k]:
            pool.update(j for j in range(k - 2, k + 3) if j // 9 == k // 9) if k < 27 else pool.add(k)
    pool.update([k for k in range(27, N_KINDS) if not counts[k] and k != BAIBAN][:2])
    return sorted(pool) if gold is None else [*sorted(pool - {BAIBAN}), GOLD]


_SUITS = ((0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False))


def slot_shanten(c: list[int], golds: int, spare: int) -> int:
    """Standard-shape shanten counted place by place: every reading of each suit into blocks
    (chows, pungs, the pair) and every kind's places, real tiles used where held; places past
    the fourth copy of a kind must be golds, `spare` of them at most in all."""
    size = sum(c) + golds
    if size % 3 == 2 and standard_need(c) <= golds:
        return -1
    target = size + 1 if size % 3 == 1 else size
    k = target // 3
    rows = [_slot_rows(c[base : base + n], chows, spare) for base, n, chows in _SUITS]
    best = 0
    for spares in product(range(spare + 1), repeat=4):
        if sum(spares) > spare:
            continue
        for sets in product(range(k + 1), repeat=4):
            if sum(sets) != k:
                continue
            for pair_suit in range(4):
                used = sum(rows[s][spares[s]][s == pair_suit][sets[s]] for s in range(4))
                best = max(best, used)
    return target - golds - best - 1


def _slot_rows(c: list[int], chows: bool, spare: int) -> list[list[list[int]]]:
    """rows[e][pair][m]: most real tiles of one suit in m set-blocks (+ the pair), e places past four."""
    n = len(c)
    states = {(0, 0, 0, 0, 0): 0}  # (chows from i-1, chows from i-2, blocks, pair, places past four)
    for i in range(n):
        reach = c[i] + (c[i + 1] + c[i + 2] if chows and i + 2 < n else 0)
        after: dict[tuple[int, int, int, int, int], int] = {}
        for (a, b, m, p, e), value in states.items():
            for x in range(min(5 - m, 4, reach) + 1 if chows and i + 2 < n else 1):
                for pungs in range(min(5 - m - x, 2 if c[i] else 0) + 1):
                    for pair in (0, 1) if not p and c[i] else (0,):
                        places = a + b + x + 3 * pungs + 2 * pair
                        past = e + max(0, places - 4)
                        state = (x, a, m + x + pungs, p | pair, past)
                        if past <= spare and after.get(state, -1) < value + min(c[i], places):
                            after[state] = value + min(c[i], places)
        states = after
    rows = [[[0] * 6 for _ in range(2)] for _ in range(spare + 1)]
    for (a, b, m, p, e), value in states.items():
        for e2, p2, m2 in product(range(e, spare + 1), range(p, 2), range(m, 6)):
            if not a and not b:
                rows[e2][p2][m2] = max(rows[e2][p2][m2], value)
    return rows


def with_fours(rng: random.Random, size: int, kinds: range = range(N_KINDS)) -> list[Tile]:
    """A hand of `size` tiles holding one to three kinds four times, the rest dealt at random."""
    hand: list[int] = []
    for _ in range(rng.randrange(1, 4)):
        k = rng.choice(kinds)
        hand += [k] * 4 if k not in hand else []
    while len(hand) < size:
        k = rng.choice(kinds)
        if hand.count(k) < 4:
            hand.append(k)
    return [Tile(k) for k in hand[:size]]


# ------------------------------------------------------------------ agreement


@pytest.mark.parametrize("seed", range(4))
def test_small_hands_agree_with_the_brute_force(seed):
    rng = random.Random(seed)
    near = range(0, 13)  # 1m-4p: chows and kinds held four times crowd together
    for _ in range(40):
        hand = with_fours(rng, rng.choice([4, 5, 7, 8]), rng.choice([near, range(27, 34), range(N_KINDS)]))
        gold = rng.choice([None, Tile.parse("5m"), Tile.parse("2z"), Tile.parse("3m")])
        if gold is not None and hand.count(gold) > 4:
            continue
        for shapes in (STANDARD, ERREN):
            expected = brute_force(tuple(hand), gold, shapes)
            got = (shanten(hand, gold=gold, shapes=shapes), judge.shanten(hand, gold, shapes))
            assert got == (expected, expected), (format_tiles(hand), gold, shapes)


def test_no_gold_hands_agree_with_the_mahjong_package():
    rng, package = random.Random("package"), Shanten()
    for _ in range(400):
        hand = with_fours(rng, rng.choice([13, 14]))
        expected = package.calculate_shanten_for_regular_hand(face_counts(hand, None)[0])
        assert (shanten(hand, shapes=STANDARD), judge.shanten(hand, None, STANDARD)) == (expected, expected), hand


@pytest.mark.parametrize("size", [13, 14, 16, 17])
def test_gold_hands_agree_with_the_place_count(size):
    rng = random.Random(f"slots {size}")
    for _ in range(25):
        hand = with_fours(rng, size)
        for gold in (None, Tile(rng.randrange(N_KINDS))):
            if gold is not None and hand.count(gold) > 4:
                continue
            counts, golds = face_counts(hand, gold)
            expected = slot_shanten(counts, golds, SPARE_GOLDS if gold is not None else 0)
            got = (shanten(hand, gold=gold, shapes=STANDARD), judge.shanten(hand, gold, STANDARD))
            assert got == (expected, expected), (format_tiles(hand), gold)


def test_forgetting_the_memoized_rows_changes_no_answer():
    rng = random.Random("cold")
    hands = [(with_fours(rng, 17), Tile(rng.randrange(N_KINDS))) for _ in range(30)]
    hands = [(hand, gold) for hand, gold in hands if hand.count(gold) <= 4]
    warm = [shanten(hand, gold=gold, shapes=PINGHE) for hand, gold in hands]
    clear_caches()
    assert [shanten(hand, gold=gold, shapes=PINGHE) for hand, gold in hands] == warm
