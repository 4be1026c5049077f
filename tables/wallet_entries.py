"""What each wallet entry was, in the player's words: "第 12 局 平和麻将 底 10 — 自摸", with the hand's replay.

The ledger knows a movement by its kind and a reference ("hand:4", "user:7", "txn:9"); the tables know
what a hand was. `entries(postings, user_id)` joins them for the wallet page and the wallet API (tables
reads the ledger, never the other way round): one query for the hands of all the postings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext

from ledger.descriptions import Described
from ledger.models import Posting, TransactionKind
from tables import records
from tables.models import Hand
from tables.services.lobby import VARIANT_NAMES
from tables.sheet_text import shown_names, term


@dataclass(frozen=True, slots=True)
class Entry:
    """One posting of the player's: what it was, in the active language, and the hand's replay (or "")."""

    posting: Posting
    text: str
    link: str
    hand_id: int | None


def entries(postings: Sequence[Posting], user_id: int) -> list[Entry]:
    """The postings (with their transactions) described, in order."""
    ids = {n for p in postings if (n := _hand_id(p.transaction.reference)) is not None}
    hands = {h.pk: h for h in Hand.objects.filter(pk__in=ids)}
    out = []
    for posting in postings:
        hand = hands.get(_hand_id(posting.transaction.reference) or 0)
        link = reverse("tables:replay", args=[hand.pk]) if hand is not None else ""
        out.append(Entry(posting, describe(posting, hand, user_id), link, hand.pk if hand else None))
    return out


def described(postings: Sequence[Posting], user_id: int) -> list[Described]:
    """The same entries for the wallet API (ledger.descriptions): text, hand id and replay path."""
    return [Described(e.text, e.hand_id, e.link) for e in entries(postings, user_id)]


def _hand_id(reference: str) -> int | None:
    kind, _sep, ident = reference.partition(":")
    return int(ident) if kind == "hand" and ident.isdigit() else None


def describe(posting: Posting, hand: Hand | None, user_id: int) -> str:
    """What the posting was, in the active language."""
    txn = posting.transaction
    if hand is not None:
        return gettext("%(hand)s — %(what)s") % {"hand": hand_title(hand), "what": _in_hand(posting, hand, user_id)}
    words: dict[str, str] = {
        TransactionKind.WELCOME_GRANT: gettext("新手礼包"),
        TransactionKind.RELIEF: gettext("救济金"),
        TransactionKind.GRANT: gettext("运营发放：%(reason)s"),
        TransactionKind.DEBIT: gettext("运营扣除：%(reason)s"),
        TransactionKind.REVERSAL: gettext("冲正：撤销一笔交易（%(reason)s）"),
    }
    return words.get(txn.kind, txn.get_kind_display()) % {"reason": txn.reason}


def hand_title(hand: Hand) -> str:
    """ "第 12 局 平和麻将 底 10" in the active language."""
    variant = VARIANT_NAMES.get(hand.variant, hand.variant)
    return gettext("第 %(n)s 局 %(variant)s 底 %(base)s") % {"n": hand.number, "variant": variant, "base": hand.base}


def _in_hand(posting: Posting, hand: Hand, user_id: int) -> str:
    txn = posting.transaction
    if txn.kind == TransactionKind.ESCAPE_PENALTY:
        return _escape(txn.idempotency_key, posting.amount, hand)
    seat = hand.seat_of(user_id)
    if seat is None:
        return str(txn.get_kind_display())
    return _result(records.outcome(hand, seat), hand)


def _escape(key: str, amount: int, hand: Hand) -> str:
    if amount < 0:
        return gettext("逃跑罚金")
    escaper = key.rpartition(":")[2]
    names = shown_names(hand)
    name = names[int(escaper)] if escaper.isdigit() and int(escaper) < len(names) else "?"
    return gettext("%(name)s 逃跑，分得罚金") % {"name": name}


def _result(outcome: records.Outcome, hand: Hand) -> str:
    sheet: dict[str, Any] = hand.sheet or {}
    winner, how = sheet.get("winner"), term(str(sheet.get("win_type") or ""))
    if winner is None:
        return gettext("流局")
    if outcome.won:
        return how
    name = shown_names(hand)[int(winner)]
    if outcome.dealt_in:
        return gettext("放炮：%(name)s %(how)s") % {"name": name, "how": how}
    return gettext("%(name)s %(how)s") % {"name": name, "how": how}
