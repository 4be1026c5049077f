"""erren: every seat sees when another declared 报听 (`declared_at`: the discards on the table just
before its declaring discard), so it can tell the tiles a locked hand has let go since."""

from __future__ import annotations

from engine.hand import Phase
from engine.view import view
from tests.engine.bots.test_normal_folds_against_baoting import ALICE_FAR, BOB_READY
from tests.engine.erren.table import ALICE, BOB, DECLARE, KEEP, PASS, D, play, table


def test_alice_sees_that_bob_declared_after_one_discard():
    state, _ = table(ALICE_FAR, BOB_READY, live="5s 2z", avoid="6z")
    state, _ = play(state, (ALICE, KEEP), (BOB, KEEP), (ALICE, D("1m")))
    assert view(state, ALICE)["declared_at"] == [None, None]
    state, _ = play(state, (BOB, DECLARE("5s")), (ALICE, PASS))
    assert state.phase == Phase.TURN
    assert view(state, ALICE)["declared_at"] == [None, 1]  # Alice's 1m was on the table
    assert view(state, None)["declared_at"] == view(state, BOB)["declared_at"]  # public
