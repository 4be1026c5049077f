"""The pass (通行证): bought by the player with one click, or granted by an operator; one per player and season.

A purchase locks the player's coin account first, so two clicks or two devices run one after the
other and the second sees the first's pass; the unique (player, season) constraint and the ledger
key `match:season:<id>:pass:<user>` stand behind the lock. A refusal says why and moves nothing.
"""

from __future__ import annotations

from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from ledger import services as ledger
from ledger.models import Account
from match.models import MatchPass, PassSource, Season
from match.seasons import current_season, forget_standings


class PassRefused(Exception):
    """A purchase that did not happen; nothing moved. `code` is stable (the API shows it)."""

    code = "pass_refused"


class NoSeason(PassRefused):
    code = "no_season"


class AlreadyHeld(PassRefused):
    code = "pass_already_held"


class PassRevoked(PassRefused):
    code = "pass_revoked"


class TooPoor(PassRefused):
    code = "insufficient_funds"


def pass_key(season: Season, user_id: int) -> str:
    return f"match:season:{season.pk}:pass:{user_id}"


def pass_of(user: User, season: Season | None) -> MatchPass | None:
    if season is None or not user.is_authenticated:
        return None
    return MatchPass.objects.filter(user=user, season=season).first()


def buy_pass(user: User, now: datetime | None = None) -> MatchPass:
    """Buy the current season's pass at its price, or raise a `PassRefused` saying why not."""
    season = current_season(now)
    if season is None:
        raise NoSeason(_("现在没有进行中的赛季，暂时不能购买通行证。"))
    try:
        with transaction.atomic():
            # One purchase of this player at a time: the check below sees every pass committed before it.
            Account.objects.select_for_update().get(pk=ledger.account_for(user).pk)
            _refuse_if_held(user, season)
            return _buy(user, season)
    except IntegrityError:  # a concurrent purchase got there first (unique player and season)
        _refuse_if_held(user, season)
        raise


def _refuse_if_held(user: User, season: Season) -> None:
    held = MatchPass.objects.filter(user=user, season=season).first()
    if held is not None and held.revoked_at is not None:
        raise PassRevoked(_("你本赛季的通行证已被收回，请联系客服。"))
    if held is not None:
        raise AlreadyHeld(_("你已经持有%(season)s的通行证。") % {"season": season.title})


def _buy(user: User, season: Season) -> MatchPass:
    price = season.pass_price
    txn = None
    if price > 0:
        balance = ledger.balance_of(user)
        if balance < price:
            raise TooPoor(
                _("通行证价格 %(price)d 游戏币，你的余额只有 %(balance)d。") % {"price": price, "balance": balance}
            )
        txn = ledger.pay_for_match_pass(user, price, reference=f"season:{season.pk}", key=pass_key(season, user.pk))
    forget_standings(season.pk)
    return MatchPass.objects.create(user=user, season=season, source=PassSource.BOUGHT, price=price, transaction=txn)


def grant_pass(user: User, season: Season, *, by: User | None, reason: str) -> tuple[MatchPass, bool]:
    """An operator gives `user` the season's pass (or restores a revoked one); (the pass, whether it changed).

    The caller (operations.match) records the audit entry in the same transaction."""
    with transaction.atomic():
        forget_standings(season.pk)
        held = MatchPass.objects.select_for_update().filter(user=user, season=season).first()
        if held is None:
            made = MatchPass.objects.create(
                user=user, season=season, source=PassSource.GRANTED, granted_by=by, reason=reason
            )
            return made, True
        if held.revoked_at is None:
            return held, False
        held.revoked_at, held.revoked_by, held.revoke_reason = None, None, ""
        held.save(update_fields=["revoked_at", "revoked_by", "revoke_reason"])
        return held, True


def revoke_pass(held: MatchPass, *, by: User | None, reason: str) -> bool:
    """An operator takes a pass back: it earns no more 龙珠 and leaves the standings. False if already revoked."""
    with transaction.atomic():
        locked = MatchPass.objects.select_for_update().get(pk=held.pk)
        forget_standings(locked.season_id)
        if locked.revoked_at is not None:
            return False
        locked.revoked_at, locked.revoked_by, locked.revoke_reason = timezone.now(), by, reason
        locked.save(update_fields=["revoked_at", "revoked_by", "revoke_reason"])
        held.refresh_from_db()
        return True
