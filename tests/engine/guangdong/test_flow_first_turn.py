"""天胡, 人胡 and 地胡 as this document defines them: each 6 番."""

from engine.hand import Phase
from tests.engine.flow.harness import ALICE, BOB, CAROL, DAVE, PONG, WIN, D, play
from tests.engine.guangdong.table import deal, facts, throw_drawn

READY_13 = "123m456p789s11z23s"  # waits 1s/4s


def test_tianhu_the_dealers_dealt_hand_wins():
    state = deal({ALICE: "123m456p789s11z234s"}, opening=True)
    assert state.phase == Phase.OPENING
    state = play(state, (ALICE, WIN))
    assert facts(state)["first_turn"] == "tianhu"
    assert state.sheet is not None and state.sheet.deltas == (1920, -640, -640, -640)


def test_renhu_a_win_on_the_dealers_first_discard():
    state = deal({ALICE: "4s", BOB: READY_13})
    state = play(state, (ALICE, D("4s")), (BOB, WIN))
    assert facts(state)["first_turn"] == "renhu"
    assert state.sheet is not None and state.sheet.deltas == (-640, 640, 0, 0)


def test_dihu_a_self_draw_on_the_first_draw():
    state = deal({ALICE: "7z", CAROL: READY_13}, live="6z4s")
    state = throw_drawn(play(state, (ALICE, D("7z"))), BOB)
    state = play(state, (CAROL, WIN))
    assert facts(state)["first_turn"] == "dihu"
    assert state.sheet is not None and state.sheet.deltas == (-640, -640, 1920, -640)


def test_a_pong_before_the_first_draw_ends_dihu():
    state = deal({ALICE: "7z", CAROL: "77z6z", DAVE: READY_13}, live="4s")
    state = play(state, (ALICE, D("7z")), (CAROL, PONG), (CAROL, D("6z")))
    state = play(state, (DAVE, WIN))
    assert facts(state)["first_turn"] == "none"
