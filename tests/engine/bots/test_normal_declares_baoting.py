"""erren value: a 门清 hand that a discard leaves ready declares 报听 with that discard (+1 番;
erren's style asks one live wait, `Style.declare_waits`); below a style's bar of live waits the
hand stays free to improve its wait."""

from __future__ import annotations

import random

from engine import bot_normal
from engine.games.erren.actions import Declare
from engine.hand import Phase, legal_actions
from tests.engine.erren.table import ALICE, BOB, KEEP, D, play, table

BOB_JUNK = "147m258p369s1234z"  # 13 tiles, nothing Alice's hand needs
TWO_SIDED = "123m456m789p" + "45s" + "11z" + "7z"  # letting 7z go: ready on 3s/6s, 8 live
CLOSED = "123m456m789p" + "13s" + "11z" + "7z"  # letting 7z go: ready on 2s only, 4 live


def alice_to_play(alice: str):
    state, _ = table(alice, BOB_JUNK)
    state, _ = play(state, (ALICE, KEEP), (BOB, KEEP))
    assert state.phase == Phase.TURN and state.turn == ALICE
    return state


def test_ready_on_two_sided_waits_it_declares_with_the_loner():
    state = alice_to_play(TWO_SIDED)
    choice = bot_normal.choose(state, ALICE, random.Random(0))
    assert choice == Declare(D("7z").tile)
    assert choice in legal_actions(state, ALICE)


def test_a_closed_wait_with_four_live_tiles_declares_too():
    # The +1 番 pays on a narrow wait as well (measured: declaring only from 5 live waits won
    # 0.03-0.06 coins a hand less over five seeds).
    state = alice_to_play(CLOSED)
    assert bot_normal.choose(state, ALICE, random.Random(0)) == Declare(D("7z").tile)


def test_below_the_bar_of_live_waits_the_same_hand_discards_without_declaring(restyle):
    # 8 live waits, below a bar of 9: the hand stays free to improve its wait.
    restyle("erren", declare_waits=9)
    state = alice_to_play(TWO_SIDED)
    assert Declare(D("7z").tile) in legal_actions(state, ALICE)
    assert bot_normal.choose(state, ALICE, random.Random(0)) == D("7z")
