"""Whatever the charges and balances, a sheet balances: owed and paid each sum to 0, nobody overdraws."""

from hypothesis import given
from hypothesis import strategies as st

from engine.games.nanping.scoring import settle_nanping
from engine.sheet import Charge, SeatTally, SheetHeader, build_sheet
from tests.engine.scoring.situations import BO, finished

HEADER = SheetHeader("nanping", 4, base=10, dealer=0, streak=1, winner=None, win_type=None, total_fan=0)
charge = st.builds(
    Charge,
    payer=st.integers(0, 3),
    receiver=st.integers(0, 3),
    amount=st.integers(1, 500),
    name_zh=st.just("测试"),
    name_en=st.just("test"),
    value=st.integers(1, 8),
).filter(lambda c: c.payer != c.receiver)
balances = st.lists(st.integers(0, 1000), min_size=4, max_size=4)


@given(st.lists(charge, max_size=12), balances)
def test_a_sheet_balances_and_nobody_pays_beyond_their_balance(charges, funds):
    sheet = build_sheet(HEADER, charges, balances=funds)
    assert sum(s.owed for s in sheet.seats) == 0
    assert sum(sheet.deltas) == 0
    for seat in sheet.seats:
        assert seat.paid >= -funds[seat.seat]  # RULINGS: the floor is on the net result
        if -funds[seat.seat] <= seat.owed <= 0:
            assert seat.paid == seat.owed  # a net payer who can pay pays in full
        assert sum(i.amount for i in seat.items) == seat.owed
    assert all(0 <= t.paid <= t.owed for t in sheet.transfers)


tally = st.builds(
    SeatTally, flowers=st.integers(0, 8), exposed_kongs=st.integers(0, 2), concealed_kongs=st.integers(0, 2)
)


@given(st.lists(tally, min_size=4, max_size=4), st.integers(1, 6), st.integers(0, 3), balances)
def test_nanping_sheets_balance_for_any_points_streak_and_fenbing(tallies, streak, fenbing, funds):
    ctx = finished(
        "nanping",
        "zimo",
        BO,
        "123m456m789p234s111z55s",
        win_tile="5s",
        streak=streak,
        tallies=tallies,
        fenbing=fenbing,
        balances=funds,
    )
    sheet = settle_nanping(ctx)
    assert sum(s.owed for s in sheet.seats) == 0
    assert sum(sheet.deltas) == 0
    assert sheet.owed(BO) > 0
