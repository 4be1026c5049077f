"""pinghe 点炮胡 needs 3 分: 花 1, 暗刻 1, 明杠 2, 暗杠 4, a pong of 中/发/白 1."""

import pytest

from engine.actions import DiscardWinNeedsPoints
from engine.hand import discard_win_points, legal_actions
from engine.tiles import Tile
from tests.engine.flow.harness import ALICE, BOB, PONG, WIN, D, deal, outcome, play

ALICE_THROWS_4P = "4p" + "2m5m8m" + "1s4s7s" + "1z2z3z4z6z7z" + "9m9p8p5z"


@pytest.mark.parametrize(
    "bob, points, wins",
    [
        ("123m456m789m" + "123p" + "11s" + "44p", 0, False),  # 444p completed by the discard is not concealed
        ("111m555m999m" + "123p" + "11s" + "44p", 3, True),  # three concealed triplets
        ("123m456m789m" + "123p" + "11s" + "44p" + "1f2f3f", 3, True),  # three flowers
    ],
)
def test_a_discard_win_needs_three_points(bob, points, wins):
    dealt = bob.replace("123m456m789m", "123m456m") if bob.endswith("f") else bob
    back = "789m" if bob.endswith("f") else ""
    state = deal("pinghe", {ALICE: ALICE_THROWS_4P, BOB: dealt}, back=back)
    state = play(state, (ALICE, D("4p")))
    assert discard_win_points(state, BOB, Tile.parse("4p")) == points
    assert PONG in legal_actions(state, BOB)
    assert (WIN in legal_actions(state, BOB)) is wins
    if wins:
        assert outcome(play(state, (BOB, WIN))) == (BOB, "dianpao")
    else:
        with pytest.raises(DiscardWinNeedsPoints):
            play(state, (BOB, WIN))
