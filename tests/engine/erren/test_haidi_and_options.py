"""Who draws for 海底捞月, and the seeded table-option rolls (游戏中换牌, 搓牌)."""

import pytest

from engine.games.erren.rules import haidi_seat, option_rng, pick_choices, rolls, swap_offer
from engine.tiles import parse_tiles

ALICE, BOB = 0, 1


@pytest.mark.parametrize(
    ("ready", "declared_at", "ready_since", "drawer"),
    [
        ((False, False), (None, None), (None, None), None),  # nobody ready: 流局
        ((True, False), (None, None), (7, None), ALICE),  # one ready seat draws, declared or not
        ((False, True), (None, 12), (None, 12), BOB),
        ((True, True), (20, 9), (15, 9), BOB),  # both ready: the earlier 报听
        ((True, True), (None, 30), (3, 30), BOB),  # a declared seat before an undeclared one
        ((True, True), (None, None), (14, 11), BOB),  # neither declared: ready longer
        ((True, True), (None, None), (6, 11), ALICE),
    ],
)
def test_the_haidi_drawer(ready, declared_at, ready_since, drawer):
    assert haidi_seat(ready, declared_at, ready_since) == drawer


@pytest.mark.parametrize("dealer", [ALICE, BOB])
def test_both_ready_since_the_deal_the_dealer_draws(dealer):
    assert haidi_seat((True, True), (None, None), (0, 0), dealer) == dealer


def test_option_rolls_are_a_function_of_seed_option_and_turn():
    first = [option_rng("seed-1", "swap", turn).random() for turn in range(5)]
    again = [option_rng("seed-1", "swap", turn).random() for turn in range(5)]
    other = [option_rng("seed-1", "pick", turn).random() for turn in range(5)]
    assert first == again
    assert first != other


def test_an_option_off_never_fires_and_an_option_at_one_always_does():
    rngs = [option_rng("s", "swap", t) for t in range(50)]
    assert not any(rolls(0.0, r) for r in rngs)
    assert all(rolls(1.0, r) for r in rngs)


def test_an_option_at_a_quarter_fires_about_a_quarter_of_the_time():
    fired = sum(rolls(0.25, option_rng("s", "pick", t)) for t in range(2000))
    assert 400 < fired < 600


def test_the_swap_offer_is_a_kind_with_three_unseen_copies():
    unseen = parse_tiles("5555m 777p 11s 2z")
    offers = {swap_offer(unseen, option_rng("s", "swap", t)) for t in range(40)}
    assert offers == set(parse_tiles("5m7p"))


def test_no_swap_offer_when_no_kind_has_three_unseen_copies():
    assert swap_offer(parse_tiles("11m22p"), option_rng("s", "swap", 0)) is None


def test_pick_choices_are_the_unseen_kinds_once_each():
    assert pick_choices(parse_tiles("5m5m7p1z")) == parse_tiles("5m7p1z")
