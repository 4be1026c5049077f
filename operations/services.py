"""Operator actions, each in one transaction with its audit entry.

Views (the admin) only collect the operator's input and call these; every
function here records who did what and why through `operations.audit.record`,
and raises `OperationRefused` (changing nothing) on bad input.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext

from accounts import services as accounts
from accounts.models import User
from coins.models import POLICY_FIELDS, CoinPolicy, RiskPair
from ledger.models import Bracket
from operations.audit import record
from operations.models import AuditAction, Sanction, SanctionKind
from tables.errors import TableClosed
from tables.models import VARIANT_CHOICES, Room
from tables.services import closing, friends


class OperationRefused(Exception):
    """An operator action that cannot be done as asked; nothing changed."""


def _need_reason(reason: str) -> str:
    if not reason or not reason.strip():
        raise OperationRefused(gettext("必须填写原因（会被记录，涉及玩家时也会告知玩家）"))
    return reason.strip()


# --- sanctions -------------------------------------------------------------------


def active_sanction(user: User | int) -> Sanction | None:
    user_id = user.pk if isinstance(user, User) else user
    return Sanction.objects.filter(user_id=user_id, lifted_at__isnull=True).first()


def sanction(
    user: User,
    kind: str,
    reason: str,
    *,
    by: User | None,
    days: int | None = None,
    now: datetime | None = None,
    why: Mapping[str, Any] | None = None,
) -> Sanction:
    """Suspend `user` for `days` or ban them until lifted: they are logged out, their sockets close at once
    (told why), and they cannot log in or sit. A sanction in force is replaced (and the replacement recorded).
    `why` adds to the audit entry's detail what the operator acted on (the 风控 pair).
    """
    reason, now = _need_reason(reason), now or timezone.now()
    if kind not in SanctionKind.values:
        raise OperationRefused(gettext("未知的处罚类型 %(kind)r") % {"kind": kind})
    if kind == SanctionKind.SUSPEND and (days is None or days < 1):
        raise OperationRefused(gettext("暂停至少一天"))
    if user.is_staff and by is not None and not by.is_superuser:
        raise OperationRefused(gettext("员工账号只能由超级管理员处罚"))
    until = now + timedelta(days=days) if kind == SanctionKind.SUSPEND and days else None
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()  # one sanction change per user at a time
        previous = active_sanction(user)
        if previous is not None:
            _lift_row(previous, by, f"replaced by a new {kind}", now)
        row = Sanction.objects.create(user=user, kind=kind, reason=reason, until=until, created_by=by, created_at=now)
        accounts.ban_user(user.pk, *row.closing())  # deactivates; closes the sockets after commit
        user.is_active = False
        closing.remove_player(user.pk, now)  # a bot finishes their running hands; no escape penalty
        detail = {"until": until.isoformat() if until else None, "replaced": previous.pk if previous else None}
        record(by, kind, user, reason, subject=user, detail={**detail, **(why or {})}, target_type="user")
        return row


def lift(user: User, reason: str, *, by: User | None, now: datetime | None = None) -> Sanction:
    """End the sanction in force: the player may log in and sit again."""
    reason, now = _need_reason(reason), now or timezone.now()
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()
        row = active_sanction(user)
        if row is None:
            raise OperationRefused(gettext("%(user)s 没有被暂停或封禁") % {"user": user})
        _lift_row(row, by, reason, now)
        accounts.reinstate_user(user.pk)
        record(by, AuditAction.LIFT, user, reason, subject=user, detail={"sanction": row.pk, "kind": row.kind})
        return row


def _lift_row(row: Sanction, by: User | None, reason: str, now: datetime) -> None:
    row.lifted_at, row.lifted_by, row.lift_reason = now, by, reason
    row.save(update_fields=["lifted_at", "lifted_by", "lift_reason"])


def lift_expired(now: datetime | None = None) -> int:
    """Lift every suspension whose time is up (the beat task); returns how many."""
    now = now or timezone.now()
    due = Sanction.objects.filter(lifted_at__isnull=True, kind=SanctionKind.SUSPEND, until__lte=now)
    count = 0
    for row in due.select_related("user"):
        try:
            lift(row.user, "暂停期满", by=None, now=now)
            count += 1
        except OperationRefused:
            continue  # lifted meanwhile by an operator
    return count


def login_refusal(username: str, password: str) -> str | None:
    """Why a log-in with these credentials is refused by a sanction, or None.

    Only told to someone who knows the password, so the notice never reveals a
    stranger's ban. A suspension whose time is up is lifted here too.
    """
    user = User.objects.filter(username=username).first()
    if user is None or user.is_active or not user.check_password(password):
        return None
    row = active_sanction(user)
    if row is None:
        return None
    if row.until is not None and row.until <= timezone.now():
        lift_expired()
        return gettext("暂停已结束，请重新登录。")
    return row.notice()


# --- 风控: freezing an account ----------------------------------------------------------


def freeze(user: User, reason: str, *, by: User | None, pair: RiskPair | None = None) -> Sanction:
    """风控: freeze an account that farms coins. A freeze is a ban (`sanction`, until lifted), nothing new:
    the account cannot log in (so no relief claim), its wallet API tokens are refused, it is stood up and
    refused any seat. The audit entry (`ban`) names the pair the operator acted on. A ban already in force
    is not made again; a suspension in force becomes the freeze."""
    reason = _need_reason(reason)
    why = {"frozen_from": "risk"} | ({"risk_pair": pair.pk, "score": pair.score} if pair is not None else {})
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()  # as `sanction`: one change per user at a time
        row = active_sanction(user)
        if row is not None and row.kind == SanctionKind.BAN:
            raise OperationRefused(gettext("%(user)s 已经被冻结（封禁）") % {"user": user})
        return sanction(user, SanctionKind.BAN, reason, by=by, why=why)


def unfreeze(user: User, reason: str, *, by: User | None) -> Sanction:
    """Lift a freeze (a ban in force), with a reason (`lift`, audited). A suspension is support's to lift."""
    reason = _need_reason(reason)
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()
        row = active_sanction(user)
        if row is None or row.kind != SanctionKind.BAN:
            raise OperationRefused(gettext("%(user)s 没有被冻结") % {"user": user})
        return lift(user, reason, by=by)


