"""Property tests (hypothesis): wins built from sets stay wins with golds, waits match a brute force.

The reference here is deliberately naive and written separately from the engine:
it tries every group at the lowest tile, with golds standing in anywhere (also
where a real tile would do), and knows nothing of the engine's tables.
"""

from functools import cache

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.shapes import Shape, decompose, is_win
from engine.tiles import BAIBAN, N_KINDS, Tile, parse_tiles
from engine.waits import shanten, waits

PINGHE = frozenset({Shape.STANDARD, Shape.PINGHE_PAIRS})
ERREN = frozenset({Shape.STANDARD, Shape.SEVEN_PAIRS})
STANDARD = frozenset({Shape.STANDARD})
GUANGDONG = frozenset({Shape.STANDARD, Shape.THIRTEEN_ORPHANS, Shape.NINE_GATES})
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# ------------------------------------------------------------------ reference


def reference_counts(tiles, gold):
    """Face counts and golds by the rule's words: gold copies are wild, 白板 plays as the gold's face."""
    counts, golds = [0] * N_KINDS, 0
    for tile in tiles:
        if gold is not None and tile == gold:
            golds += 1
        elif gold is not None and tile.kind == BAIBAN:
            counts[gold.kind] += 1
        else:
            counts[tile.kind] += 1
    return tuple(counts), golds


@cache
def reference_standard(counts, golds, need_pair):
    """Can counts + golds be sets (+ the pair)? Exhaustive over groups holding the lowest tile."""
    i = next((k for k in range(N_KINDS) if counts[k]), None)
    if i is None:
        left = golds - (2 if need_pair else 0)
        return left >= 0 and left % 3 == 0
    groups = [[i] * 3] + ([[i] * 2] if need_pair else [])
    if i < 27:
        low = i - i % 9
        groups += [list(range(s, s + 3)) for s in (i - 2, i - 1, i) if low <= s and s + 2 <= low + 8]
    for group in groups:
        for use_real in _real_choices(counts, group, i):
            rest, wild = list(counts), golds
            for kind, real in zip(group, use_real, strict=True):
                if real:
                    rest[kind] -= 1
                else:
                    wild -= 1
            if wild >= 0 and reference_standard(tuple(rest), wild, need_pair and len(group) == 3):
                return True
    return False


def _real_choices(counts, group, lowest):
    """Every way to take real tiles for a group: kinds below the lowest are golds, one copy of
    the lowest is real (the group is there to place it), every other tile real or gold."""
    options: list[list[bool]] = [[]]
    for pos, kind in enumerate(group):
        if kind < lowest:
            options = [[*o, False] for o in options]
        elif kind == lowest and lowest not in group[:pos]:
            options = [[*o, True] for o in options]
        else:
            options = [[*o, False] for o in options] + [[*o, True] for o in options]
    return [o for o in options if _fits(counts, group, o)]


def _fits(counts, group, use_real):
    need: dict[int, int] = {}
    for kind, real in zip(group, use_real, strict=True):
        if real:
            need[kind] = need.get(kind, 0) + 1
    return all(counts[k] >= n for k, n in need.items())


def reference_pairs_shape(counts, golds, triplet):
    """All pairs (seven pairs), or 7 pairs + 1 triplet (pinghe 对对胡), golds filling in."""
    if not triplet:
        singles = sum(n % 2 for n in counts)
        return singles <= golds and (golds - singles) % 2 == 0
    for k in range(N_KINDS):
        for real in range(0, min(counts[k], 3) + 1):
            rest = list(counts)
            rest[k] -= real
            if 3 - real <= golds and reference_pairs_shape(tuple(rest), golds - (3 - real), False):
                return True
    return False


ORPHAN_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def reference_orphans(counts, golds):
    """十三幺: only 1/9 and honours, each at least once (golds fill), one of them twice."""
    if any(counts[k] for k in range(N_KINDS) if k not in ORPHAN_KINDS):
        return False
    for pair in ORPHAN_KINDS:
        need = [2 if k == pair else 1 for k in ORPHAN_KINDS]
        have = [counts[k] for k in ORPHAN_KINDS]
        if all(h <= n for h, n in zip(have, need, strict=True)) and sum(need) - sum(have) == golds:
            return True
    return False


def reference_nine_gates(counts, golds):
    """九莲宝灯: 1112345678999 of one suit plus any tile of that suit (golds fill)."""
    for suit in range(3):
        for extra in range(9):
            target = [0] * N_KINDS
            for j, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
                target[9 * suit + j] = n + (j == extra)
            if all(c <= t for c, t in zip(counts, target, strict=True)) and sum(target) - sum(counts) == golds:
                return True
    return False


def reference_win(tiles, gold, shapes):
    counts, golds = reference_counts(tiles, gold)
    size = len(tiles)
    if Shape.STANDARD in shapes and reference_standard(counts, golds, True):
        return True
    if size == 14 and Shape.THIRTEEN_ORPHANS in shapes and reference_orphans(counts, golds):
        return True
    if size == 14 and Shape.NINE_GATES in shapes and reference_nine_gates(counts, golds):
        return True
    if Shape.PINGHE_PAIRS in shapes and size == 17 and reference_pairs_shape(counts, golds, True):
        return True
    return Shape.SEVEN_PAIRS in shapes and size == 14 and reference_pairs_shape(counts, golds, False)


def reference_waits(tiles, gold, shapes):
    held = [0] * N_KINDS
    for t in tiles:
        held[t.kind] += 1
    return tuple(Tile(k) for k in range(N_KINDS) if held[k] < 4 and reference_win((*tiles, Tile(k)), gold, shapes))


# ------------------------------------------------------------------ strategies

