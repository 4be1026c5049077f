"""海底捞月: when the 71 live tiles are gone, the ready player gets three more draws."""

from engine.hand import HandState, Phase, apply, legal_actions, next_dealership

from .table import ALICE, BOB, DECLARE, KEEP, PASS, WIN, D, fan_items, play, result, sheet, table

DECLARER = "123456789m123p5z1z"  # declares 1z, waits on 5z
READY = "456p789p456s789s6z"  # waits on 6z
JUNK_14 = "147m258p369s12345z"  # 14 loners: never ready
JUNK_13 = "147m258p369s1267z"  # 13 loners


def let_everything_go(state: HandState, until_phase_of: int | None = None) -> HandState:
    """Pass every claim and let every drawn tile go (the dealer's first discard: the last tile).

    Stops when the hand ends, or when `until_phase_of` may win."""
    while not state.finished:
        seat = state.to_act[0]
        if until_phase_of == seat and any(a == WIN for a in legal_actions(state, seat)):
            return state
        s = state.seats[seat]
        action = PASS if state.phase == Phase.CLAIM else D(str(s.drawn or s.hand[-1]))
        state = apply(state, seat, action).state
    return state


def test_both_declared_the_first_declarer_draws_three_more_and_wins_海底捞月():
    state, _ = table(DECLARER, READY, avoid="5z6z", bonus="2z", haidi="3z5z4z")
    state, _ = play(state, (ALICE, KEEP), (BOB, KEEP), (ALICE, DECLARE("1z")))
    first_draw = str(state.seats[BOB].drawn)
    state, events = play(state, (BOB, DECLARE(first_draw)))  # both declared: the wall plays itself out
    assert state.drawable == 0
    assert [e.seat for e in events if e.kind == "haidi"] == [ALICE]
    assert legal_actions(state, ALICE) == [WIN, D("5z")]  # the second extra draw wins
    state, _ = play(state, (ALICE, WIN))
    items = fan_items(state, ALICE)
    assert items == {"门清": 1, "天听": 2, "门清自摸": 1, "一气通贯": 2, "海底捞月": 1}
    assert sheet(state).deltas == (70, -70)


def test_nobody_ready_the_hand_is_drawn_and_the_dealer_stays():
    state, _ = table(JUNK_14, JUNK_13)
    state, _ = play(state, (ALICE, KEEP), (BOB, KEEP))
    state = let_everything_go(state)
    assert state.finished and result(state).winner is None
    assert sheet(state).deltas == (0, 0)
    assert next_dealership(state) == (ALICE, 2)


def test_the_only_ready_player_draws_even_without_declaring():
    state, _ = table(JUNK_14, READY, avoid="6z", haidi="3z4z6z", bonus="1z")
    state, _ = play(state, (ALICE, KEEP), (BOB, KEEP))
    state = let_everything_go(state, until_phase_of=BOB)
    assert state.ext["haidi_seat"] == BOB and state.ext["haidi_drawn"] == 3
    state, _ = play(state, (BOB, WIN))
    items = set(fan_items(state, BOB))
    assert items == {"门清", "门清自摸", "海底捞月"}
    assert next_dealership(state) == (BOB, 1)  # the winner deals


def test_no_win_in_the_three_extra_draws_is_a_draw():
    state, _ = table(JUNK_14, READY, avoid="6z", haidi="3z4z7z")
    state, _ = play(state, (ALICE, KEEP), (BOB, KEEP))
    state = let_everything_go(state)
    assert state.finished and result(state).winner is None
    assert state.ext["haidi_drawn"] == 3
    assert len(state.seats[BOB].river) > len(state.seats[ALICE].river)  # Bob let the three extra tiles go


def test_nobody_may_win_on_a_haidi_discard():
    state, _ = table(DECLARER, READY, avoid="5z6z", haidi="6z3z4z")
    state, _ = play(state, (ALICE, KEEP), (BOB, KEEP), (ALICE, DECLARE("1z")))
    state, _ = play(state, (BOB, DECLARE(str(state.seats[BOB].drawn))))
    # Alice drew Bob's 6z first and let it go; Bob is not asked about it
    assert state.finished and result(state).winner is None
