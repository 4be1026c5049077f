"""Kongs at a guangdong table: 抢杠 on an added kong only, 杠上开花, and 杠上开花包杠."""

from engine.hand import Phase, legal_actions
from tests.engine.flow.harness import ALICE, BOB, CAROL, DAVE, PASS, PONG, WIN, D, K, play
from tests.engine.guangdong.table import deal, facts, throw_drawn

CAROL_WAITS_5P = "123m789s111z46p99s"  # 鸡胡 + 圈风 东, waits 5p


def test_an_added_kong_is_robbed_and_the_robbed_player_pays_for_three():
    state = deal({ALICE: "5p", BOB: "55p7z", CAROL: CAROL_WAITS_5P}, live="6z6z6z5p")
    state = play(state, (ALICE, D("5p")), (CAROL, PASS), (BOB, PONG), (BOB, D("7z")))
    state = throw_drawn(state, CAROL, DAVE, ALICE)  # Carol's draw lifts her 漏胡 on 5p
    state = play(state, (BOB, K("5p")))
    assert state.phase == Phase.ROB_KONG and state.to_act == (CAROL,)
    state = play(state, (CAROL, WIN))
    assert state.sheet is not None
    assert facts(state)["way"] == "robbed_kong"
    # 鸡胡 + 自摸 (抢杠 当自摸) + 圈风 = 2, lifted to 3 番 = 8 points; Bob pays for three.
    assert state.sheet.deltas == (0, -240, 240, 0)


def test_a_kong_of_a_concealed_triplet_on_a_discard_cannot_be_robbed():
    state = deal({ALICE: "5p", BOB: "555p", CAROL: CAROL_WAITS_5P})
    state = play(state, (ALICE, D("5p")))
    assert K("5p") in legal_actions(state, BOB) and WIN in legal_actions(state, CAROL)
    state = play(state, (CAROL, PASS), (BOB, K("5p")))
    assert state.phase == Phase.TURN and state.turn == BOB  # no 抢杠 window: Bob has his replacement


def test_the_tile_of_such_a_kong_is_won_on_as_a_plain_discard():
    state = deal({ALICE: "5p", BOB: "555p", CAROL: CAROL_WAITS_5P})
    state = play(state, (ALICE, D("5p")), (BOB, K("5p")), (CAROL, WIN))
    assert facts(state)["way"] == "discard"
    assert state.sheet is not None and state.sheet.deltas[ALICE] < 0 and state.sheet.deltas[BOB] == 0


def test_kong_bloom_is_a_self_draw_of_at_least_three():
    bob = "5555p123m789s11z4s"  # draws 5s, kongs 5p, the replacement 6s completes 456s
    state = deal({ALICE: "7z", BOB: bob}, live="5s", back="6s")
    state = play(state, (ALICE, D("7z")), (BOB, K("5p")), (BOB, WIN))
    assert facts(state)["way"] == "kong_bloom"
    assert state.sheet is not None and state.sheet.deltas == (-80, 240, -80, -80)


def test_kong_bloom_on_a_fed_kong_is_paid_for_three_by_the_feeder():
    bob = "555p123m789s11z45s"  # kongs Alice's 5p; the replacement 6s completes 456s
    state = deal({ALICE: "5p", BOB: bob}, back="6s")
    state = play(state, (ALICE, D("5p")), (BOB, K("5p")), (BOB, WIN))
    assert facts(state)["way"] == "kong_bloom_fed" and facts(state)["from"] == ALICE
    assert state.sheet is not None and state.sheet.deltas == (-240, 240, 0, 0)


def test_two_robbers_of_one_added_kong_are_each_paid_for_three():
    dave = "234m567s222z34p88s"  # waits 2p/5p
    state = deal({ALICE: "5p", BOB: "55p7z", CAROL: CAROL_WAITS_5P, DAVE: dave}, live="6z6z6z5p")
    state = play(state, (ALICE, D("5p")), (CAROL, PASS), (DAVE, PASS), (BOB, PONG), (BOB, D("7z")))
    state = throw_drawn(state, CAROL, DAVE, ALICE)
    state = play(state, (BOB, K("5p")))
    assert set(state.to_act) == {CAROL, DAVE}
    state = play(state, (DAVE, WIN), (CAROL, WIN))
    assert state.sheet is not None and state.sheet.deltas == (0, -480, 240, 240)
