"""The deal: stacks, 补花 in rounds from the dealer, 开金 by the dice, 喊金."""

import pytest

from engine.actions import NamedGoldInvalid, NameGold
from engine.hand import Phase, new_hand
from engine.tiles import Tile
from tests.engine.flow.harness import ALICE, BOB, CAROL, DAVE, deal, deal_with_events, play


@pytest.mark.parametrize("variant", ["pinghe", "nanping"])
def test_the_dealer_holds_17_and_the_others_16(variant):
    state = new_hand(variant, seed="deal", dealer=CAROL)
    sizes = [len(s.hand) for s in state.seats]
    assert sizes[CAROL] == 17 and sizes.count(16) == 3
    assert state.remaining == 144 - 17 - 48 - sum(len(s.flowers) for s in state.seats)
    assert not any(t.is_flower for s in state.seats for t in s.hand)


def test_the_same_seed_deals_the_same_hands_and_another_seed_does_not():
    a, b, c = (new_hand("pinghe", seed=s, dealer=0) for s in ("same", "same", "other"))
    assert a == b
    assert a.seats != c.seats


def test_flowers_are_replaced_from_the_back_in_rounds_starting_with_the_dealer():
    # Alice's replacement for 1f is 2f again: she waits until Bob has replaced his 3f.
    alice = "1f" + "19m19p19s1234567z" + "5m5p8s"
    bob = "3f" + "28m28p28s1234567z" + "4s7m"
    state, events = deal_with_events("pinghe", {ALICE: alice, BOB: bob}, back="2f6s6m")
    rounds = [(e.seat, e.public["flowers"]) for e in events if e.kind == "flowers"]
    assert rounds == [(ALICE, "1f"), (BOB, "3f"), (ALICE, "2f")]
    assert state.seats[ALICE].flowers == (Tile.parse("1f"), Tile.parse("2f"))
    assert Tile.parse("6m") in state.seats[ALICE].hand and Tile.parse("6s") in state.seats[BOB].hand


def test_the_gold_is_counted_by_the_dice_from_the_replacement_end():
    state = deal("pinghe", {}, gold="7p", dice=(2, 3))
    assert state.gold == Tile.parse("7p")
    assert state.indicator == state.back - 5
    assert state.wall[state.indicator] == Tile.parse("7p")  # it stays in the wall, face up


def test_a_flower_turned_up_is_put_back_and_the_dice_thrown_again():
    # pinghe counts the opening dice (1+2): the third tile from the back is 5f, so the dealer
    # throws again (2+2) and the fourth tile, 7p, is the gold.
    state, events = deal_with_events("pinghe", {}, gold=None, dice=(1, 2), back="1z2z5f7p", gold_dice=[[2, 2]])
    throws = [(e.public["dice"], e.public["flower"]) for e in events if e.kind == "gold_dice"]
    assert throws == [([1, 2], True), ([2, 2], False)]
    assert state.gold == Tile.parse("7p")
    assert Tile.parse("5f") in state.wall[state.front : state.back]


def test_nanping_throws_new_dice_for_the_gold():
    state = deal("nanping", {}, gold=None, dice=(6, 6), back="1z2z3z4z", gold_dice=[[1, 2]])
    assert state.gold == Tile.parse("3z")


def test_hanjin_the_dealer_names_the_gold_before_the_deal():
    state = new_hand("pinghe", seed="hanjin", dealer=DAVE, options={"named_gold": True})
    assert (state.phase, state.to_act) == (Phase.NAME_GOLD, (DAVE,))
    assert all(s.hand == () for s in state.seats)
    with pytest.raises(NamedGoldInvalid):
        play(state, (DAVE, NameGold(Tile.parse("1f"))))
    state = play(state, (DAVE, NameGold(Tile.parse("5m"))))
    assert state.gold == Tile.parse("5m") and state.indicator is None
    assert len(state.seats[DAVE].hand) == 17