kinds = st.integers(0, N_KINDS - 1)
chows = st.tuples(st.integers(0, 2), st.integers(0, 6)).map(lambda sp: [9 * sp[0] + sp[1] + d for d in range(3)])
pungs = kinds.map(lambda k: [k] * 3)


@st.composite
def built_wins(draw, min_sets=0, max_sets=5):
    """A pair and random sets (at most four copies of a kind), shuffled."""
    n_sets = draw(st.integers(min_sets, max_sets))
    hand = [draw(kinds)] * 2
    for _ in range(n_sets):
        hand += draw(st.one_of(chows, pungs))
    assume(all(hand.count(k) <= 4 for k in hand))
    return [Tile(k) for k in draw(st.permutations(hand))]


@st.composite
def gilded(draw, hand_strategy):
    """A hand and a gold; up to four of its tiles turned into golds."""
    hand = list(draw(hand_strategy))
    gold = Tile(draw(kinds))
    spots = [i for i, t in enumerate(hand) if t != gold]
    extra = draw(st.integers(0, max(0, 4 - hand.count(gold))))
    for i in draw(st.permutations(spots))[:extra]:
        hand[i] = gold
    return tuple(hand), gold


@st.composite
def dealt(draw, sizes=(4, 7, 10, 13, 16)):
    """Random 3k+1 concealed tiles (at most four of a kind) and maybe a gold."""
    size = draw(st.sampled_from(sizes))
    wall = [Tile(k) for k in range(N_KINDS) for _ in range(4)]
    hand = tuple(draw(st.permutations(wall))[:size])
    gold = draw(st.one_of(st.none(), st.sampled_from(hand), kinds.map(Tile)))
    return hand, gold


# ------------------------------------------------------------------ properties


@SETTINGS
@given(built_wins())
def test_every_hand_of_sets_and_a_pair_is_a_win(hand):
    assert is_win(hand, shapes=STANDARD)
    readings = decompose(hand, shapes=STANDARD)
    assert readings
    for reading in readings:
        assert sorted(t for g in reading.groups for t in g.tiles) == sorted(hand)
        assert reading.pair is not None and len(reading.sets) == len(hand) // 3


@SETTINGS
@given(gilded(built_wins()))
def test_replacing_tiles_by_golds_keeps_a_win(hand_gold):
    hand, gold = hand_gold
    assert is_win(hand, gold=gold, shapes=STANDARD)
    readings = decompose(hand, gold=gold, shapes=STANDARD)
    assert readings and all(r.golds == hand.count(gold) for r in readings)


@SETTINGS
@given(gilded(built_wins(min_sets=1)), st.data())
def test_a_tile_taken_from_a_win_is_among_the_waits(hand_gold, data):
    hand, gold = hand_gold
    i = data.draw(st.integers(0, len(hand) - 1))
    rest = hand[:i] + hand[i + 1 :]
    assert hand[i] in waits(rest, gold=gold, shapes=PINGHE).tiles


@SETTINGS
@given(st.one_of(dealt(), gilded(built_wins(min_sets=1)).map(lambda hg: (hg[0][1:], hg[1]))))
def test_waits_agree_with_the_brute_force_reference(hand_gold):
    hand, gold = hand_gold
    for shapes in (PINGHE, ERREN):
        assert waits(hand, gold=gold, shapes=shapes).tiles == reference_waits(hand, gold, shapes)


@SETTINGS
@given(st.one_of(dealt(), gilded(built_wins(min_sets=1)).map(lambda hg: (hg[0][1:], hg[1]))))
def test_shanten_is_zero_exactly_when_there_are_waits(hand_gold):
    hand, gold = hand_gold
    for shapes in (PINGHE, ERREN, STANDARD):
        ready = bool(waits(hand, gold=gold, shapes=shapes).tiles)
        assert (shanten(hand, gold=gold, shapes=shapes) == 0) == ready


@SETTINGS
@given(st.one_of(dealt(), gilded(built_wins()).map(lambda hg: (hg[0][1:], hg[1]))))
def test_youjin_means_every_tile_wins(hand_gold):
    hand, gold = hand_gold
    result = waits(hand, gold=gold, shapes=PINGHE)
    if result.any_tile:
        held = [t.kind for t in hand]
        assert result.tiles == tuple(Tile(k) for k in range(N_KINDS) if held.count(k) < 4)


@SETTINGS
@given(gilded(built_wins(min_sets=1)))
def test_a_complete_hand_has_shanten_minus_one_and_one_swap_makes_zero_or_better(hand_gold):
    hand, gold = hand_gold
    assert shanten(hand, gold=gold, shapes=PINGHE) == -1
    assert shanten(hand[1:], gold=gold, shapes=PINGHE) == 0


@st.composite
def near_special(draw):
    """13 tiles close to 十三幺 or 九莲宝灯: the shape plus any tile, less one or two, refilled at random."""
    base = draw(st.sampled_from(["19m19p19s1234567z", "1112345678999m", "1112345678999s"]))
    hand = [t.kind for t in parse_tiles(base)] + [draw(kinds)]
    for _ in range(draw(st.integers(1, 2))):
        hand.pop(draw(st.integers(0, len(hand) - 1)))
    while len(hand) < 13:
        hand.append(draw(kinds))
    assume(all(hand.count(k) <= 4 for k in hand))
    gold = draw(st.one_of(st.none(), kinds.map(Tile)))
    return tuple(Tile(k) for k in hand), gold


@SETTINGS
@given(near_special())
def test_special_shape_waits_agree_with_the_brute_force_reference(hand_gold):
    hand, gold = hand_gold
    assert waits(hand, gold=gold, shapes=GUANGDONG).tiles == reference_waits(hand, gold, GUANGDONG)
    ready = bool(reference_waits(hand, gold, GUANGDONG))
    assert (shanten(hand, gold=gold, shapes=GUANGDONG) == 0) == ready
