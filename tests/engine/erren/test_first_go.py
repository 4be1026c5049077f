"""天和, 地和, 人和 as this game's document defines them, and who deals next."""

from engine.hand import Phase, next_dealership

from .table import ALICE, BOB, KEEP, WIN, D, fan_items, play, result, sheet, table

COMPLETE = "123m456p678s234m99p"  # 14 tiles that win
READY = "123m456p678s234m9p"  # 13 tiles waiting on 9p
LONERS = "147m258p369s1234z9p"  # 14 tiles that never win


def test_天和_the_dealers_hand_wins_before_the_first_discard():
    state, _ = table(COMPLETE, "147m258p369s1234z")
    state, _ = play(state, (ALICE, KEEP), (BOB, KEEP))
    assert state.phase == Phase.OPENING and state.to_act == (ALICE,)
    state, _ = play(state, (ALICE, WIN))
    assert fan_items(state, ALICE) == {"天和": 13}
    assert sheet(state).deltas == (130, -130)
    assert next_dealership(state) == (ALICE, 2)  # the dealer won: the dealer stays


def test_地和_the_other_player_wins_on_the_dealers_first_discard():
    state, _ = table(LONERS, READY)
    state, _ = play(state, (ALICE, KEEP), (BOB, KEEP), (ALICE, D("9p")), (BOB, WIN))
    assert fan_items(state, BOB) == {"地和": 13}
    assert next_dealership(state) == (BOB, 1)  # the winner deals the next hand


def test_人和_the_other_player_wins_on_the_first_draw():
    state, _ = table(LONERS, READY, live="9p")
    state, _ = play(state, (ALICE, KEEP), (BOB, KEEP), (ALICE, D("1z")), (BOB, WIN))
    assert fan_items(state, BOB) == {"人和": 13}


def test_a_later_discard_is_no_地和():
    state, _ = table(LONERS, READY, live="5z 6z")
    state, _ = play(state, (ALICE, KEEP), (BOB, KEEP), (ALICE, D("1z")), (BOB, D("5z")), (ALICE, D("9p")), (BOB, WIN))
    assert result(state).winner == BOB
    assert fan_items(state, BOB) == {"门清": 1}
