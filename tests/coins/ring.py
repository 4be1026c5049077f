"""The scripted ring of the 风控 stories: 甲 (`jia`) and his feeder 乙 (`yi`), their hands at real tables.

A ring hand is a scripted row at a real private table whose coins move through the real settlement and
escape-penalty postings; a public hand is one a player finished with house bots in a public room (no coins
move). Shared by tests/coins/test_farming.py (relief, scoring), test_farming_seats.py (the seating rule)
and tests/admin/test_risk_page.py (the 风控 page)."""

from __future__ import annotations

from datetime import timedelta
from itertools import count
from typing import Any

from django.utils import timezone

from engine.hand import new_hand
from tables.models import Hand, HandStatus, Room, Table
from tables.services.seating import create_table
from tables.services.settlement import apply_escape_penalty, post_hand_settlement

numbers = count(1)


def table(private: bool, variant: str = "erren") -> Table:
    room, _ = Room.objects.get_or_create(variant=variant, base=10)
    return create_table(room, private=private)


def finished_hand(at: Table, players: list, bots: tuple[int, ...] = (), ago: timedelta = timedelta(0)) -> Hand:
    """A hand at `at` that ended `ago`, dealt to `players` (user ids per seat); its result is scripted apart."""
    state = new_hand(at.room.variant, seed="scripted", dealer=0, streak=1, base=at.room.base)
    return Hand.objects.create(
        table=at, number=next(numbers), variant=at.room.variant, base=at.room.base, seed="scripted",
        commitment="0" * 64, dealer=0, streak=1, players=players, bots=list(bots), state=state.to_json(),
        status=HandStatus.FINISHED, settled=True, finished_at=timezone.now() - ago,
    )  # fmt: skip


def ring_hand(winner: Any, feeder: Any, escapes: bool = True) -> Hand:
    """One lap of the ring: the feeder escapes (penalty to the winner) and the hand goes the winner's way."""
    hand = finished_hand(table(private=True), [winner.pk, feeder.pk])
    seats = [winner.pk, feeder.pk]
    if escapes:
        apply_escape_penalty(str(hand.pk), seats, 1, "erren", 10)
    post_hand_settlement(str(hand.pk), seats, [(1, 0, 40)])
    return hand


def public_hand(player: Any, bots: int = 3) -> Hand:
    """`player` plays a public pinghe hand with house bots (no coins move)."""
    return finished_hand(table(private=False, variant="pinghe"), [player.pk, *range(-bots, 0)], bots=(1, 2, 3))


def same_browser(*players: Any) -> None:
    """The players logged in from one browser (one device cookie)."""
    from accounts.models import ClientSighting

    for player in players:
        ClientSighting.objects.create(user=player, kind="device", digest=ClientSighting.digest_of("device", "same"))
