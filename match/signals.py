"""The match zone's hooks into settlement: 龙珠 and arena points are recorded in the hand's settlement transaction."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from match import arena_scoring
from match.pearls import record_hand
from tables.models import Table
from tables.services.events import EventRecorder
from tables.services.settlement import hand_settled


@receiver(hand_settled, dispatch_uid="match_record_pearls")
def record_pearls(sender: Any, hand_id: int, **kwargs: Any) -> None:
    record_hand(hand_id)


@receiver(hand_settled, dispatch_uid="match_record_arena_points")
def record_arena_points(sender: Any, hand_id: int, table: Table, events: EventRecorder, **kwargs: Any) -> None:
    """An arena table's hand: its points, and the table closes with its players back in the arena's pool."""
    arena_scoring.record_hand(hand_id, table, events)
