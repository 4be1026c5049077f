"""nanping: in the last 4 drawable tiles a winning draw wins by itself, and a discard that
lets another win makes the discarder pay everything (包)."""

from engine.events import Event
from engine.hand import Phase
from tests.engine.flow.harness import BOB, CAROL, WIN, D, deal, drain, outcome, play

BOB_ANY_TILE = "123m456m789m123s456s" + "9s"  # five sets and a lone gold: every draw completes
BOB_WAITS_3P = "123m456m789m123s456s" + "3p"
CAROL_HOLDS_3P = "3p3p3p" + "1m4m7m" + "2s5s8s" + "1z2z3z4z6z7z" + "9p"


def test_a_winning_draw_in_the_last_four_tiles_wins_automatically():
    events: list[Event] = []
    state = drain(deal("nanping", {BOB: BOB_ANY_TILE}), events=events)
    assert outcome(state) == (BOB, "youjin")  # throwing out his draws kept Bob in 单游
    assert state.drawable < 4
    assert [e.seat for e in events if e.kind == "auto_win"] == [BOB]


def test_a_discard_that_lets_another_win_in_the_last_tiles_pays_everything():
    state = deal("nanping", {BOB: BOB_WAITS_3P, CAROL: CAROL_HOLDS_3P})
    state = drain(state, until=lambda s: s.phase == Phase.TURN and s.turn == CAROL and s.drawable < 4)
    state = play(state, (CAROL, D("3p")), (BOB, WIN))
    assert outcome(state) == (BOB, "dianpao")
    assert state.result is not None and state.result.bao == CAROL
    assert state.sheet is not None
    assert [state.sheet.paid(s) for s in range(4) if s not in (BOB, CAROL)] == [0, 0]
    assert state.sheet.paid(CAROL) == -state.sheet.paid(BOB)


def test_the_same_discard_earlier_is_an_ordinary_dianpao():
    state = deal("nanping", {BOB: BOB_WAITS_3P, CAROL: CAROL_HOLDS_3P})
    state = drain(state, until=lambda s: s.phase == Phase.TURN and s.turn == CAROL)
    state = play(state, (CAROL, D("3p")), (BOB, WIN))
    assert state.result is not None and state.result.bao is None
