"""Paying what a hand's result says is owed: pay down to zero, escape penalties.

Pure functions on whole coins (ints), shared by every variant (RULINGS.md, "All
variants"):

- A hand's settlement (`settle_net`): the floor is on each seat's *net* result, see
  its docstring. Below, `settle`, used for an escape penalty (one payer):
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
  seat first after the escaper); `erren` 12 × base to the opponent. These are
  each game's data (`Variant.escape_penalty_bases` and `Variant.escape_sharing`,
  read through the variant registry), not a table here. The penalty
  is a list of owed transfers: pass it to `settle` so an escaper short of coins
  pays down to 0, shared equally (the pinghe document's 扣到0为止…三家平分).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.variants import EscapeSharing, Variant
from engine.variants import UnknownVariant as VariantNotFound
from engine.variants import get as get_variant


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


def settle_net(
    owed: Sequence[Transfer], balances: Mapping[int, int], seat_order: Sequence[int]
) -> tuple[Transfer, ...]:
    """`owed` (same order) with `paid` filled in by the balance floor on each seat's *net* result.

    RULINGS ("All variants"): a seat's net result for the hand (what it is owed less what it
    owes) is capped at its balance before the hand; what a net payer cannot pay is shared by the
    net receivers in proportion to their net gains, rounded down, the coins left over by rounding
    borne by the receiver seated first after that payer (then the next, never past a receiver's
    gain). The pairwise `paid` amounts are then chosen to give every seat exactly that net result
    (the unpaid part comes off the payer's transfers along the owed chain to the receivers).
    Raises `PaymentError` on an ill-formed list and changes nothing.
    """
    _validate(owed, {**{s: 0 for s in seat_order}, **balances}, seat_order)
    net = {s: 0 for s in seat_order}
    for t in owed:
        net[t.payer] -= t.owed
        net[t.receiver] += t.owed
    short = {s: -n - min(-n, max(0, balances.get(s, 0))) for s, n in net.items() if n < 0}
    short = {s: v for s, v in short.items() if v > 0}
    if not short:
        return tuple(replace(t, paid=t.owed) for t in owed)
    gains = {s: n for s, n in net.items() if n > 0}
    borne = _losses_borne(short, net, seat_order)
    target = {s: n - borne.get(s, 0) + short.get(s, 0) for s, n in net.items()}
    through = _pay_through(owed, balances, seat_order)
    if through is not None and all(_nets(owed, through).get(s, 0) == n for s, n in target.items()):
        return tuple(replace(t, paid=p) for t, p in zip(owed, through, strict=True))
    cuts = _cut_along_debts(owed, short, borne)
    if cuts is None:  # the debts do not link some payer to its receivers: let the chain decide who bears it
        cuts = _cut_along_debts(owed, short, gains)
        assert cuts is not None
    return tuple(replace(t, paid=t.owed - cut) for t, cut in zip(owed, cuts, strict=True))


def _pay_through(owed: Sequence[Transfer], balances: Mapping[int, int], seat_order: Sequence[int]) -> list[int] | None:
    """Pairwise payments where each seat pays out at most its balance plus what it is paid, each
    payer's transfers in proportion to what they are owed (as `settle`): the plain way to read a
    sheet. None if it does not settle (the caller then routes the cuts itself)."""
    paid = [t.owed for t in owed]
    for _ in range(4 * len(owed) + 4):
        changed = False
        for payer in sorted({t.payer for t in owed}, key=seat_order.index):
            indices = [i for i, t in enumerate(owed) if t.payer == payer]
            total = sum(owed[i].owed for i in indices)
            capacity = max(0, balances.get(payer, 0)) + sum(
                p for t, p in zip(owed, paid, strict=True) if t.receiver == payer
            )
            shares = [owed[i].owed for i in indices]
            if total > capacity:
                shares = _share_down(owed, indices, capacity, total, seat_order)
            for i, share in zip(indices, shares, strict=True):
                changed |= share != paid[i]
                paid[i] = share
        if not changed:
            return paid
    return None


def _nets(owed: Sequence[Transfer], paid: Sequence[int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for t, p in zip(owed, paid, strict=True):
        out[t.payer] = out.get(t.payer, 0) - p
        out[t.receiver] = out.get(t.receiver, 0) + p
    return out


def _losses_borne(short: Mapping[int, int], net: Mapping[int, int], seat_order: Sequence[int]) -> dict[int, int]:
    """How much of the unpaid amounts each net receiver bears.

    Every net payer's payment (its whole net debt, or its balance when short) is shared by the
    net receivers in proportion to their net gains, rounded down, the coins left over by rounding
    going to the receiver seated first after that payer (then the next, never past a gain): with
    one payer this is `settle`'s rule. A receiver bears its gain less what it receives."""
    gains = {s: n for s, n in net.items() if n > 0}
    total_gain = sum(gains.values())
    received = dict.fromkeys(gains, 0)
    for payer in sorted((s for s, n in net.items() if n < 0), key=seat_order.index):
        pays = -net[payer] - short.get(payer, 0)
        shares = {r: pays * g // total_gain for r, g in gains.items()}
        left = pays - sum(shares.values())
        for receiver in sorted(gains, key=lambda r: _seats_after(payer, r, seat_order)):
            extra = max(0, min(left, gains[receiver] - received[receiver] - shares[receiver]))
            shares[receiver] += extra
            left -= extra
        for receiver, share in shares.items():
            received[receiver] += share
    return {r: gains[r] - received[r] for r in gains}


def _cut_along_debts(owed: Sequence[Transfer], short: Mapping[int, int], borne: Mapping[int, int]) -> list[int] | None:
    """How much to take off each transfer so each short payer pays `short` less and each receiver
    gets up to `borne` less, seats in between unchanged: a max flow from the short payers to the
    receivers through the owed transfers (Edmonds-Karp; tables have at most four seats).
    None when the whole shortfall cannot be routed within `borne`."""
    source, sink = "source", "sink"
    capacity: dict[tuple[Any, Any], int] = {}
    for t in owed:
        capacity[(t.payer, t.receiver)] = capacity.get((t.payer, t.receiver), 0) + t.owed
    for payer, amount in short.items():
        capacity[(source, payer)] = amount
    for receiver, amount in borne.items():
        capacity[(receiver, sink)] = amount
    flow: dict[tuple[Any, Any], int] = {}
    nodes = {n for edge in capacity for n in edge}
    while (path := _augmenting_path(capacity, flow, nodes, source, sink)) is not None:
        push = min(capacity.get(e, 0) - flow.get(e, 0) for e in path)
        for a, b in path:
            flow[(a, b)] = flow.get((a, b), 0) + push
            flow[(b, a)] = flow.get((b, a), 0) - push
    if sum(flow.get((source, p), 0) for p in short) < sum(short.values()):
        return None
    return _split_cuts(owed, flow)


def _augmenting_path(
    capacity: Mapping[tuple[Any, Any], int],
    flow: Mapping[tuple[Any, Any], int],
    nodes: set[Any],
    source: Any,
    sink: Any,
) -> list[tuple[Any, Any]] | None:
    """The shortest path from source to sink with room left (breadth first), as its edges."""
    came_from: dict[Any, Any] = {source: None}
    queue = [source]
    for node in queue:
        for nxt in sorted(nodes, key=str):
            room = capacity.get((node, nxt), 0) - flow.get((node, nxt), 0)
            if nxt not in came_from and room > 0:
                came_from[nxt] = node
                queue.append(nxt)
    if sink not in came_from:
        return None
    path, node = [], sink
    while came_from[node] is not None:
        path.append((came_from[node], node))
        node = came_from[node]
    return path[::-1]


def _split_cuts(owed: Sequence[Transfer], flow: Mapping[tuple[Any, Any], int]) -> list[int]:
    """The flow on each payer→receiver pair, spread over that pair's transfers in listing order."""
    left = {(t.payer, t.receiver): max(0, flow.get((t.payer, t.receiver), 0)) for t in owed}
    cuts = []
    for t in owed:
        cut = min(t.owed, left[(t.payer, t.receiver)])
        left[(t.payer, t.receiver)] -= cut
        cuts.append(cut)
    return cuts


def escape_penalty(variant: str, base: int, escaper: int, n_seats: int) -> tuple[Transfer, ...]:
    """What seat `escaper` owes each other seat for escaping (paid == owed; run `settle` next).

    The rule is the variant's data (`Variant.escape_penalty_bases`, `Variant.escape_sharing`).
    Seats are 0..n_seats-1 in playing order; transfers are listed from the seat after
    the escaper onwards. Raises `UnknownVariant` or `PaymentError` on bad input.
    """
    try:
        rules = get_variant(variant)
    except VariantNotFound:
        raise UnknownVariant(f"no escape penalty for variant {variant!r}") from None
    if base <= 0 or n_seats < 2 or not 0 <= escaper < n_seats:
        raise PaymentError(f"bad escape: base={base} escaper={escaper} n_seats={n_seats}")
    others = [(escaper + k) % n_seats for k in range(1, n_seats)]
    amounts = _escape_amounts(rules, base, len(others))
    return tuple(Transfer(escaper, seat, amount, amount) for seat, amount in zip(others, amounts, strict=True))


def _escape_amounts(rules: Variant, base: int, n_others: int) -> list[int]:
    """Each other seat's share, the first listed being the seat after the escaper."""
    if rules.escape_sharing == EscapeSharing.EACH_OTHER_EQUALLY:
        return [rules.escape_share_bases * base] * n_others
    each, left = divmod(rules.escape_penalty_bases * base, n_others)
    return [each + (left if k == 0 else 0) for k in range(n_others)]
