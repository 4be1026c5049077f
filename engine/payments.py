"""Paying what a hand's result says is owed: pay down to zero, escape penalties.

Pure functions on whole coins (ints), shared by every variant (RULINGS.md, "All
variants"):

- A payer never pays more than their balance. They pay down to 0, and the
  shortfall is shared among their receivers in proportion to what each was owed:
  each receiver gets ``owed * capacity // total_owed`` (rounded down), and the
  coins left over by rounding go to the receiver seated first after the payer
  (never beyond what that receiver was owed; any excess passes on to the next
  receiver in seat order).
- A payer's capacity is their balance *before* the settlement: coins they win in
  the same hand are not spent on what they lose in it, so the result does not
  depend on the order the transfers are listed in.
- Escape (逃跑惩罚): `pinghe` and `nanping` 12 × base, 4 × base to each other
  player; `guangdong` 50 × base shared equally by the others (remainder to the
  seat first after the escaper); `erren` 12 × base to the opponent. The penalty
  is a list of owed transfers: pass it to `settle` so an escaper short of coins
  pays down to 0, shared equally (the pinghe document's 扣到0为止…三家平分).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace


class PaymentError(ValueError):
    """A transfer list that cannot be settled (bad seat, negative amount, ...)."""


class UnknownVariant(PaymentError):
    """No escape penalty is defined for this variant id."""


@dataclass(frozen=True, slots=True)
class Transfer:
    """`payer` owes `receiver` `owed` coins and actually pays `paid` (0 <= paid <= owed).

    Seats are table seat numbers. Before `settle`, `paid` is not yet known and is ignored.
    """

    payer: int
    receiver: int
    owed: int
    paid: int = 0

    def check(self) -> None:
        """Raise `PaymentError` unless this transfer is well formed."""
        if self.payer == self.receiver:
            raise PaymentError(f"seat {self.payer} cannot pay itself")
        if self.owed < 0:
            raise PaymentError(f"negative amount owed: {self!r}")
        if not 0 <= self.paid <= self.owed:
            raise PaymentError(f"paid outside 0..owed: {self!r}")


def settle(owed: Sequence[Transfer], balances: Mapping[int, int], seat_order: Sequence[int]) -> tuple[Transfer, ...]:
    """Return `owed` (same order) with `paid` filled in by the pay-down-to-zero rule.

    `balances` maps every payer to their balance before the hand; `seat_order` lists
    the seats in playing order (cyclic). Raises `PaymentError` on an ill-formed list
    and changes nothing. Guarantees: per payer, sum(paid) == min(sum(owed), balance).
    """
    _validate(owed, balances, seat_order)
    paid = [t.owed for t in owed]
    for payer in sorted({t.payer for t in owed}):
        indices = [i for i, t in enumerate(owed) if t.payer == payer]
        total = sum(owed[i].owed for i in indices)
        capacity = max(0, balances[payer])
        if total > capacity:
            shares = _share_down(owed, indices, capacity, total, seat_order)
            for i, share in zip(indices, shares, strict=True):
                paid[i] = share
    return tuple(replace(t, paid=p) for t, p in zip(owed, paid, strict=True))


def _validate(owed: Sequence[Transfer], balances: Mapping[int, int], seat_order: Sequence[int]) -> None:
    if len(set(seat_order)) != len(seat_order):
        raise PaymentError(f"seat order repeats a seat: {list(seat_order)}")
    seats = set(seat_order)
    for transfer in owed:
        replace(transfer, paid=0).check()
        if transfer.payer not in seats or transfer.receiver not in seats:
            raise PaymentError(f"seat not at the table {list(seat_order)}: {transfer!r}")
        if transfer.payer not in balances:
            raise PaymentError(f"no balance given for payer seat {transfer.payer}")


def _share_down(
    owed: Sequence[Transfer], indices: list[int], capacity: int, total: int, seat_order: Sequence[int]
) -> list[int]:
    """Split `capacity` over the payer's transfers in proportion to what each is owed."""
    shares = [owed[i].owed * capacity // total for i in indices]
    left = capacity - sum(shares)
    payer = owed[indices[0]].payer
    for position in sorted(
        range(len(indices)), key=lambda k: _seats_after(payer, owed[indices[k]].receiver, seat_order)
    ):
        extra = min(left, owed[indices[position]].owed - shares[position])
        shares[position] += extra
        left -= extra
    return shares


def _seats_after(payer: int, receiver: int, seat_order: Sequence[int]) -> int:
    """How many seats after `payer` the `receiver` sits (1 = next to act)."""
    n = len(seat_order)
    return (seat_order.index(receiver) - seat_order.index(payer)) % n


@dataclass(frozen=True, slots=True)
class EscapeRule:
    """逃跑惩罚 of one variant, in multiples of the base stake.

    Either `each` × base to every other seat, or `shared` × base split equally.
    """

    each: int = 0
    shared: int = 0


# RULINGS.md "Escape": variants are data, looked up by id.
ESCAPE_RULES: dict[str, EscapeRule] = {
    "pinghe": EscapeRule(each=4),
    "nanping": EscapeRule(each=4),
    "guangdong": EscapeRule(shared=50),
    "erren": EscapeRule(each=12),
}


def escape_penalty(variant: str, base: int, escaper: int, n_seats: int) -> tuple[Transfer, ...]:
    """What seat `escaper` owes each other seat for escaping (paid == owed; run `settle` next).

    Seats are 0..n_seats-1 in playing order; transfers are listed from the seat after
    the escaper onwards. Raises `UnknownVariant` or `PaymentError` on bad input.
    """
    rule = ESCAPE_RULES.get(variant)
    if rule is None:
        raise UnknownVariant(f"no escape penalty for variant {variant!r}")
    if base <= 0 or n_seats < 2 or not 0 <= escaper < n_seats:
        raise PaymentError(f"bad escape: base={base} escaper={escaper} n_seats={n_seats}")
    others = [(escaper + k) % n_seats for k in range(1, n_seats)]
    amounts = _escape_amounts(rule, base, len(others))
    return tuple(Transfer(escaper, seat, amount, amount) for seat, amount in zip(others, amounts, strict=True))


def _escape_amounts(rule: EscapeRule, base: int, n_others: int) -> list[int]:
    if rule.each:
        return [rule.each * base] * n_others
    each, left = divmod(rule.shared * base, n_others)
    return [each + (left if k == 0 else 0) for k in range(n_others)]
