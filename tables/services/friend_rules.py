"""What a friends' room (好友房) changes in the shared table services, as questions they ask.

Kept apart from `friends` (which seats, starts and ends sessions through `seating`, `between_hands` and
`closing`) so those modules can ask without importing it: who may join, whether bots may come by
themselves, who may start with bots, whether a hand is played for points (积分: no ledger posting),
who may not sit together where coins move (风控, `check_company`).
A table without a `FriendRoom` answers as every table did before. One thing here acts rather than
answers, because `seating` must ask it as it seats anyone: sitting down leaves any pending 再来一场
(`leave_rematches`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import connection

from accounts.models import User
from engine.payments import escape_penalty
from tables.errors import BotsNotAllowed, InviteExpired, NotHost
from tables.friend_models import FriendRoom, Rematch, RematchStatus
from tables.models import Hand, Table, TableStatus
from tables.services import actions, brackets
from tables.services.events import EventRecorder, same_for_all


def room_of(table: Table | int) -> FriendRoom | None:
    """The friends' room of a table (by row or id), or None for any other table."""
    table_id = table if isinstance(table, int) else table.pk
    return FriendRoom.objects.filter(table_id=table_id).first()


def check_admits(user: User, table: Table) -> None:
    """RULINGS "Friends' rooms": a coin room admits players of its bracket, a points room anyone; a
    room that expired, was closed or whose session is over admits nobody (InviteExpired)."""
    friend = room_of(table)
    if table.status == TableStatus.CLOSED or (friend is not None and friend.ending):
        raise InviteExpired()
    if friend is None or not friend.points:
        brackets.check_bracket(user, table.room)


# Who may not sit together at a private table where coins move (issue 43, coin farming: a feeder account
# losing to a friend). The rules read the coin policy, which lives in `coins`, above tables: coins registers
# its check at start-up (coins.apps), as operations registers its log-in refusal with accounts, so tables
# never imports coins (tests/test_layers.py). A check raises a TableError, which rolls the seating back.
CompanyCheck = Callable[[User, list[int]], None]
_company_checks: list[CompanyCheck] = []


def register_company_check(check: CompanyCheck) -> None:
    """Add a check `(joining user, ids of the people already seated) -> None, or raise a TableError`."""
    if check not in _company_checks:
        _company_checks.append(check)


def check_company(user: User, table: Table) -> None:
    """RULINGS "Friends' rooms" (风控): at a private table whose hands move coins, `user` may sit only where
    every registered check admits them beside the people seated there. Points rooms, public tables and an
    empty table are not asked. Called by `seating.sit` with the table row locked, so two joiners are
    checked one after the other, each against the one before."""
    if not table.private or for_points(table.pk) or not _company_checks:
        return
    seated = table.seats.filter(user__isnull=False).exclude(user=user).values_list("user_id", flat=True)
    others = [int(user_id) for user_id in seated]
    if not others:
        return
    for check in _company_checks:
        check(user, others)


def bots_come_by_themselves(table: Table) -> bool:
    """Whether the room's bot wait applies: never in a friends' room (the host starts with bots)."""
    return not FriendRoom.objects.filter(table_id=table.pk).exists()


def check_start_with_bots(table: Table, user_id: int) -> None:
    """和机器人开始 in a friends' room: only its host, and only where bots are allowed."""
    friend = room_of(table)
    if friend is None:
        return
    if friend.host_id != user_id:
        raise NotHost()
    if not friend.bots_allowed:
        raise BotsNotAllowed()


def for_points(table_id: int) -> bool:
    """Whether the table's hands are played for 积分 (points only: no coins move, no ledger posting)."""
    return FriendRoom.objects.filter(table_id=table_id, stakes="points").exists()


def owed_as_paid(rows: list[dict[str, Any]]) -> list[dict[str, int]]:
    """Transfer rows as a points room settles them: points have no floor, so what is owed is paid."""
    return [
        {"payer": int(r["payer"]), "receiver": int(r["receiver"]), "owed": int(r["owed"]), "paid": int(r["owed"])}
        for r in rows
    ]


def escape_points(hand: Hand, seat: int) -> list[dict[str, int]]:
    """The escape penalty of `seat` in a points room, as paid transfer rows (RULINGS: escapes cost points)."""
    owed = escape_penalty(hand.variant, hand.base, seat, len(hand.players))
    return owed_as_paid([{"payer": t.payer, "receiver": t.receiver, "owed": t.owed} for t in owed])


def may_watch(table: Table) -> bool:
    """Whether anyone logged in may watch this private table: a friends' room that allows spectators."""
    return FriendRoom.objects.filter(table_id=table.pk, spectators_allowed=True).exists()


def table_info(table: Table, seat: int | None) -> dict[str, Any] | None:
    """What the table page's script needs of a friends' room (None for another private table): whether it
    is played for points, whether the viewer (at `seat`) may start with bots (the host, if allowed), and
    whether the session is over (a state fetched after its last hand, whose `session_over` it never saw)."""
    friend = room_of(table)
    if friend is None:
        return None
    host_here = seat is not None and table.seats.filter(index=seat, user_id=friend.host_id).exists()
    over = friend.ending == "finished"
    return {"points": friend.points, "may_start_bots": friend.bots_allowed and host_here, "over": over}


def leave_rematches(user_id: int) -> int:
    """Sitting down at a table (`seating.sit`, in its transaction) is leaving every pending
    再来一场 the player was asked to: one table at a time. Each is called off (`left`, by them) and its
    session's table told, as `friends` tells it. Takes the session's table lock, then the rematch's (after
    the player's row and the table being sat at, as `friends` takes them: the player first, a table
    after). Returns how many were called off (normally none)."""
    pending = Rematch.objects.filter(status=RematchStatus.PENDING)
    if connection.vendor == "postgresql":  # JSON containment there; elsewhere the few pending are read
        pending = pending.filter(players__contains=[user_id])
    left = 0
    for rematch_id, session_table, players in pending.values_list("id", "session__table_id", "players"):
        if user_id not in players:
            continue
        table = actions.lock_table(session_table)
        rematch = Rematch.objects.select_for_update().filter(pk=rematch_id, status=RematchStatus.PENDING).first()
        if rematch is None:  # called off meanwhile (had it started, `seating.sit` found the player seated)
            continue
        rematch.status, rematch.ended_by_id = RematchStatus.LEFT, user_id
        rematch.save(update_fields=["status", "ended_by", "updated_at"])
        events = EventRecorder(table)
        view = {"type": "rematch", "rematch": rematch.pk, "status": rematch.status,
                "accepted": list(rematch.accepted), "table": None}  # fmt: skip
        events.add("rematch", same_for_all(table.room.n_seats, view))
        events.finish()
        left += 1
    return left
