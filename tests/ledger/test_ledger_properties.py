"""Random stories of grants, debits, settlements, penalties and reversals, with retried keys.

After every step: the ledger agrees with a plain-Python model of the same story
(built on `engine.payments`), the sum over all accounts is still 0 (nothing is
created or lost), table movements leave the players' total unchanged, no player
is negative, and every cached balance equals the sum of its postings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from django.db import transaction
from django.db.models import Sum
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.payments import Transfer, escape_penalty, settle, settle_net
from ledger import services
from ledger.models import Account, AccountKind
from tables.services import settlement
from tests.ledger.conftest import new_player

N_PLAYERS = 5
KEYS = [f"op-{n}" for n in range(4)]  # few keys, so retries and clashes happen often

amounts = st.integers(1, 3_000)
grants = st.tuples(st.just("grant"), st.integers(0, N_PLAYERS - 1), amounts, st.sampled_from(KEYS))
debits = st.tuples(st.just("debit"), st.integers(0, N_PLAYERS - 1), amounts, st.sampled_from(KEYS))
# (payer, receiver = payer + offset around the table, owed)
owed_rows = st.lists(st.tuples(st.integers(0, 3), st.integers(1, 3), st.integers(0, 2_000)), min_size=1, max_size=4)
settlements = st.tuples(st.just("settle"), st.integers(0, 5), owed_rows)
escapes = st.tuples(st.just("escape"), st.integers(0, 5), st.integers(0, 3), st.sampled_from([10, 50, 100]))
reversals = st.tuples(st.just("reverse"), st.integers(0, 50))
steps = st.lists(st.one_of(grants, debits, settlements, escapes, reversals), max_size=25)


def seats_of(hand: int) -> list[int]:
    """Even hands are 4-player tables, odd hands 2-player (erren) tables, rotating over the players."""
    n = 4 if hand % 2 == 0 else 2
    return [(hand + i) % N_PLAYERS for i in range(n)]


@dataclass
class Model:
    """What the ledger should hold, computed without the database."""

    balances: list[int]
    requests: dict[str, Any] = field(default_factory=dict)  # idempotency key -> request
    effects: dict[int, dict[int, int]] = field(default_factory=dict)  # txn pk -> player index -> amount
    reversal_of: dict[int, int] = field(default_factory=dict)  # original pk -> reversal pk
    reversals: set[int] = field(default_factory=set)

    def outcome(self, key: str, request: Any) -> str:
        if key not in self.requests:
            return "new"
        return "replay" if self.requests[key] == request else "conflict"


class Story:
    def __init__(self, users: list[Any], operator: Any) -> None:
        self.users, self.operator = users, operator
        self.model = Model([services.balance_of(u) for u in users])
        self.txns: list[int] = []

    def run(self, step: tuple[Any, ...]) -> None:
        getattr(self, f"do_{step[0]}")(*step[1:])

    def do_grant(self, player: int, amount: int, key: str) -> None:
        self._operator("grant", player, amount, key, services.grant)

    def do_debit(self, player: int, amount: int, key: str) -> None:
        self._operator("debit", player, amount, key, services.debit)

    def _operator(self, kind: str, player: int, amount: int, key: str, move: Any) -> None:
        request = (kind, player, amount)
        outcome = self.model.outcome(key, request)
        signed = amount if kind == "grant" else -amount
        if outcome == "new" and self.model.balances[player] + signed < 0:
            with pytest.raises(services.InsufficientFunds):
                move(self.users[player], amount, by=self.operator, reason="story", key=key)
            return
        user = self.users[player]
        self._expect(
            outcome,
            key,
            request,
            {player: signed},
            lambda: move(user, amount, by=self.operator, reason="story", key=key),
        )

    def do_settle(self, hand: int, rows: list[tuple[int, int, int]]) -> None:
        seats = seats_of(hand)
        n = len(seats)
        owed = [Transfer(p % n, (p + offset) % n, a) for p, offset, a in rows if offset % n]
        if not owed:
            return
        key, request = f"hand:{hand}:settlement", ("settle", tuple(owed))
        effect = self._table_effect(seats, owed, settle_net)  # a hand: the floor on each net result
        user_ids = [self.users[i].pk for i in seats]
        outcome = self.model.outcome(key, request)
        self._expect(outcome, key, request, effect, lambda: settlement.post_hand_settlement(str(hand), user_ids, owed))

    def do_escape(self, hand: int, seat: int, base: int) -> None:
        seats = seats_of(hand)
        seat %= len(seats)
        variant = "pinghe" if len(seats) == 4 else "erren"
        key, request = f"hand:{hand}:escape:{seat}", ("escape", base)
        effect = self._table_effect(seats, escape_penalty(variant, base, seat, len(seats)))
        user_ids = [self.users[i].pk for i in seats]
        outcome = self.model.outcome(key, request)
        self._expect(
            outcome,
            key,
            request,
            effect,
            lambda: settlement.apply_escape_penalty(str(hand), user_ids, seat, variant, base),
        )

    def _table_effect(self, seats: list[int], owed: Any, pay: Any = settle) -> dict[int, int]:
        paid = pay(owed, {s: self.model.balances[p] for s, p in enumerate(seats)}, range(len(seats)))
        effect = dict.fromkeys(seats, 0)
        for t in paid:
            effect[seats[t.payer]] -= t.paid
            effect[seats[t.receiver]] += t.paid
        return effect

    def do_reverse(self, pick: int) -> None:
        if not self.txns:
            return
        original = self.txns[pick % len(self.txns)]
        if original in self.model.reversals:
            with pytest.raises(services.NotReversible):
                services.reverse(original, by=self.operator, reason="story")
            return
        if original in self.model.reversal_of:
            assert services.reverse(original, by=self.operator, reason="story").pk == self.model.reversal_of[original]
            return
        effect = {p: -a for p, a in self.model.effects[original].items()}
        if any(self.model.balances[p] + a < 0 for p, a in effect.items()):
            event("reverse: insufficient")
            with pytest.raises(services.InsufficientFunds):
                services.reverse(original, by=self.operator, reason="story")
            return
        txn = services.reverse(original, by=self.operator, reason="story")
        event("reverse: new")
        self._record(txn.pk, effect)
        self.model.reversal_of[original] = txn.pk
        self.model.reversals.add(txn.pk)

    def _expect(self, outcome: str, key: str, request: Any, effect: dict[int, int], action: Any) -> None:
        """Run `action`: a new key moves `effect`, a replay moves nothing, a clash is refused."""
        before = [services.balance_of(u) for u in self.users]
        event(f"{request[0]}: {outcome}")
        if outcome == "conflict":
            with pytest.raises(services.IdempotencyConflict):
                action()
            return
        txn = action()
        if outcome == "new":
            self.model.requests[key] = request
            self._record(txn.pk, effect)
        else:
            assert [services.balance_of(u) for u in self.users] == before

    def _record(self, pk: int, effect: dict[int, int]) -> None:
        for player, amount in effect.items():
            self.model.balances[player] += amount
        self.model.effects[pk] = effect
        self.txns.append(pk)

    def check(self) -> None:
        assert [services.balance_of(u) for u in self.users] == self.model.balances
        assert Account.objects.aggregate(total=Sum("balance"))["total"] == 0
        issued = -Account.objects.get(code=Account.ISSUANCE).balance
        assert sum(self.model.balances) + services.balance_of(self.operator) == issued
        assert not Account.objects.filter(kind=AccountKind.PLAYER, balance__lt=0).exists()
        assert services.check_ledger().ok


@pytest.fixture
def cast(db: Any, operator: Any) -> tuple[list[Any], Any]:
    players = [new_player(f"p{i}", f"玩家{i}", coins=500 * i) for i in range(N_PLAYERS)]
    return players, operator


class Rollback(Exception):
    """Raised to undo one example's writes, so every example starts from the same ledger."""


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(story_steps=steps)
def test_random_stories_keep_the_books_balanced(cast, story_steps):
    players, operator = cast
    try:
        with transaction.atomic():
            story = Story(players, operator)
            for step in story_steps:
                story.run(step)
                story.check()
            raise Rollback
    except Rollback:
        pass
