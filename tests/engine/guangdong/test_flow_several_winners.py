"""一炮多响: every seat that wins on a discard wins; 一炮三响 lifts each to 3 番; the dealer keeps the deal."""

from engine.hand import next_dealership
from tests.engine.flow.harness import ALICE, BOB, CAROL, DAVE, PASS, WIN, D, play
from tests.engine.guangdong.table import deal, throw_drawn

BOB_ALL_CHOWS = "123456m456p78s99s"  # 平胡, waits 6s/9s
CAROL_EAST_PONG = "123m456p789m111z9s"  # waits 9s alone; 111z is the round wind (圈风)
DAVE_CHICKEN = "234m567p78s22z333z"  # 鸡胡, waits 6s/9s
THREE_WAITING = {ALICE: "7z", BOB: BOB_ALL_CHOWS, CAROL: CAROL_EAST_PONG, DAVE: DAVE_CHICKEN}
ROUND_THEN_9S = "6z6z6z9s"  # Bob, Carol and Dave draw and throw 发; then Alice draws 9s


def alice_throws_9s_after_a_round():
    """Not her first discard (that would be 人胡): a go-around first, then the 9s."""
    state = deal(THREE_WAITING, live=ROUND_THEN_9S)
    state = throw_drawn(play(state, (ALICE, D("7z"))), BOB, CAROL, DAVE)
    return play(state, (ALICE, D("9s")))


def test_three_winners_on_one_discard_each_score_the_limit_and_the_discarder_pays_all():
    state = alice_throws_9s_after_a_round()
    assert set(state.to_act) == {BOB, CAROL, DAVE}
    state = play(state, (BOB, WIN), (CAROL, WIN), (DAVE, WIN))
    assert state.finished and state.sheet is not None
    assert state.sheet.win_type == "一炮三响"
    assert state.sheet.deltas == (-240, 80, 80, 80)  # 8 points × base 10 each, all from Alice
    assert next_dealership(state) == (BOB, 1)


def test_two_winners_score_their_own_hands():
    state = play(alice_throws_9s_after_a_round(), (BOB, WIN), (CAROL, WIN), (DAVE, PASS))
    assert state.finished and state.sheet is not None
    assert state.sheet.win_type == "一炮双响"
    assert state.sheet.deltas == (-40, 20, 20, 0)  # 平胡 1 番 and 鸡胡 + 圈风 1 番: no lift to 3


def test_one_winner_among_three_who_could():
    state = play(alice_throws_9s_after_a_round(), (BOB, PASS), (CAROL, PASS), (DAVE, WIN))
    assert state.sheet is not None and state.sheet.win_type == "食胡"
    assert state.sheet.deltas == (-10, 0, 0, 10)


def test_the_dealer_among_the_winners_keeps_the_deal():
    alice = "123m456p789s111z5s" + "7z"  # waits 5s alone after throwing 7z
    carol = "234m567p34s22z888m"  # waits 2s/5s
    state = deal({ALICE: alice, CAROL: carol}, live="6z6z6z6z5s")
    state = throw_drawn(play(state, (ALICE, D("7z"))), BOB, CAROL, DAVE, ALICE)
    state = play(state, (BOB, D("5s")))
    assert set(state.to_act) == {ALICE, CAROL}
    state = play(state, (CAROL, WIN), (ALICE, WIN))
    assert state.finished and state.sheet is not None
    # Alice: 鸡胡 + 门风 东 + 圈风 东 = 2 番 (40); Carol: 鸡胡 (10); Bob pays both.
    assert state.sheet.deltas == (40, -50, 10, 0)
    assert next_dealership(state) == (ALICE, 2)