# --- tables ------------------------------------------------------------------------


def close_table(table_id: int, reason: str, *, by: User | None) -> closing.ClosedTable:
    """Close a live table: its running hand is voided (no settlement, the log kept), players are told why."""
    reason = _need_reason(reason)
    with transaction.atomic():
        try:
            done = closing.close_table(table_id, reason)
        except TableClosed as error:
            raise OperationRefused(gettext("牌桌 %(table)s 已经关闭") % {"table": table_id}) from error
        friend_room = friends.closed_by_operator(table_id)  # a 好友房's session ends as closed, its account kept
        detail = {"voided_hand": done.voided.pk if done.voided else None, "players": list(done.players),
                  "friends_room": friend_room}  # fmt: skip
        record(by, AuditAction.TABLE_CLOSE, done.table, reason, detail=detail)
        payload = {"type": "table_closed", "table": table_id, "reason": reason}
        for user_id in done.players:
            accounts.notify_user(user_id, payload)
        return done


# --- coin policy ----------------------------------------------------------------------


def change_coin_policy(changes: Mapping[str, Any], reason: str, *, by: User | None) -> CoinPolicy:
    """Save the welcome grant and relief settings (applied from the next sign-up or claim), audited."""
    reason = _need_reason(reason)
    fields = [f for f in POLICY_FIELDS if f in changes]
    with transaction.atomic():
        CoinPolicy.current()
        stored = CoinPolicy.objects.select_for_update().get(pk=1)
        moved = {f: {"from": getattr(stored, f), "to": changes[f]} for f in fields if getattr(stored, f) != changes[f]}
        if not moved:
            return stored
        for f in fields:
            setattr(stored, f, changes[f])
        stored.updated_by = by
        stored.save()
        record(by, AuditAction.COIN_POLICY, stored, reason, detail={"changes": moved}, target_type="coin_policy")
        return stored


