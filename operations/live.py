"""What the admin shows about live tables and finished hands (read-only queries, no state changes)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext

from accounts.models import User
from ledger.models import Transaction
from tables.models import ActionLog, FriendRoom, Hand, HandStatus, Seat, Table, TableStatus
from tables.services.closing import is_voided
from tables.services.replay import rebuild, seed_check
from tables.services.snapshot import snapshot


def seat_summary(seats: list[Seat]) -> str:
    """e.g. "2 human · 2 bot" (and the empty ones)."""
    humans = sum(1 for s in seats if s.user_id is not None)
    bots = sum(1 for s in seats if s.is_bot)
    empty = len(seats) - humans - bots
    text = gettext("%(humans)d 真人 · %(bots)d 机器人") % {"humans": humans, "bots": bots}
    return text + gettext(" · %(empty)d 空位") % {"empty": empty} if empty else text


def friend_summary(friend: FriendRoom | None, hands_played: int) -> str:
    """A friends' room (好友房) in one line: what it is played for, its host, its length and how far it got,
    e.g. "积分 · 房主 阿明 · 8 局 · 已打 3 局"; "" for any other table."""
    if friend is None:
        return ""
    stakes = gettext("积分") if friend.points else gettext("游戏币 底 %(base)s") % {"base": friend.table.room.base}
    length = (gettext("%(n)s 圈") if friend.unit == "rounds" else gettext("%(n)s 局")) % {"n": friend.length}
    parts = [stakes, gettext("房主 %(name)s") % {"name": friend.host.shown_name}, length,
             gettext("已打 %(n)s 局") % {"n": hands_played}]  # fmt: skip
    if friend.ending:
        parts.append(str(friend.get_ending_display()))
    return " · ".join(parts)


def friend_room_of(table: Table) -> FriendRoom | None:
    """The table's friends' room, if it is one (read once: `Table.friend_room` raises for other tables)."""
    return FriendRoom.objects.select_related("host", "table__room").filter(table=table).first()


@dataclass(frozen=True, slots=True)
class TableDetail:
    table: Table
    seats: list[Seat]
    public_state: str  # the spectators' view, pretty JSON
    hand: Hand | None  # the running hand, else the last one
    actions: list[ActionLog]
    friend: FriendRoom | None = None  # a friends' room (好友房): its settings and progress
    friend_summary: str = ""


def table_detail(table: Table, limit: int = 300) -> TableDetail:
    """The public state (what a spectator sees) and the action log of the running or last hand; for a
    friends' room, what kind of room it is."""
    hand = table.hands.order_by("-number").first()
    actions = list(hand.actions.order_by("state_version")[:limit]) if hand else []
    state = snapshot(table.pk, None) if table.status != TableStatus.CLOSED else {"status": "closed"}
    seats = list(table.seats.select_related("user").order_by("index"))
    friend = friend_room_of(table)
    return TableDetail(table, seats, json.dumps(state, ensure_ascii=False, indent=1), hand, actions, friend,
                       friend_summary(friend, table.hands_played))  # fmt: skip


@dataclass(frozen=True, slots=True)
class HandDetail:
    hand: Hand
    players: list[dict[str, Any]]
    sheet_seats: list[dict[str, Any]]
    transactions: list[Transaction]
    voided: bool
    check: dict[str, Any] | None  # seed commitment and replay check; None while the hand runs
    replay_url: str | None


def hand_detail(hand: Hand) -> HandDetail:
    finished = hand.status != HandStatus.PLAYING
    return HandDetail(
        hand=hand,
        players=_players(hand),
        sheet_seats=list((hand.sheet or {}).get("seats", [])),
        transactions=list(
            Transaction.objects.filter(reference=f"hand:{hand.pk}").prefetch_related("postings__account__user")
        ),
        voided=is_voided(hand),
        check=_check(hand) if finished else None,
        replay_url=reverse("tables:replay", args=[hand.pk]) if finished else None,
    )


def _check(hand: Hand) -> dict[str, Any]:
    """Does sha256(seed) match the commitment shown before the deal, and does seed + log replay to the hand?"""
    first, steps = rebuild(hand)
    return seed_check(hand, steps[-1][1] if steps else first)


def _players(hand: Hand) -> list[dict[str, Any]]:
    users = {u.pk: u for u in User.objects.filter(pk__in=hand.players)}
    reviews = {r.seat: r.efficiency for r in hand.reviews.all()}  # 牌谱分析, stored after settlement
    replay = reverse("tables:replay", args=[hand.pk])
    return [
        {
            "seat": seat,
            "user": users.get(user_id),
            "bot": seat in hand.bots,
            "dealer": seat == hand.dealer,
            "review_url": f"{replay}?seat={seat}#review" if seat in reviews else None,
            "efficiency": reviews.get(seat),
        }
        for seat, user_id in enumerate(hand.players)
    ]
