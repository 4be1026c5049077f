"""连庄: the dealer stays (streak + 1) after winning or a drawn hand; otherwise the next seat deals."""

from engine.actions import RobConcealedKong
from engine.hand import next_dealership
from tests.engine.flow.harness import ALICE, BOB, QJ, WIN, D, K, deal, drain, everyone_passes, play

ALICE_COMPLETE = "123m456m789m123p456p11s"
BOB_READY = "123m456m789m123p" + "11s" + "45p"


def test_the_dealer_wins_and_deals_again_with_a_longer_streak():
    state = everyone_passes(play(deal("nanping", {ALICE: ALICE_COMPLETE}, opening=True, streak=3), (ALICE, WIN)))
    assert next_dealership(state) == (ALICE, 4)


def test_another_seat_wins_and_the_next_seat_deals_a_first_dealership():
    state = everyone_passes(play(deal("pinghe", {BOB: BOB_READY}, opening=True, streak=2), (BOB, QJ())))
    assert next_dealership(state) == (BOB, 1)


def test_a_drawn_hand_keeps_the_dealer():
    assert next_dealership(drain(deal("pinghe", {}))) == (ALICE, 2)


def test_a_wrong_kong_guess_is_no_dealer_win_and_the_deal_passes_on():
    """nanping 诈胡 ends the hand (pinghe plays on: tests/engine/flow/test_kongs.py)."""
    alice_kong = "5p5p5p5p" + "1m4m7m" + "1s4s7s" + "1z2z3z4z6z7z" + "9m"
    bob = "123m456m789m" + "11s" + "123s" + "78p"
    state = play(deal("nanping", {ALICE: alice_kong, BOB: bob}, back="2z"), (ALICE, K("5p")), (ALICE, D("2z")))
    state = play(state, (BOB, RobConcealedKong(ALICE, 0)))
    assert next_dealership(state) == (BOB, 1)


def test_the_first_dealer_is_drawn_from_the_table_seed():
    from engine.hand import first_dealer

    dealers = {first_dealer(f"table-{i}", 4) for i in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert first_dealer("table-7", 4) == first_dealer("table-7", 4)
