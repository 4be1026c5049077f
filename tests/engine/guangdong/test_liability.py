"""包自摸: who becomes liable for a player's self-draw when a claim is made on their discard."""

from engine.games.guangdong.fans import FirstTurn
from engine.games.guangdong.rules import first_turn_win, liable_after_claim
from engine.sheet import Meld

ALICE, BOB, CAROL, DAVE = 0, 1, 2, 3


def melds(*texts):
    return tuple(Meld.parse(t) for t in texts)


def test_the_fourth_claimed_set_makes_the_discarder_liable():
    after = melds("123m", "555p", "789s", "222s")
    assert liable_after_claim(BOB, ALICE, after, {}) == ALICE


def test_the_third_claimed_set_makes_no_one_liable():
    assert liable_after_claim(BOB, ALICE, melds("123m", "555p", "789s"), {}) is None


def test_liable_first_not_later():
    # 包先不包后: Alice is already liable for Bob, so Carol's fourth set on her discard is free.
    assert liable_after_claim(CAROL, ALICE, melds("123m", "555p", "789s", "222s"), {BOB: ALICE}) is None


def test_the_first_liability_for_a_player_stands():
    assert liable_after_claim(BOB, DAVE, melds("123m", "555p", "789s", "222s"), {BOB: CAROL}) == CAROL


def test_feeding_the_fourth_wind_pong_is_liable_for_big_four_winds():
    assert liable_after_claim(BOB, CAROL, melds("111z", "333z", "444z", "222z"), {}) == CAROL


def test_feeding_the_fourth_wind_as_a_kong_is_liable_too():
    assert liable_after_claim(BOB, CAROL, melds("111z", "333z", "444z", "2222z"), {}) == CAROL


def test_feeding_the_third_dragon_is_liable_for_big_three_dragons():
    assert liable_after_claim(BOB, DAVE, melds("555z", "777z", "666z"), {}) == DAVE


def test_big_four_winds_liability_ignores_an_earlier_liability_of_the_feeder():
    assert liable_after_claim(BOB, CAROL, melds("555z", "777z", "666z"), {DAVE: CAROL}) == CAROL


def test_a_chow_after_three_wind_pongs_is_not_the_fourth_wind():
    assert liable_after_claim(BOB, ALICE, melds("111z", "333z", "444z"), {}) is None
    assert liable_after_claim(BOB, ALICE, melds("111z", "333z", "123m"), {}) is None


def first_turn(**kwargs):
    facts = {"dealer": ALICE, "self_draw": True, "discarder": None, "winner_draws": 0, "dealer_discards": 0}
    return first_turn_win(any_claim=False, **{**facts, **kwargs})


def test_tianhu_is_the_dealers_dealt_hand():
    assert first_turn(winner=ALICE) == FirstTurn.TIANHU
    assert first_turn(winner=ALICE, dealer_discards=1, winner_draws=1) == FirstTurn.NONE


def test_renhu_is_a_win_on_the_dealers_first_discard():
    assert first_turn(winner=CAROL, self_draw=False, discarder=ALICE, dealer_discards=1) == FirstTurn.RENHU
    # Bob drew and discarded; Carol wins on Bob's tile: not 人胡.
    assert first_turn(winner=CAROL, self_draw=False, discarder=BOB, dealer_discards=1) == FirstTurn.NONE


def test_dihu_is_a_self_draw_on_the_first_draw():
    assert first_turn(winner=DAVE, winner_draws=1, dealer_discards=1) == FirstTurn.DIHU
    assert first_turn(winner=DAVE, winner_draws=2, dealer_discards=2) == FirstTurn.NONE


def test_a_claim_ends_every_first_turn_win():
    after_a_pong = first_turn_win(
        winner=DAVE, dealer=ALICE, self_draw=True, discarder=None, winner_draws=1, dealer_discards=1, any_claim=True
    )
    assert after_a_pong == FirstTurn.NONE
