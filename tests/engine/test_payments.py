"""Paying down to zero and escape penalties (RULINGS.md, "All variants")."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.payments import PaymentError, Transfer, UnknownVariant, escape_penalty, settle, settle_net

SEATS = (0, 1, 2, 3)


def owes(*rows: tuple[int, int, int]) -> list[Transfer]:
    return [Transfer(payer, receiver, amount) for payer, receiver, amount in rows]


def paid(transfers: tuple[Transfer, ...]) -> list[int]:
    return [t.paid for t in transfers]


# (what is owed as (payer, receiver, owed), balances, expected paid in the same order)
SETTLE_TABLE = [
    # pinghe 闲家自摸 at base 10: dealer pays 40, the other two 20 each; all can pay.
    ([(0, 1, 40), (2, 1, 20), (3, 1, 20)], {0: 1000, 2: 1000, 3: 1000}, [40, 20, 20]),
    # Exactly the balance: pays everything, ends at 0.
    ([(0, 1, 40)], {0: 40}, [40]),
    # A broke loser pays nothing.
    ([(0, 1, 40), (2, 1, 20)], {0: 0, 2: 500}, [0, 20]),
    # A single receiver gets the whole balance.
    ([(2, 0, 300)], {2: 123}, [123]),
    # 一炮多响-style: one payer, two receivers owed 60 and 30, balance 45 → 30 and 15 exactly.
    ([(0, 1, 60), (0, 2, 30)], {0: 45}, [30, 15]),
    # Equal shares with a remainder: 100 over three owed 120 each → 33 each, +1 to the seat after the payer.
    ([(3, 0, 120), (3, 1, 120), (3, 2, 120)], {3: 100}, [34, 33, 33]),
    # The remainder goes to the receiver seated first after the payer, whatever the listing order.
    ([(1, 0, 120), (1, 3, 120), (1, 2, 120)], {1: 100}, [33, 33, 34]),
    # Rounding never lifts a receiver above what they were owed: the excess passes on.
    ([(0, 1, 1), (0, 2, 1), (0, 3, 1)], {0: 2}, [1, 1, 0]),
    # A negative balance (should never happen) pays nothing rather than less than nothing.
    ([(0, 1, 10)], {0: -5}, [0]),
    # Coins won in the same hand are not spent on what is lost in it.
    ([(0, 1, 50), (2, 0, 70)], {0: 30, 2: 1000}, [30, 70]),
    # Owed zero stays zero.
    ([(0, 1, 0), (0, 2, 10)], {0: 5}, [0, 5]),
]


@pytest.mark.parametrize("rows, balances, expected", SETTLE_TABLE)
def test_settle_pays_down_to_zero(rows, balances, expected):
    result = settle(owes(*rows), balances, SEATS)
    assert paid(result) == expected
    assert [(t.payer, t.receiver, t.owed) for t in result] == rows


def test_settle_respects_a_seat_order_other_than_numeric():
    # Seats listed 2, 0, 3, 1: after payer 3 comes 1, so seat 1 takes the rounding remainder.
    result = settle(owes((3, 0, 10), (3, 1, 10), (3, 2, 10)), {3: 2}, (2, 0, 3, 1))
    assert paid(result) == [0, 2, 0]


@pytest.mark.parametrize(
    "rows, balances, seats, message",
    [
        ([(0, 0, 10)], {0: 100}, SEATS, "cannot pay itself"),
        ([(0, 1, -1)], {0: 100}, SEATS, "negative"),
        ([(0, 5, 10)], {0: 100}, SEATS, "not at the table"),
        ([(0, 1, 10)], {}, SEATS, "no balance"),
        ([(0, 1, 10)], {0: 100}, (0, 1, 1), "repeats"),
    ],
)
def test_bad_transfer_lists_are_refused(rows, balances, seats, message):
    with pytest.raises(PaymentError, match=message):
        settle(owes(*rows), balances, seats)


ESCAPE_TABLE = [
    # 平和: 逃跑扣除12倍底分。三个玩家各得4倍。
    ("pinghe", 10, 0, 4, [(0, 1, 40), (0, 2, 40), (0, 3, 40)]),
    ("nanping", 50, 2, 4, [(2, 3, 200), (2, 0, 200), (2, 1, 200)]),
    # 广东: -50 分 × base shared equally; 500 / 3 = 166 r 2 → the seat after the escaper gets 168.
    ("guangdong", 10, 1, 4, [(1, 2, 168), (1, 3, 166), (1, 0, 166)]),
    ("guangdong", 30, 3, 4, [(3, 0, 500), (3, 1, 500), (3, 2, 500)]),
    # 二人: 12 × base to the opponent.
    ("erren", 100, 1, 2, [(1, 0, 1200)]),
]


@pytest.mark.parametrize("variant, base, escaper, n_seats, expected", ESCAPE_TABLE)
def test_escape_penalty_per_variant(variant, base, escaper, n_seats, expected):
    penalty = escape_penalty(variant, base, escaper, n_seats)
    assert [(t.payer, t.receiver, t.owed) for t in penalty] == expected
    assert all(t.paid == t.owed for t in penalty)


def test_escaper_short_of_coins_pays_down_to_zero_shared_equally():
    # 如果游戏币不够，那么最后系统扣到0为止，扣的游戏币也三家平分.
    penalty = escape_penalty("pinghe", 10, 0, 4)
    assert paid(settle(penalty, {0: 100}, SEATS)) == [34, 33, 33]


@pytest.mark.parametrize(
    "variant, base, escaper, n_seats, error",
    [
        ("riichi", 10, 0, 4, UnknownVariant),
        ("pinghe", 0, 0, 4, PaymentError),
        ("pinghe", 10, 4, 4, PaymentError),
        ("erren", 10, 0, 1, PaymentError),
    ],
)
def test_bad_escape_requests_are_refused(variant, base, escaper, n_seats, error):
    with pytest.raises(error):
        escape_penalty(variant, base, escaper, n_seats)


transfer_lists = st.lists(
    st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 5000)).filter(lambda r: r[0] != r[1]),
    max_size=8,
)


@given(transfer_lists, st.lists(st.integers(0, 6000), min_size=4, max_size=4))
def test_settle_never_overdraws_and_pays_what_it_can(rows, balance_list):
    balances = dict(enumerate(balance_list))
    result = settle(owes(*rows), balances, SEATS)
    for seat in SEATS:
        mine = [t for t in result if t.payer == seat]
        assert sum(t.paid for t in mine) == min(sum(t.owed for t in mine), balances[seat])
        assert all(0 <= t.paid <= t.owed for t in mine)


# --- the floor on each seat's net result (RULINGS "All variants") ----------------------------------


def nets(transfers, field):
    out: dict[int, int] = {}
    for t in transfers:
        amount = getattr(t, field)
        out[t.payer] = out.get(t.payer, 0) - amount
        out[t.receiver] = out.get(t.receiver, 0) + amount
    return out


def test_a_seat_owed_as_much_as_it_owes_pays_in_full_whatever_its_balance():
    owed = [Transfer(0, 1, 20), Transfer(2, 0, 10), Transfer(3, 0, 10)]
    paid = settle_net(owed, {0: 0, 1: 0, 2: 100, 3: 100}, [0, 1, 2, 3])
    assert [t.paid for t in paid] == [20, 10, 10]


def test_what_a_net_payer_cannot_pay_is_borne_by_the_net_receivers_in_proportion():
    # Seat 0 owes 60 to seat 1 and 30 to seat 2 and has 30: receivers bear 60 in proportion 2:1.
    paid = settle_net([Transfer(0, 1, 60), Transfer(0, 2, 30)], {0: 30, 1: 0, 2: 0}, [0, 1, 2])
    assert nets(paid, "paid") == {0: -30, 1: 20, 2: 10}


def test_the_net_floor_holds_for_any_table():
    rng = random.Random(13)
    for _ in range(300):
        seats = [0, 1, 2, 3]
        owed = [Transfer(a, b, rng.randrange(1, 80)) for a in seats for b in seats if a < b and rng.random() < 0.6]
        owed = [t if rng.random() < 0.5 else Transfer(t.receiver, t.payer, t.owed) for t in owed]
        balances = {s: rng.randrange(0, 120) for s in seats}
        paid = settle_net(owed, balances, seats)
        got, due = nets(paid, "paid"), nets(owed, "owed")
        assert sum(got.values()) == 0 and all(0 <= t.paid <= t.owed for t in paid)
        for seat, net in due.items():
            assert got[seat] == max(net, -balances[seat]) if net < 0 else 0 <= got[seat] <= net


# RULINGS: the shortfall is shared by the net receivers in proportion to their *net* gains (not to
# what the payer owed each), rounded down, the coin left over going to the receiver seated first
# after the payer. Seat 1 owes 50 to seats 0 and 2; seat 2 owes 20 to seat 3: net gains 50 (seat 0),
# 30 (seat 2), 20 (seat 3). Seat 1 has 7 coins: 7 × 50/100 = 3, 7 × 30/100 = 2, 7 × 20/100 = 1
# (rounded down, 6), the last coin to the receiver seated first after seat 1.
NET_SHARE_TABLE = [
    # Seats in numeric order: seat 2 sits first after seat 1 and takes the coin.
    ((0, 1, 2, 3), {0: 3, 1: -7, 2: 2 + 1, 3: 1}),
    # Seats 2, 3, 1, 0: seat 0 sits first after seat 1 and takes the coin.
    ((2, 3, 1, 0), {0: 3 + 1, 1: -7, 2: 2, 3: 1}),
]


@pytest.mark.parametrize("seats, expected", NET_SHARE_TABLE)
def test_a_net_shortfall_is_shared_by_net_gains_rounding_down_remainder_to_the_seat_after_the_payer(seats, expected):
    owed = [Transfer(1, 0, 50), Transfer(1, 2, 50), Transfer(2, 3, 20)]
    result = settle_net(owed, {0: 0, 1: 7, 2: 0, 3: 0}, seats)
    assert nets(result, "paid") == expected
    assert all(0 <= t.paid <= t.owed for t in result)


# Two short net payers, each payment shared by the net gains on its own: seats 0 and 1 owe seats 2
# and 3 (net -60 and -40; gains 60 and 40) and have 7 and 3 coins. Seat 0's 7: 4.2 → 4 and 2.8 → 2,
# one coin left; seat 1's 3: 1.8 → 1 and 1.2 → 1, one coin left. Each left-over coin goes to the
# receiver seated first after its payer.
TWO_PAYERS_TABLE = [
    # 0, 1, 2, 3: seat 2 comes first after both payers: 4 + 1 + 1 + 1 = 7, 2 + 1 = 3.
    ((0, 1, 2, 3), {0: -7, 1: -3, 2: 7, 3: 3}),
    # 0, 3, 1, 2: seat 3 after seat 0 (2 + 1), seat 2 after seat 1 (1 + 1): 4 + 2 = 6, 3 + 1 = 4.
    ((0, 3, 1, 2), {0: -7, 1: -3, 2: 6, 3: 4}),
]


@pytest.mark.parametrize("seats, expected", TWO_PAYERS_TABLE)
def test_each_short_net_payer_is_shared_by_net_gains_on_its_own(seats, expected):
    owed = [Transfer(0, 2, 30), Transfer(1, 2, 30), Transfer(1, 3, 10), Transfer(0, 3, 30)]
    result = settle_net(owed, {0: 7, 1: 3, 2: 0, 3: 0}, seats)
    assert nets(result, "paid") == expected


@pytest.mark.parametrize("variant", ["pinghe", "nanping", "guangdong", "erren"])
def test_money_is_whole_coins_never_floats(variant):
    """RULINGS "All variants": money is whole coins (integers). An odd split (guangdong's 50 × 7 over
    three, a short payer's 7 coins over three receivers) still pays ints, not floats."""
    n_seats = 2 if variant == "erren" else 4
    penalty = escape_penalty(variant, 7, 0, n_seats)
    short = settle(penalty, {0: 7}, tuple(range(n_seats)))
    net = settle_net(list(penalty), {s: 7 if s == 0 else 0 for s in range(n_seats)}, list(range(n_seats)))
    amounts = [x for t in (*penalty, *short, *net) for x in (t.owed, t.paid)]
    assert all(type(x) is int for x in amounts)
    assert sum(t.paid for t in short) == sum(t.paid for t in net) == 7
