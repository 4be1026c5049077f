"""分饼 (nanping): when all three others' first discards follow the dealer's, the dealer pays;
each further followed round doubles; an unfollowed round ends it."""

from engine.hand import Phase
from tests.engine.flow.harness import ALICE, BOB, CAROL, DAVE, D, deal, drain, play

HANDS = {
    ALICE: "1z2z3z" + "1m4m7m" + "1p4p7p" + "1s4s7s" + "5z6z7z" + "9m9p",
    BOB: "1z2z4z" + "2m5m8m" + "2p5p8p" + "2s5s8s" + "6z7z" + "3m6p",
    CAROL: "1z2z" + "3m6m9m" + "3p6p9p" + "3s6s" + "3z4z5z6z7z" + "1m",
    DAVE: "1z2z" + "4m7m" + "4p7p" + "4s7s" + "3z4z5z6z7z" + "1p9p1s",
}


def round_of(state, *tiles):
    for seat, tile in zip((ALICE, BOB, CAROL, DAVE), tiles, strict=True):
        assert (state.phase, state.turn) == (Phase.TURN, seat)
        state = play(state, (seat, D(tile)))
    return state


def test_two_followed_rounds_then_a_break():
    state = deal("nanping", HANDS, live="8s" * 3 + "8m" * 3 + "9s")
    state = round_of(state, "1z", "1z", "1z", "1z")
    assert state.fenbing == 1
    state = round_of(state, "2z", "2z", "2z", "2z")
    assert state.fenbing == 2
    state = round_of(state, "3z", "4z", "3z", "4z")
    assert state.fenbing == 2 and not state.fenbing_alive
    state = drain(state)
    assert state.result is not None and state.result.fenbing == 2


def test_a_first_round_not_followed_is_no_fenbing():
    state = deal("nanping", HANDS)
    state = round_of(state, "1z", "1z", "1z", "2z")
    assert state.fenbing == 0 and not state.fenbing_alive
