"""Operator actions on the match zone (比赛专区), each audited in its own transaction: seasons (future ones
only; the pass price and prizes need `match.set_season_prices`, the finance role), passes granted or revoked
with a reason, which rooms are match rooms (with their 龙珠 multiplier), and arenas (scheduled or changed
before they start, their fee and prizes by finance; cancelled with every fee refunded)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.db.models import Field, Model
from django.utils import timezone
from django.utils.translation import gettext

from accounts.models import User
from match import arena, passes
from match.models import Arena, ArenaStatus, MatchPass, MatchRoom, Season
from operations.audit import record
from operations.models import AuditAction
from operations.services import OperationRefused, _need_reason
from tables.models import Room

SEASON_FIELDS = ("name", "starts_at", "ends_at", "pass_price", "prizes")
PRICE_FIELDS = ("pass_price", "prizes")
PRICE_PERMISSION = "match.set_season_prices"


def save_season(season: Season, changes: Mapping[str, Any], reason: str, *, by: User) -> Season:
    """Create a season or change a future one, audited; the price and prizes only by finance."""
    reason = _need_reason(reason)
    creating = season.pk is None
    with transaction.atomic():
        stored = Season() if creating else Season.objects.select_for_update().get(pk=season.pk)
        if not creating and not stored.is_future():
            raise OperationRefused(gettext("只能修改尚未开始的赛季。"))
        money = (PRICE_FIELDS, gettext("修改通行证价格和奖金需要财务权限。"))
        moved = _apply(stored, changes, SEASON_FIELDS, money, by=by, creating=creating)
        if moved is None:
            return stored
        stored.save()
        record(by, AuditAction.SEASON_CHANGE, stored, reason, detail={"changes": moved, "created": creating})
        return stored


def _apply(
    stored: Model, changes: Mapping[str, Any], fields: tuple[str, ...], money: tuple[tuple[str, ...], str], *,
    by: User, creating: bool,
) -> dict[str, dict[str, Any]] | None:  # fmt: skip
    """Set `changes` on the locked (or new) row and say what moved among `fields`, as the audit shows it;
    None when nothing moved on an existing row. `money`: the fields only finance may change, and the refusal
    anyone else gets (OperationRefused, nothing set)."""
    moved = {f: {"from": _stored(stored, f), "to": _given(v)}
             for f, v in changes.items() if f in fields and _stored(stored, f) != _given(v)}  # fmt: skip
    money_fields, refusal = money
    if set(moved) & set(money_fields) and not by.has_perm(PRICE_PERMISSION):
        raise OperationRefused(refusal)
    if not moved and not creating:
        return None
    for field, value in changes.items():
        setattr(stored, field, value)
    return moved


def _stored(row: Model, field: str) -> Any:
    """A field's stored value as the audit shows it (a foreign key by its id: a new row has none yet)."""
    model_field = row._meta.get_field(field)
    assert isinstance(model_field, Field)  # a column of the row, not a reverse relation
    return _shown(getattr(row, model_field.attname))


def _given(value: Any) -> Any:
    return value.pk if isinstance(value, Model) else _shown(value)


def _shown(value: Any) -> Any:
    return timezone.localtime(value).isoformat() if hasattr(value, "tzinfo") else value


def grant_pass(user: User, season: Season, reason: str, *, by: User) -> MatchPass:
    """Give a player the season's pass (or restore a revoked one), audited; a held pass is left as it is."""
    reason = _need_reason(reason)
    with transaction.atomic():
        held, changed = passes.grant_pass(user, season, by=by, reason=reason)
        if changed:
            record(by, AuditAction.PASS_GRANT, held, reason, subject=user, detail={"season": season.pk})
        return held


def revoke_pass(held: MatchPass, reason: str, *, by: User) -> MatchPass:
    """Take a pass back (it earns no more 龙珠 and leaves the standings), audited."""
    reason = _need_reason(reason)
    with transaction.atomic():
        if passes.revoke_pass(held, by=by, reason=reason):
            record(by, AuditAction.PASS_REVOKE, held, reason, subject=held.user_id, detail={"season": held.season_id})
        return held


def set_match_room(room: Room, multiplier: int | None, reason: str, *, by: User) -> MatchRoom | None:
    """Put a room in the match zone with a 龙珠 multiplier, change it, or (None) take the room out; audited."""
    reason = _need_reason(reason)
    with transaction.atomic():
        zone = MatchRoom.objects.select_for_update().filter(room=room).first()
        before = zone.multiplier if zone else None
        if before == multiplier:
            return zone
        if multiplier is None:
            MatchRoom.objects.filter(room=room).delete()
        else:
            zone, _ = MatchRoom.objects.update_or_create(room=room, defaults={"multiplier": multiplier})
        record(by, AuditAction.MATCH_ROOM, room, reason, detail={"multiplier": {"from": before, "to": multiplier}})
        return None if multiplier is None else zone


ARENA_FIELDS = ("name", "room", "starts_at", "minutes", "entry_fee", "prizes", "pool_split", "min_hands",
                "bot_wait_seconds")  # fmt: skip
ARENA_MONEY_FIELDS = ("entry_fee", "prizes", "pool_split")


def save_arena(the_arena: Arena, changes: Mapping[str, Any], reason: str, *, by: User) -> Arena:
    """Schedule an arena or change one that has not started, audited; its fee and prizes only by finance."""
    reason = _need_reason(reason)
    creating = the_arena.pk is None
    with transaction.atomic():
        stored = Arena() if creating else Arena.objects.select_for_update().get(pk=the_arena.pk)
        if not creating and stored.status != ArenaStatus.SCHEDULED:
            raise OperationRefused(gettext("只能修改尚未开始的竞技场。"))
        money = (ARENA_MONEY_FIELDS, gettext("修改报名费和奖金需要财务权限。"))
        moved = _apply(stored, changes, ARENA_FIELDS, money, by=by, creating=creating)
        if moved is None:
            return stored
        stored.created_by = stored.created_by if not creating else by
        stored.save()
        record(by, AuditAction.ARENA_CHANGE, stored, reason, detail={"changes": moved, "created": creating})
        return stored


def cancel_arena(the_arena: Arena, reason: str, *, by: User) -> int:
    """Cancel an arena (every fee refunded once, no prizes), audited; how many fees were refunded."""
    reason = _need_reason(reason)
    if the_arena.status in (ArenaStatus.FINISHED, ArenaStatus.CANCELLED):
        raise OperationRefused(gettext("这场竞技场已经结束或取消。"))
    with transaction.atomic():
        refunded = arena.cancel(the_arena, reason)
        record(by, AuditAction.ARENA_CANCEL, the_arena, reason, detail={"refunded": refunded})
        return refunded
