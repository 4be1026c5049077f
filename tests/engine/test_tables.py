"""The shipped per-suit tables: loaded from engine/_tables.bin and right on any suit."""

import zlib

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import _suits
from tests.engine.test_shapes_properties import reference_standard


def test_the_shipped_file_is_current_and_loads_without_a_rebuild():
    blob = zlib.decompress(_suits.TABLE_FILE.read_bytes())
    assert blob[0] == _suits._FORMAT_VERSION
    assert len(blob) == 1 + sum(_suits._sizes())
    assert blob[1 : 1 + _suits.NUMBER_KEYS] == _suits.NUMBERS


def fewest_golds(counts: tuple[int, ...], pair: bool) -> int:
    return next(g for g in range(20) if reference_standard(counts, g, pair))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=9, max_size=9).filter(lambda c: sum(c) <= 12), st.sampled_from([0, 9, 18]))
def test_number_suit_needs_match_the_reference(suit, base):
    counts = [0] * 34
    counts[base : base + 9] = suit
    key = sum(n * 5**i for i, n in enumerate(suit))
    packed = _suits.NUMBERS[key]
    assert (packed & 15, packed >> 4) == (fewest_golds(tuple(counts), False), fewest_golds(tuple(counts), True))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=7, max_size=7))
def test_honour_needs_match_the_reference(honours):
    counts = (0,) * 27 + tuple(honours)
    key = sum(n * 5**i for i, n in enumerate(honours))
    packed = _suits.HONORS[key]
    assert (packed & 15, packed >> 4) == (fewest_golds(counts, False), fewest_golds(counts, True))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=9, max_size=9).filter(lambda c: sum(c) <= 13))
def test_wait_words_say_which_tile_lowers_a_need(suit):
    key = sum(n * 5**i for i, n in enumerate(suit))
    info = _suits.NUMBER_WAITS[key]
    n0, n1 = _suits.NUMBERS[key] & 15, _suits.NUMBERS[key] >> 4
    paired = n1 == n0 - 1  # the pair costs a gold fewer here than no pair
    lowers_n0 = lowers_n1 = 0
    for j in range(9):
        if suit[j] < 4:
            after = _suits.NUMBERS[key + 5**j]
            assert (after & 15) in (n0 - 1, n0 + 2) and (after >> 4) in (n1 - 1, n1 + 2)
            lowers_n0 |= ((after & 15) == n0 - 1) << j
            lowers_n1 |= ((after >> 4) == n1 - 1) << j
    pair_here = lowers_n1 if paired else 0
    assert info & 511 == lowers_n0 | pair_here  # two suits or more paired
    assert info >> 9 & 511 == (pair_here if paired else lowers_n0)  # exactly one
    assert (info >> 18 & 63, info >> 24 & 7, info >> 27) == (n0, paired, sum(n & 1 for n in suit))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=9, max_size=9), st.integers(0, 31))
def test_held_tables_say_which_kinds_a_suit_holds_n_times(suit, counts):
    key = sum(n * 5**i for i, n in enumerate(suit))
    lo, hi = _suits.held_tables(counts)
    assert lo[key % 625] | hi[key // 625] == sum(1 << j for j, n in enumerate(suit) if counts >> n & 1)
