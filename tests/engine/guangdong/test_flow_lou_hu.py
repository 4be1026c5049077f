"""漏胡: after passing a win, no win on that same tile until the seat pongs, chows, kongs or draws."""

import pytest

from engine.actions import NotYourTurn
from engine.hand import Phase, legal_actions
from engine.view import view
from tests.engine.flow.harness import ALICE, BOB, CAROL, DAVE, PASS, PONG, WIN, D, play
from tests.engine.guangdong.table import deal, throw_drawn

DAVE_WAITS_6S_9S = "234m567p78s22z333z"


def test_a_passed_win_blocks_the_same_tile_from_the_others_until_a_draw():
    state = deal({ALICE: "9s", DAVE: DAVE_WAITS_6S_9S}, live="9s9s1p9s")
    state = play(state, (ALICE, D("9s")))
    assert WIN in legal_actions(state, DAVE)
    state = play(state, (DAVE, PASS))
    state = play(state, (BOB, D("9s")))  # Bob drew the second 9s
    assert DAVE not in state.to_act
    assert view(state, DAVE)["table"]["passed"] == ["9s"]
    with pytest.raises(NotYourTurn):
        play(state, (DAVE, WIN))
    state = play(state, (CAROL, D("9s")))  # the third 9s: Dave may chow it (789s), not win on it
    assert WIN not in legal_actions(state, DAVE) and DAVE in state.to_act
    state = play(state, (DAVE, PASS))
    assert state.phase == Phase.TURN and state.turn == DAVE
    assert view(state, DAVE)["table"]["passed"] == []  # Dave drew (1p): 漏胡 is over
    state = throw_drawn(state, DAVE)
    state = play(state, (ALICE, D("9s")))
    assert WIN in legal_actions(state, DAVE)
    state = play(state, (DAVE, WIN))
    assert state.result is not None and state.result.winner == DAVE


def test_a_pong_lifts_lou_hu():
    state = deal({ALICE: "9s", DAVE: DAVE_WAITS_6S_9S}, live="2z9s")
    state = play(state, (ALICE, D("9s")), (DAVE, PASS))
    state = play(state, (BOB, D("2z")), (DAVE, PONG), (DAVE, D("3z")))  # still waiting on 6s/9s
    state = play(state, (ALICE, D("9s")))
    assert WIN in legal_actions(state, DAVE)


def test_a_different_tile_is_not_blocked():
    state = deal({ALICE: "9s", DAVE: DAVE_WAITS_6S_9S}, live="6s")
    state = play(state, (ALICE, D("9s")), (DAVE, PASS), (BOB, D("6s")))
    assert WIN in legal_actions(state, DAVE)
