"""Settlement: the one place a hand's result, and an escape's penalty, become coins.

The engine decides what is owed (`engine.payments`: the sheet's transfers, the escape
penalty) and what is paid against the balances (the floor on each seat's net result);
the ledger posts it exactly once per key (`ledger.services.post_table_transfers`). This
module joins them and does the table's side: store on the hand what the ledger moved (the
sheet every reader shows), mark the hand settled, tell the table, move players whose balance
left the bracket, schedule the next deal. It also keeps the house's bots funded for the
posting (`fund_bots`), the one other coin movement a hand makes. The Celery tasks
(`tables.tasks`) are thin wrappers that take ids and call in here; every function is safe
to run twice.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.dispatch import Signal

from accounts.models import User
from engine.payments import PaymentError, Transfer, escape_penalty, settle, settle_net
from engine.sheet import with_posted_transfers
from ledger import services as ledger
from ledger.models import Transaction, TransactionKind
from tables import bots
from tables.models import Escape, Hand, HandStatus, Table
from tables.services import actions, between_hands, brackets, friend_rules, friends, jobs
from tables.services.events import EventRecorder, same_for_all
from tables.sheet_text import worded

log = logging.getLogger(__name__)

# Sent once per hand, inside the transaction that marks it settled (kwargs: hand_id, table, events): what a
# receiver writes (the match zone's 龙珠 and arena points, match.signals) commits or rolls back with the
# marking, so it is exactly once as the hand is, through a reconciler's or a retried worker's re-run. A
# receiver may close the locked `table` (an arena table plays one hand): then no next deal is scheduled.
hand_settled = Signal()


# --- money: what the engine says is owed, posted once ------------------------------


def post_hand_settlement(hand_ref: str, seat_user_ids: Sequence[int], transfers: Any) -> Transaction:
    """Pay a finished hand's result exactly once per `hand_ref`.

    `transfers` is an engine `SettlementSheet` (its `transfers` rows are
    `(payer, receiver, owed, paid)`), its JSON rows, or a sequence of `Transfer`; only what
    is *owed* is taken: what is paid is decided against the locked balances by RULINGS'
    floor on each seat's net result (`engine.payments.settle_net`). The transaction's
    `detail["transfers"]` records both.
    """
    owed = owed_transfers(transfers)
    key = f"hand:{hand_ref}:settlement"
    return ledger.post_table_transfers(
        TransactionKind.HAND_SETTLEMENT, hand_ref, key, seat_user_ids, owed, pay=_ruled(settle_net)
    )


def apply_escape_penalty(
    hand_ref: str, seat_user_ids: Sequence[int], escaper: int, variant: str, base: int
) -> Transaction:
    """逃跑惩罚 of seat `escaper`, at most once per hand and seat, paid down to zero."""
    try:
        owed = escape_penalty(variant, base, escaper, len(seat_user_ids))
    except PaymentError as error:
        raise ledger.InvalidTransfers(str(error)) from error
    key = f"hand:{hand_ref}:escape:{escaper}"
    return ledger.post_table_transfers(
        TransactionKind.ESCAPE_PENALTY, hand_ref, key, seat_user_ids, owed, pay=_ruled(settle)
    )


def owed_transfers(source: Any) -> tuple[Transfer, ...]:
    """Owed transfers from a settlement sheet, its JSON rows, or a sequence of Transfer/tuples."""
    rows = getattr(source, "transfers", source)
    return tuple(_owed(row) for row in rows)


def _owed(row: Any) -> Transfer:
    if isinstance(row, Transfer):
        return Transfer(row.payer, row.receiver, row.owed)
    if isinstance(row, Mapping):
        return Transfer(int(row["payer"]), int(row["receiver"]), int(row["owed"]))
    return Transfer(int(row[0]), int(row[1]), int(row[2]))


def _ruled(rule: Any) -> ledger.PaymentRule:
    """An engine payment rule as the ledger calls it; the engine's refusal becomes the ledger's."""

    def pay(owed: Sequence[Any], balances: Mapping[int, int], seat_order: Sequence[int]) -> Sequence[Transfer]:
        try:
            return rule(tuple(_owed(t) for t in owed), balances, seat_order)  # type: ignore[no-any-return]
        except PaymentError as error:
            raise ledger.InvalidTransfers(str(error)) from error

    return pay


# --- the house's bots --------------------------------------------------------------------

BOT_FLOAT_BASES = 5000  # a bot starts a hand with at least this many bases


def fund_bots(hand: Hand) -> None:
    """Top each house bot of the hand up to BOT_FLOAT_BASES × base before its settlement is posted, at most
    once per hand and bot (a ledger grant), so a bot never pays down to zero and the people at the
    table are paid in full. Safe to run again: a hand's bot already funded is not funded twice."""
    for seat in hand.bots:
        _fund(bots.bot_user(seat), hand.base, f"bot-float:hand:{hand.pk}:{seat}")


def _fund(user: User, base: int, key: str) -> None:
    want = BOT_FLOAT_BASES * base
    balance = ledger.balance_of(user)
    if balance < want and not Transaction.objects.filter(idempotency_key=key).exists():
        ledger.grant(user, want - balance, by=None, reason="house bot float", key=key)


# --- a finished hand --------------------------------------------------------------------


