"""What an operator sees about one player: balance, bracket, recent hands, escapes, sanctions, title."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from accounts.models import User
from ledger import services as ledger
from ledger.models import Bracket
from operations.models import Sanction
from tables.models import Escape, Hand
from tables.records import finished_hands_of
from tables.titles import guangdong_score, guangdong_title


@dataclass(frozen=True, slots=True)
class PlayedHand:
    hand: Hand
    seat: int
    result: int | None  # coins owed (+ won, - lost) on the sheet; None without a sheet (流局 or voided)


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    user: User
    balance: int
    bracket: Bracket | None
    hands: list[PlayedHand]
    escapes: list[Escape]
    sanctions: list[Sanction]
    guangdong_score: int
    guangdong_title: str


def summary(user: User, recent: int = 20) -> PlayerSummary:
    balance = ledger.balance_of(user)
    played = played_hands(user)
    return PlayerSummary(
        user=user,
        balance=balance,
        bracket=ledger.bracket_for_balance(balance),
        hands=played[:recent],
        escapes=list(Escape.objects.filter(user=user).select_related("hand").order_by("-created_at")[:recent]),
        sanctions=list(Sanction.objects.filter(user=user).select_related("created_by", "lifted_by")[:recent]),
        guangdong_score=guangdong_score(user.pk),
        guangdong_title=guangdong_title(user.pk).name_zh,
    )


def played_hands(user: User) -> list[PlayedHand]:
    """The player's finished hands, newest first, with their result."""
    return [PlayedHand(hand, seat, _owed(hand.sheet, seat)) for hand, seat in finished_hands_of(user.pk)]


def _owed(sheet: dict[str, Any] | None, seat: int) -> int | None:
    if not sheet:
        return None
    for row in sheet.get("seats", []):
        if row.get("seat") == seat:
            return int(row.get("owed", 0))
    return None
