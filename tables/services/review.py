"""Hand reviews (牌谱分析): computed once after settlement, stored, shown only to their seat's player.

`replay_document(hand)` is the hand as an engine replay (engine.review.Replay JSON: the
same file `python -m engine review` reads); `store_reviews(hand_id)` reviews the seats
people played and stores them (idempotent: a second run changes nothing);
`review_for(hand, user, asked)` answers what a user may open: a player their own seat,
an operator any seat. A house bot's seat is not reviewed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction

from engine.hand import HandState
from engine.review import Replay, review_seats
from tables.models import Hand, HandReview, HandStatus
from tables.services import jobs


def replay_document(hand: Hand) -> dict[str, Any]:
    """The hand as a replay file: rules, seed, options, dealer, streak, base and the logged actions."""
    return {
        "variant": hand.variant,
        "seed": hand.seed,
        "options": hand.options,
        "dealer": hand.dealer,
        "streak": hand.streak,
        "base": hand.base,
        "actions": [[row.seat, row.action] for row in hand.actions.order_by("state_version")],
    }


def reviewable(hand: Hand) -> bool:
    """A hand the engine played to its end (not a running or voided one)."""
    return hand.status == HandStatus.FINISHED and HandState.from_json(hand.state).finished


def reviewed_seats(hand: Hand) -> list[int]:
    """The seats a review is made for: the ones people played (托管 included), not house bots."""
    return [seat for seat in range(len(hand.players)) if seat not in hand.bots]


def store_reviews(hand_id: int) -> int:
    """Review the people's seats of a finished hand and store what is missing; returns how many were stored."""
    hand = Hand.objects.get(pk=hand_id)
    if not reviewable(hand):
        return 0
    missing = [s for s in reviewed_seats(hand) if not hand.reviews.filter(seat=s).exists()]
    if not missing:
        return 0
    stored = 0
    for seat, reviewed in review_seats(Replay.from_json(replay_document(hand)), missing).items():
        data = reviewed.to_json()
        try:
            with transaction.atomic():
                HandReview.objects.create(hand=hand, seat=seat, data=data, efficiency=data["summary"]["efficiency"])
            stored += 1
        except IntegrityError:  # a second task got there first: its review is the same
            pass
    return stored


def ask_for_review(hand_id: int) -> None:
    """Queue the review task once the transaction commits (the one after settlement did not run
    or was lost): idempotent, so asking twice costs one quick no-op."""
    jobs.queue_after_commit(jobs.REVIEW_HAND, hand_id)


@dataclass(frozen=True, slots=True)
class ReviewAccess:
    """What a user may open of a hand's reviews: the seat shown, its review (None until the task
    has run), and the seats with a review the user may switch to (operators: all)."""

    seat: int | None
    review: dict[str, Any] | None
    seats: tuple[int, ...]
    pending: bool


def review_for(hand: Hand, user_id: int, staff: bool, asked: int | None = None) -> ReviewAccess:
    """The review a user may see: a player only their own seat's; an operator any seat (`asked`)."""
    own = hand.seat_of(user_id)
    stored = {r.seat: r.data for r in hand.reviews.all()}
    seats = tuple(sorted(stored)) if staff else ((own,) if own is not None else ())
    seat = asked if staff and asked in stored else own if own is not None else (seats[0] if seats else None)
    pending = seat is not None and seat not in stored and seat in reviewed_seats(hand) and reviewable(hand)
    return ReviewAccess(seat, stored.get(seat) if seat is not None else None, seats, pending)