# --- rooms and brackets ---------------------------------------------------------------

ROOM_FIELDS = (
    "name",
    "turn_seconds",
    "claim_seconds",
    "grace_seconds",
    "bot_wait_seconds",
    "between_hands_seconds",
    "bot_level",
    "bot_think_min_ms",
    "bot_think_max_ms",
)


def change_room(room: Room, changes: Mapping[str, Any], reason: str, *, by: User | None) -> Room:
    """Save a room's settings; tables read them at their next deal, a running hand keeps its own."""
    reason = _need_reason(reason)
    fields = [f for f in (*ROOM_FIELDS, "options") if f in changes]
    with transaction.atomic():
        stored = Room.objects.select_for_update().get(pk=room.pk)
        before = {f: getattr(stored, f) for f in fields}
        after = {f: changes[f] for f in fields}
        moved = {f: {"from": before[f], "to": after[f]} for f in fields if before[f] != after[f]}
        if not moved:
            return stored
        for f in fields:
            setattr(stored, f, changes[f])
        stored.save(update_fields=fields)
        record(by, AuditAction.ROOM_CHANGE, stored, reason, detail={"changes": moved})
        return stored


@dataclass(frozen=True, slots=True)
class BracketRow:
    """One row of the edited bracket table (`pk` None for a new bracket)."""

    pk: int | None
    min_balance: int
    max_balance: int | None
    base: int


def save_bracket_table(rows: Iterable[BracketRow], deleted: Iterable[int], reason: str, *, by: User | None) -> None:
    """Replace the bracket table (already validated whole) and move each room with its bracket's base.

    Rooms are keyed by base: when a bracket's base changes, its rooms take the new
    base (their tables deal the next hand at it; a running hand keeps its own), and
    a new bracket gets a room per variant.
    """
    reason = _need_reason(reason)
    rows, deleted = list(rows), set(deleted)
    with transaction.atomic():
        before = {b.pk: b for b in Bracket.objects.select_for_update()}
        Bracket.objects.filter(pk__in=deleted).delete()
        _park_brackets()
        saved = [_save_bracket(row) for row in rows if row.pk not in deleted]
        if Bracket.objects.filter(min_balance__gte=PARK).exists():
            raise OperationRefused(gettext("底注表必须列出每一个已存的档位（保留、修改或删除）"))
        _move_rooms({before[b.pk].base: b.base for b in saved if b.pk in before and before[b.pk].base != b.base})
        for b in saved:
            for variant, _name in VARIANT_CHOICES:
                Room.objects.get_or_create(variant=variant, base=b.base)
        detail = {"before": [_bracket_json(b) for b in before.values()], "after": [_bracket_json(b) for b in saved]}
        record(by, AuditAction.BRACKET_CHANGE, None, reason, detail=detail, target_type="bracket")


PARK = 10**15  # far above any real balance bound


def _park_brackets() -> None:
    """Shift the stored bounds far up (order kept), so new bounds never clash with old ones while saving."""
    Bracket.objects.update(min_balance=F("min_balance") + PARK, max_balance=F("max_balance") + PARK)


def _save_bracket(row: BracketRow) -> Bracket:
    bracket = Bracket(pk=row.pk, min_balance=row.min_balance, max_balance=row.max_balance, base=row.base)
    bracket.save()
    return bracket


def _move_rooms(new_base: Mapping[int, int]) -> None:
    """Rooms at each old base take the new one; via a parking offset so swapped bases never collide."""
    park = 10**9
    for old in new_base:
        Room.objects.filter(base=old).update(base=old + park)
    for old, new in new_base.items():
        Room.objects.filter(base=old + park).update(base=new)


def _bracket_json(b: Bracket) -> dict[str, Any]:
    return {"id": b.pk, "min": b.min_balance, "max": b.max_balance, "base": b.base}
