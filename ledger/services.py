"""Every money movement on the platform, each in one database transaction.

Contract shared by all services:
- Exactly once: each movement has an idempotency key (derived from the hand and
  seat for table movements, given by the caller for operator movements). Posting
  the same key again returns the first `Transaction` and moves nothing; the same
  key with a different request raises `IdempotencyConflict` and moves nothing.
- Accounts are locked in ascending id order (`select_for_update`), so two
  movements over the same players serialise instead of deadlocking; on SQLite the
  IMMEDIATE transaction mode serialises writers the same way.
- A player's balance never goes below zero: table payments pay down to zero
  (by the payment rule the caller passes in: the rules live in the engine, and
  `tables.services.settlement` is the one place that joins them to the ledger),
  operator debits and reversals that would overdraw raise `InsufficientFunds`.
- Bad input raises a `LedgerError` subclass and changes nothing.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.utils.translation import gettext

from accounts.models import User
from ledger.models import ISSUED_KINDS, Account, AccountKind, Bracket, Posting, Transaction, TransactionKind


class LedgerError(Exception):
    """A refused money movement. `code` is stable and shown by the API."""

    code = "ledger_error"


class InvalidAmount(LedgerError):
    code = "invalid_amount"


class InsufficientFunds(LedgerError):
    code = "insufficient_funds"


class IdempotencyConflict(LedgerError):
    code = "idempotency_conflict"


class NotReversible(LedgerError):
    code = "not_reversible"


class UnknownAccount(LedgerError):
    code = "unknown_account"


class InvalidTransfers(LedgerError):
    code = "invalid_transfers"


# --- accounts ----------------------------------------------------------------


def account_for(user: User | int) -> Account:
    """The user's coin account, created on first use (new users also get one by signal)."""
    user_id = user if isinstance(user, int) else user.pk
    account, _ = Account.objects.get_or_create(user_id=user_id, defaults={"kind": AccountKind.PLAYER})
    return account


def system_account(code: str) -> Account:
    account, _ = Account.objects.get_or_create(code=code, defaults={"kind": AccountKind.SYSTEM})
    return account


def balance_of(user: User | int) -> int:
    return account_for(user).balance


def balances_of(user_ids: Iterable[int]) -> dict[int, int]:
    """The balances of several players in one query (a user without an account yet holds 0)."""
    wanted = list(user_ids)
    found = dict(Account.objects.filter(user_id__in=wanted).values_list("user_id", "balance"))
    return {user_id: int(found.get(user_id, 0)) for user_id in wanted}


def bracket_for_balance(balance: int) -> Bracket | None:
    """The stake bracket a balance admits, or None when it is too small to sit (under 160)."""
    return brackets_for_balances([balance])[balance]


def brackets_for_balances(balances: Iterable[int]) -> dict[int, Bracket | None]:
    """`bracket_for_balance` of each balance, with the brackets read in one query."""
    brackets = list(Bracket.objects.order_by("-min_balance"))
    return {balance: _bracket_in(brackets, balance) for balance in balances}


def _bracket_in(brackets: list[Bracket], balance: int) -> Bracket | None:
    """The highest bracket starting at or below `balance` if it holds it (`brackets` from high to low)."""
    bracket = next((k for k in brackets if k.min_balance <= balance), None)
    return bracket if bracket is not None and bracket.contains(balance) else None


def minimum_to_sit() -> int | None:
    """The smallest balance any room admits (160 with the seeded table), None without brackets."""
    first = Bracket.objects.order_by("min_balance").first()
    return None if first is None else first.min_balance


# --- the one place postings are written -----------------------------------------


@dataclass(frozen=True, slots=True)
class Movement:
    """What a service asks `_post` to do, before accounts are locked."""

    kind: str
    reference: str
    key: str
    request: Mapping[str, Any]  # canonical description; its hash is the fingerprint
    by: User | None = None
    reason: str = ""
    reverses: Transaction | None = None


