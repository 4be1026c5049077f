"""The end of the wall: 海底捞月 (a win on the last tile drawn), and 流局 keeps the dealer."""

from engine.hand import next_dealership
from tests.engine.flow.harness import ALICE, DAVE, D, play
from tests.engine.guangdong.table import deal, facts, play_to_the_end

DAVE_WAITS_5Z = "123m456p789s111z5z"  # 鸡胡 + 圈风 东, waits 白 alone


def test_haidi_a_win_on_the_last_tile_is_at_least_three():
    # The other two 白 stay in Alice's hand; the last one is the wall's last tile (Dave draws it).
    state = deal({ALICE: "55z7z", DAVE: DAVE_WAITS_5Z}, back="5z")
    state = play_to_the_end(play(state, (ALICE, D("7z"))), winner=DAVE)
    assert state.drawable == 0 and facts(state)["last_tile"] is True
    assert state.sheet is not None and state.sheet.deltas == (-80, -80, -80, 240)


def test_an_exhaustive_draw_moves_nothing_and_the_dealer_stays():
    state = play_to_the_end(play(deal({ALICE: "7z"}), (ALICE, D("7z"))))
    assert state.result is not None and state.result.winner is None
    assert state.sheet is not None and state.sheet.deltas == (0, 0, 0, 0)
    assert next_dealership(state) == (ALICE, 2)
