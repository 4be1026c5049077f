"""The round wind (风圈) comes from the table and scores for whoever pongs it."""

from tests.engine.flow.harness import ALICE, BOB, CAROL, DAVE, WIN, D, play
from tests.engine.guangdong.table import deal, facts, throw_drawn

BOB_SOUTH_PONG = "222z123m456p78s99s"  # waits 6s/9s


def bob_draws_9s_on_his_second_turn(**options):
    """A go-around of thrown 发 first (a win on the first draw would be 地胡)."""
    state = deal({ALICE: "7z", BOB: BOB_SOUTH_PONG}, live="6z6z6z6z9s", **options)
    state = throw_drawn(play(state, (ALICE, D("7z"))), BOB, CAROL, DAVE, ALICE)
    return play(state, (BOB, WIN))


def test_a_south_pong_in_the_south_round_scores_seat_and_round_wind():
    state = bob_draws_9s_on_his_second_turn(round_wind="2z")
    assert facts(state)["round_wind"] == "2z"
    # 自摸 + 门风 南 + 圈风 南 = 3 番 (爆胡): 8 points from each.
    assert state.sheet is not None and state.sheet.deltas == (-80, 240, -80, -80)


def test_in_the_east_round_the_same_hand_scores_only_its_seat_wind():
    state = bob_draws_9s_on_his_second_turn()
    assert state.sheet is not None and state.sheet.deltas == (-40, 120, -40, -40)
