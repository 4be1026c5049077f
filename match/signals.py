"""The match zone's one hook into settlement: 龙珠 are recorded in the hand's settlement transaction."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from match.pearls import record_hand
from tables.services.settlement import hand_settled


@receiver(hand_settled, dispatch_uid="match_record_pearls")
def record_pearls(sender: Any, hand_id: int, **kwargs: Any) -> None:
    record_hand(hand_id)
