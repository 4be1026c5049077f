"""广东鸡平胡 等级: a player's cumulative guangdong score and the title it earns (shown on the profile).

The score is the sum, over the player's finished guangdong hands, of the points (记分,
2^番) they won minus the points they paid: each hand's sheet `owed` for their seat
divided by the hand's base, so a title does not depend on the room's stake
(docs/rules/guangdong.md, "Player titles"). The title table is the engine's
`engine.games.guangdong.titles.player_title`.
"""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from engine.games.guangdong.titles import Title, player_title
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


# The titles in the page's language (the engine names them in Chinese; the English keeps the Chinese beside it).
TITLE_NAMES: dict[str, Promise] = {
    "炸胡": _("炸胡"),
    "鸡胡": _("鸡胡"),
    "平胡": _("平胡"),
    "清一色": _("清一色"),
    "混碰": _("混碰"),
    "清碰": _("清碰"),
    "混幺九": _("混幺九"),
    "小三元": _("小三元"),
    "小四喜": _("小四喜"),
    "清幺九": _("清幺九"),
    "大三元": _("大三元"),
    "大四喜": _("大四喜"),
    "九宝莲灯": _("九宝莲灯"),
    "十三幺": _("十三幺"),
    "十八罗汉": _("十八罗汉"),
}


def title_name(title: Title) -> str:
    """The title's name in the active language."""
    return str(TITLE_NAMES.get(title.name_zh, title.name_zh))
