"""Claims at a guangdong table: chow only by the next player, pong beats chow, win beats both."""

from engine.actions import Chow
from engine.hand import Phase, legal_actions
from engine.sheet import MeldKind
from tests.engine.flow.harness import ALICE, BOB, CAROL, DAVE, PONG, WIN, C, D, play
from tests.engine.guangdong.table import deal


def test_only_the_next_player_may_chow():
    state = deal({ALICE: "3m", BOB: "24m", DAVE: "24m"})
    state = play(state, (ALICE, D("3m")))
    assert any(isinstance(a, Chow) for a in legal_actions(state, BOB))
    assert DAVE not in state.to_act


def test_a_pong_beats_the_chow():
    state = deal({ALICE: "3m", BOB: "24m", CAROL: "33m"})
    state = play(state, (ALICE, D("3m")), (BOB, C("24m")), (CAROL, PONG))
    assert state.phase == Phase.TURN and state.turn == CAROL
    assert state.seats[CAROL].melds[0].kind == MeldKind.PUNG and state.seats[BOB].melds == ()


def test_a_win_beats_the_pong():
    carol = "456p789s123s111z3m"  # waits 3m alone
    state = deal({ALICE: "3m", CAROL: carol, DAVE: "33m"})
    state = play(state, (ALICE, D("3m")), (DAVE, PONG), (CAROL, WIN))
    assert state.finished and state.result is not None and state.result.winner == CAROL
    assert state.seats[DAVE].melds == ()