def fingerprint(request: Mapping[str, Any]) -> str:
    return hashlib.sha256(json.dumps(request, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _post(
    movement: Movement, account_ids: Iterable[int], plan: Any
) -> Transaction:  # plan: (locked accounts) -> (net per account id, detail)
    """Lock the accounts, run `plan`, write the transaction once; replay it on a retried key."""
    digest = fingerprint(movement.request)
    try:
        with transaction.atomic():
            locked = _lock(account_ids)
            existing = Transaction.objects.filter(idempotency_key=movement.key).first()
            if existing is not None:
                return _replayed(existing, digest)
            nets, detail = plan(locked)
            return _write(movement, digest, locked, nets, detail)
    except IntegrityError:
        # A concurrent call with the same key committed first (unique key): replay it.
        existing = Transaction.objects.filter(idempotency_key=movement.key).first()
        if existing is None:
            raise
        return _replayed(existing, digest)


def _lock(account_ids: Iterable[int]) -> dict[int, Account]:
    """Lock accounts in ascending id order: every writer takes locks in one global order."""
    ids = sorted(set(account_ids))
    return {a.id: a for a in Account.objects.select_for_update().filter(id__in=ids).order_by("id")}


def _replayed(existing: Transaction, digest: str) -> Transaction:
    if existing.fingerprint != digest:
        raise IdempotencyConflict(gettext("幂等键 %(key)r 已用于另一个请求") % {"key": existing.idempotency_key})
    return existing


def _write(
    movement: Movement, digest: str, locked: dict[int, Account], nets: Mapping[int, int], detail: dict[str, Any]
) -> Transaction:
    if sum(nets.values()) != 0:
        raise AssertionError(f"unbalanced postings {dict(nets)}")  # a bug in a service, never user input
    txn = Transaction.objects.create(
        kind=movement.kind,
        reference=movement.reference,
        idempotency_key=movement.key,
        fingerprint=digest,
        created_by=movement.by,
        reason=movement.reason,
        detail=detail,
        reverses=movement.reverses,
    )
    postings = [_posting(txn, locked[account_id], nets[account_id]) for account_id in sorted(nets) if nets[account_id]]
    Posting.objects.bulk_create(postings)
    Account.objects.bulk_update([locked[p.account_id] for p in postings], ["balance"])
    return txn


def _posting(txn: Transaction, account: Account, amount: int) -> Posting:
    """The posting of `amount` to a locked account, whose cached balance moves with it."""
    new_balance = account.balance + amount
    if new_balance < 0 and account.kind == AccountKind.PLAYER:
        raise InsufficientFunds(
            gettext("%(account)s 余额 %(balance)s，付不起 %(amount)s")
            % {"account": account, "balance": account.balance, "amount": -amount}
        )
    account.balance = new_balance
    return Posting(transaction=txn, account=account, amount=amount, balance_after=new_balance)


# --- operator movements --------------------------------------------------------------


def grant(user: User | int, amount: int, *, by: User | None, reason: str, key: str) -> Transaction:
    """Operator credit of `amount` coins from the issuance account."""
    return _operator_move(TransactionKind.GRANT, user, amount, by=by, reason=reason, key=key)


def debit(user: User | int, amount: int, *, by: User | None, reason: str, key: str) -> Transaction:
    """Operator removal of `amount` coins back to the issuance account; refused if it would overdraw."""
    return _operator_move(TransactionKind.DEBIT, user, amount, by=by, reason=reason, key=key)


def issue(kind: str, user: User | int, amount: int, *, reason: str, key: str, by: User | None = None) -> Transaction:
    """Credit `amount` from the issuance account by the platform's own rules: a welcome grant or relief (救济金).

    `kind` is one of `ISSUED_KINDS`; `by` is who asked (the player claiming relief), None for the platform.
    The caller's `key` makes it exactly once, as for every movement.
    """
    if kind not in ISSUED_KINDS:
        raise LedgerError(f"{kind!r} is not a kind of issued coins")
    return _operator_move(kind, user, amount, by=by, reason=reason, key=key)


def _operator_move(kind: str, user: User | int, amount: int, *, by: User | None, reason: str, key: str) -> Transaction:
    _require_positive(amount)
    if not reason.strip():
        raise LedgerError(gettext("管理员调整需要填写原因"))
    if not key:
        raise LedgerError(gettext("管理员调整需要幂等键"))
    player, issuance = account_for(user), system_account(Account.ISSUANCE)
    signed = -amount if kind == TransactionKind.DEBIT else amount
    request = {"kind": kind, "account": player.id, "amount": amount, "reason": reason}
    movement = Movement(kind, f"user:{player.user_id}", key, request, by=by, reason=reason)
    return _post(movement, [player.id, issuance.id], lambda _: ({player.id: signed, issuance.id: -signed}, request))


def _require_positive(amount: int) -> None:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise InvalidAmount(gettext("数额必须是正整数个游戏币，收到的是 %(amount)r") % {"amount": amount})


# --- the match zone (比赛专区) ------------------------------------------------------------


def pay_for_match_pass(user: User | int, price: int, *, reference: str, key: str) -> Transaction:
    """A player pays the house `price` coins for a match pass (通行证); refused if it would overdraw.

    `reference` names the season ("season:<id>"); `key` makes it once per player and season."""
    return _with_house(TransactionKind.MATCH_PASS, user, -price, reference, key, "比赛专区通行证 match pass")


def pay_match_prize(user: User | int, amount: int, *, reference: str, key: str, reason: str) -> Transaction:
    """The house pays a season's prize of `amount` coins to a player, once per `key`."""
    return _with_house(TransactionKind.MATCH_PRIZE, user, amount, reference, key, reason)


def pay_arena_fee(user: User | int, fee: int, *, reference: str, key: str) -> Transaction:
    """A player pays an arena's entry fee (报名费) to the house, which keeps the pool; refused if it would
    overdraw. `reference` names the arena ("arena:<id>"); `key` makes it once per player and arena."""
    return _with_house(TransactionKind.ARENA_FEE, user, -fee, reference, key, "竞技场报名费 arena entry fee")


def refund_arena_fee(user: User | int, fee: int, *, reference: str, key: str) -> Transaction:
    """The house gives a cancelled arena's entry fee back, once per `key`."""
    return _with_house(TransactionKind.ARENA_REFUND, user, fee, reference, key, "竞技场取消退费 arena refund")


def pay_arena_prize(user: User | int, amount: int, *, reference: str, key: str, reason: str) -> Transaction:
    """The house pays an arena place's prize (its share of the pool and the house's own), once per `key`."""
    return _with_house(TransactionKind.ARENA_PRIZE, user, amount, reference, key, reason)


def _with_house(kind: str, user: User | int, amount: int, reference: str, key: str, reason: str) -> Transaction:
    """One movement between a player and the house: `amount` > 0 the house pays, < 0 the player pays (refused
    if it would overdraw them). Exactly once per `key`."""
    _require_positive(abs(amount))
    player, house = account_for(user), system_account(Account.HOUSE)
    request = {"kind": kind, "account": player.id, "amount": abs(amount), "reference": reference}
    movement = Movement(kind, reference, key, request, reason=reason)
    return _post(movement, [player.id, house.id], lambda _: ({player.id: amount, house.id: -amount}, request))


# --- table movements ---------------------------------------------------------------


class Owed(Protocol):
    """One row of what a table owes: seat `payer` owes seat `receiver` `owed` coins."""

    @property
    def payer(self) -> int: ...
    @property
    def receiver(self) -> int: ...
    @property
    def owed(self) -> int: ...


class Paid(Owed, Protocol):
    """A row once the payment rule has decided it: `paid` of the `owed` coins change hands."""

    @property
    def paid(self) -> int: ...


# (owed rows, each seat's locked balance, the seats in playing order) -> the rows with `paid`;
# raises InvalidTransfers for rows it cannot pay.
PaymentRule = Callable[[Sequence[Owed], Mapping[int, int], Sequence[int]], Sequence[Paid]]


def post_table_transfers(
    kind: str, hand_ref: str, key: str, seat_user_ids: Sequence[int], owed: Sequence[Owed], *, pay: PaymentRule
) -> Transaction:
    """Pay owed transfers between the seats of a table, once per `key`.

    `pay` decides what is paid against the locked balances (the caller's rule: the ledger
    only checks that the postings balance and that no player goes below zero)."""
    seat_accounts = _seat_accounts(seat_user_ids)
    request = {"kind": kind, "hand": hand_ref, "seats": list(seat_user_ids), "owed": [_owed_row(t) for t in owed]}
    movement = Movement(kind, f"hand:{hand_ref}", key, request)

    def plan(locked: dict[int, Account]) -> tuple[dict[int, int], dict[str, Any]]:
        balances = {seat: locked[a.id].balance for seat, a in enumerate(seat_accounts)}
        paid = pay(owed, balances, range(len(seat_accounts)))
        return _nets(paid, seat_accounts), {**request, "transfers": [_row(t) for t in paid]}

    return _post(movement, [a.id for a in seat_accounts], plan)


def _seat_accounts(seat_user_ids: Sequence[int]) -> list[Account]:
    """The seats' accounts in seat order (one query; opened here for users who have none yet)."""
    if len(seat_user_ids) < 2 or len(set(seat_user_ids)) != len(seat_user_ids):
        raise InvalidTransfers(f"a table needs 2+ distinct players, got {list(seat_user_ids)}")
    found = {a.user_id: a for a in Account.objects.filter(user_id__in=seat_user_ids)}
    missing = [u for u in seat_user_ids if u not in found]
    if missing:
        known = set(get_user_model().objects.filter(pk__in=missing).values_list("pk", flat=True))
        if unknown := [u for u in missing if u not in known]:
            raise UnknownAccount(f"no such users: {unknown}")
        found |= {u: account_for(u) for u in missing}
    return [found[u] for u in seat_user_ids]


def _owed_row(t: Owed) -> dict[str, int]:
    return {"payer": t.payer, "receiver": t.receiver, "owed": t.owed, "paid": 0}


def _row(t: Paid) -> dict[str, int]:
    return {"payer": t.payer, "receiver": t.receiver, "owed": t.owed, "paid": t.paid}


def _nets(paid: Sequence[Paid], seat_accounts: Sequence[Account]) -> dict[int, int]:
    nets: dict[int, int] = defaultdict(int)
    for t in paid:
        nets[seat_accounts[t.payer].id] -= t.paid
        nets[seat_accounts[t.receiver].id] += t.paid
    return dict(nets)


# --- corrections ------------------------------------------------------------------------


def reverse(original: Transaction | int, *, by: User | None, reason: str) -> Transaction:
    """Undo a transaction with opposite postings, at most once; refused if it would overdraw a player."""
    txn = original if isinstance(original, Transaction) else Transaction.objects.filter(pk=original).first()
    if txn is None:
        raise NotReversible(gettext("没有交易 %(txn)s") % {"txn": original})
    if txn.kind == TransactionKind.REVERSAL:
        raise NotReversible(gettext("%(txn)s 本身就是冲正；请另做一笔调整") % {"txn": txn})
    if not reason.strip():
        raise LedgerError(gettext("冲正需要填写原因"))
    postings = list(txn.postings.values_list("account_id", "amount"))
    nets = {account_id: -amount for account_id, amount in postings}
    request = {"kind": TransactionKind.REVERSAL, "reverses": txn.pk}
    movement = Movement(TransactionKind.REVERSAL, f"txn:{txn.pk}", f"reversal:{txn.pk}", request, by, reason, txn)
    return _post(movement, nets, lambda _: (nets, {**request, "reason": reason}))


# --- checks ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CheckReport:
    accounts: int
    transactions: int
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def check_ledger() -> CheckReport:
    """Verify every invariant: cached balances, balanced transactions, no negative player."""
    problems: list[str] = []
    sums = dict(
        Posting.objects.values_list("account_id").annotate(total=Sum("amount")).values_list("account_id", "total")
    )
    for account in Account.objects.all():
        total = sums.get(account.id) or 0
        if account.balance != total:
            problems.append(f"{account}: cached balance {account.balance} != postings {total}")
        if account.kind == AccountKind.PLAYER and account.balance < 0:
            problems.append(f"{account}: negative balance {account.balance}")
    unbalanced = Posting.objects.values("transaction_id").annotate(total=Sum("amount")).exclude(total=0)
    problems.extend(f"transaction #{row['transaction_id']} sums to {row['total']}" for row in unbalanced)
    return CheckReport(Account.objects.count(), Transaction.objects.count(), tuple(problems))