def settle_hand(hand_id: int) -> str:
    """Post the hand's sheet (exactly once), then mark it settled, tell the table and move on, in one
    transaction (so the next deal is scheduled exactly once with the marking).

    Returns what happened: "settled", "already settled" or "not finished"."""
    hand = Hand.objects.select_related("table__room").get(pk=hand_id)
    if hand.status != HandStatus.FINISHED:
        return "not finished"
    if hand.settled:
        return "already settled"
    paid, balances = _pay(hand)
    with transaction.atomic():
        table = actions.lock_table(hand.table_id)
        events = EventRecorder(table)
        if not _mark_settled(table, events, hand_id, paid, balances):
            return "already settled"
        hand_settled.send(sender=Hand, hand_id=hand_id, table=table, events=events)
        if not friends.after_settlement(table, hand, events):  # a friends' room's last hand ends its session
            between_hands.after_settlement(table, events, _out_of_bracket(table.room.base, balances))
        events.finish()
    return "settled"


def _pay(hand: Hand) -> tuple[list[dict[str, int]], dict[int, int]]:
    """Post the hand's sheet: the transfer rows paid and the people's balances after. A friends' room
    played for points (积分) posts nothing: what is owed is the points paid, and there are no balances."""
    rows = (hand.sheet or {}).get("transfers", [])
    if friend_rules.for_points(hand.table_id):
        return friend_rules.owed_as_paid(rows), {}
    fund_bots(hand)
    posted = post_hand_settlement(str(hand.pk), hand.players, rows)
    _fault_pause()
    return posted.detail.get("transfers", []), brackets.balances_of(_people(hand))  # after the posting


def _mark_settled(
    table: Table, events: EventRecorder, hand_id: int, paid: list[dict[str, int]], balances: dict[int, int]
) -> bool:
    """Store what the ledger moved on the hand's sheet, mark the hand settled and announce the sheet;
    False if it already was. Runs inside the caller's transaction, `table` locked."""
    hand = Hand.objects.select_for_update().get(pk=hand_id)
    if hand.settled:
        return False
    hand.settled = True
    after = {str(seat): balances.get(user_id) for seat, user_id in enumerate(hand.players)}
    if hand.sheet is not None:
        hand.sheet = worded(with_posted_transfers(hand.sheet, paid), hand)
        if balances:  # kept with the sheet: a page opened later still shows each 余额 after this hand
            hand.sheet["balances_after"] = after
    hand.save(update_fields=["settled", "sheet"])
    view = {"type": "settled", "hand_id": hand.pk, "sheet": hand.sheet, "transfers": paid}
    view["balances"] = after
    events.add("settled", same_for_all(table.room.n_seats, view), hand)
    jobs.queue_after_commit(jobs.REVIEW_HAND, hand_id)  # 牌谱分析, off the hot path
    return True


def _fault_pause() -> None:
    """Fault injection for the crash test: a worker killed here has posted but not marked the hand settled."""
    pause = float(getattr(settings, "TABLES_SETTLE_PAUSE_AFTER_POST", 0) or 0)
    if pause > 0:
        log.warning("pausing %.1fs after posting a settlement (TABLES_SETTLE_PAUSE_AFTER_POST)", pause)
        time.sleep(pause)


def _people(hand: Hand) -> list[int]:
    """The user ids of the seats people played (bots' coins are the house's business: their balance
    shows as None on the sheet)."""
    return [user_id for seat, user_id in enumerate(hand.players) if seat not in hand.bots]


def _out_of_bracket(room_base: int, balances: dict[int, int]) -> dict[int, str]:
    """Players (user id: balance) whose balance belongs to another bracket, with the reason shown to them."""
    bases = brackets.bases_for_balances(balances.values())
    out = {}
    for user_id, balance in balances.items():
        base = bases[balance]
        if base != room_base:
            where = "below the lowest bracket" if base is None else f"the base-{base} room"
            out[user_id] = f"your balance is now {balance}: it belongs in {where}, not base {room_base}"
    return out


# --- an escape ------------------------------------------------------------------------


def penalize_escape(escape_id: int) -> str:
    """Apply the escape penalty of one hand and seat, exactly once: "penalized" or "already penalized"."""
    escape = Escape.objects.select_related("hand").get(pk=escape_id)
    if escape.penalized:
        return "already penalized"
    _penalize(escape)
    return "penalized"


def penalize_escape_now(escape_id: int) -> int:
    """`penalize_escape` at once, where the player leaves (so the next page shows the balance after it; the
    task queued with the escape then finds it paid, the ledger's key keeps it once): the coins paid."""
    escape = Escape.objects.select_related("hand").get(pk=escape_id)
    paid = _penalize(escape)
    return sum(int(row["paid"]) for row in paid if int(row["payer"]) == escape.seat)


def _penalize(escape: Escape) -> list[dict[str, int]]:
    """Post the escape's penalty (in a points room: none, the points are counted from the escape)."""
    hand = escape.hand
    if friend_rules.for_points(hand.table_id):
        paid = friend_rules.escape_points(hand, escape.seat)
    else:
        posted = apply_escape_penalty(str(hand.pk), hand.players, escape.seat, hand.variant, hand.base)
        paid = posted.detail["transfers"]
    Escape.objects.filter(pk=escape.pk).update(penalized=True)
    return paid


def overdue(now: datetime) -> tuple[list[int], list[int]]:
    """Finished hands still unsettled and escapes not yet penalized, older than TABLES_RECONCILE_AFTER_SECONDS
    (a settlement queued on commit normally runs well within it): the reconciler queues them again."""
    cutoff = now - timedelta(seconds=settings.TABLES_RECONCILE_AFTER_SECONDS)
    hands = Hand.objects.filter(status=HandStatus.FINISHED, settled=False, finished_at__lte=cutoff)
    escapes = Escape.objects.filter(penalized=False, created_at__lte=cutoff)
    return list(hands.values_list("id", flat=True)), list(escapes.values_list("id", flat=True))
