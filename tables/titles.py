"""广东鸡平胡 等级: a player's cumulative guangdong score and the title it earns (shown on the profile).

The score is the sum, over the player's finished guangdong hands, of the points (记分,
2^番) they won minus the points they paid: each hand's sheet `owed` for their seat
divided by the hand's base, so a title does not depend on the room's stake
(docs/rules/guangdong.md, "Player titles"). The title table is the engine's
`engine.scoring.guangdong.player_title`.
"""

from __future__ import annotations

from typing import Any

from django.db import connection

from engine.scoring.guangdong import Title, player_title
from tables.models import Hand, HandStatus


def guangdong_score(user_id: int) -> int:
    """Cumulative guangdong points of this user (won minus paid, before × base)."""
    hands = Hand.objects.filter(variant="guangdong", status=HandStatus.FINISHED, sheet__isnull=False)
    if connection.vendor == "postgresql":  # JSON containment is indexed there; SQLite filters below
        hands = hands.filter(players__contains=[user_id])
    return sum(_points(hand.sheet, hand.base, hand.players, user_id) for hand in hands.only("sheet", "base", "players"))


def _points(sheet: dict[str, Any] | None, base: int, players: list[Any], user_id: int) -> int:
    if sheet is None or user_id not in players or not base:
        return 0
    return int(sheet["seats"][players.index(user_id)]["owed"]) // base


def guangdong_title(user_id: int) -> Title:
    """The title (炸胡 … 十八罗汉) for the user's cumulative guangdong score."""
    return player_title(guangdong_score(user_id))
