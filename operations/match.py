"""Operator actions on the match zone (比赛专区), each audited in its own transaction: seasons (future ones
only; the pass price and prizes need `match.set_season_prices`, the finance role), passes granted or revoked
with a reason, and which rooms are match rooms (with their 龙珠 multiplier)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from accounts.models import User
from match import passes
from match.models import MatchPass, MatchRoom, Season
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
        moved = {f: {"from": _shown(getattr(stored, f)), "to": _shown(v)}
                 for f, v in changes.items() if f in SEASON_FIELDS and getattr(stored, f) != v}  # fmt: skip
        if set(moved) & set(PRICE_FIELDS) and not by.has_perm(PRICE_PERMISSION):
            raise OperationRefused(gettext("修改通行证价格和奖金需要财务权限。"))
        if not moved and not creating:
            return stored
        for field, value in changes.items():
            setattr(stored, field, value)
        stored.save()
        record(by, AuditAction.SEASON_CHANGE, stored, reason, detail={"changes": moved, "created": creating})
        return stored


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
