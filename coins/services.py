"""The coins the platform gives players: the welcome grant (新手礼包) and relief (救济金).

Both are ledger movements from the issuance account (`ledger.services.issue`),
so they are exactly once by their idempotency keys and `manage.py ledger_check`
covers them; the audit log and the dashboard see them by their transaction kinds.

- The welcome grant is keyed per account (`welcome:<user id>`): one account is paid once,
  whatever retries or races happen, and never again if the amount changes later.
- A relief claim locks the player's coin account first, so concurrent claims of one player
  run one after another and each sees the claims before it; its key names the day and the
  claim's number that day (`relief:<user id>:<date>:<n>`, n ≤ the daily limit), so even a
  claim that got past the count could not be paid beyond the limit.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, time, timedelta
from itertools import islice

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from coins.models import CoinPolicy
from ledger import services as ledger
from ledger.models import Account, Transaction, TransactionKind
from tables.models import Hand, HandStatus, Seat, TableStatus
from tables.records import finished_hands_of


def welcome_key(user_id: int) -> str:
    return f"welcome:{user_id}"


def pay_welcome_grant(user: User) -> Transaction | None:
    """Pay the new account its welcome grant once; None when operators have switched it off."""
    existing = Transaction.objects.filter(idempotency_key=welcome_key(user.pk)).first()
    if existing is not None:
        return existing
    policy = CoinPolicy.current()
    if not policy.welcome_enabled:
        return None
    try:
        return ledger.issue(
            TransactionKind.WELCOME_GRANT,
            user,
            policy.welcome_amount,
            reason="新手礼包 welcome grant",
            key=welcome_key(user.pk),
        )
    except ledger.IdempotencyConflict:
        # Paid meanwhile at an amount changed since: that first payment stands.
        return Transaction.objects.get(idempotency_key=welcome_key(user.pk))


# --- relief 救济金 -----------------------------------------------------------------------


class ReliefRefused(Exception):
    """A relief claim that is not paid; nothing changed. `code` is stable (the API shows it)."""

    code = "relief_refused"


class ReliefDisabled(ReliefRefused):
    code = "relief_disabled"


class NotBroke(ReliefRefused):
    code = "not_broke"


class DailyLimitReached(ReliefRefused):
    code = "relief_limit_reached"


class SeatedAtRunningHand(ReliefRefused):
    code = "seated_at_running_hand"


class PublicHandsNeeded(ReliefRefused):
    """Relief is for players who play: a feeder account that only loses at a friend's table gets none."""

    code = "public_hands_needed"


@dataclass(frozen=True, slots=True)
class ReliefStatus:
    """What a player may claim now, and why not if they may not (`refusal`)."""

    amount: int
    per_day: int
    claimed_today: int
    balance: int
    minimum_to_sit: int | None
    refusal: ReliefRefused | None

    @property
    def claimable(self) -> bool:
        return self.refusal is None

    @property
    def left_today(self) -> int:
        return max(0, self.per_day - self.claimed_today)

    @property
    def broke(self) -> bool:
        return self.minimum_to_sit is not None and self.balance < self.minimum_to_sit


def day_start(now: datetime) -> datetime:
    """Midnight of `now`'s day in the site's time zone (TIME_ZONE): the daily limit resets then."""
    local = timezone.localdate(now)
    return timezone.make_aware(datetime.combine(local, time.min), timezone.get_current_timezone())


def _claims_today(user_id: int, now: datetime) -> int:
    start = day_start(now)
    claims = Transaction.objects.filter(kind=TransactionKind.RELIEF, reference=f"user:{user_id}")
    return claims.filter(created_at__gte=start, created_at__lt=start + timedelta(days=1)).count()


def public_hands(user_id: int, enough: int, since: datetime | None = None) -> int:
    """Hands the user played to their end in public rooms (since `since`, if given), counted up to `enough`;
    hands a bot played for them from the deal do not count."""
    public = Hand.objects.filter(status=HandStatus.FINISHED, table__private=False)
    if since is not None:
        public = public.filter(finished_at__gte=since)
    return sum(1 for _played in islice(finished_hands_of(user_id, public), enough))


def public_hands_since_relief(user: User, enough: int) -> int:
    """Hands `user` played to their end in public rooms since their last relief (or sign-up), counted up to `enough`."""
    last = Transaction.objects.filter(kind=TransactionKind.RELIEF, reference=f"user:{user.pk}").order_by("-id").first()
    return public_hands(user.pk, enough, last.created_at if last is not None else user.date_joined)


def relief_status(user: User, now: datetime | None = None) -> ReliefStatus:
    """Whether `user` may claim relief now: operators allow it, they are broke, not playing, under the limit,
    and played the policy's hands in public rooms since their last claim."""
    now = now or timezone.now()
    policy, balance = CoinPolicy.current(), ledger.balance_of(user)
    minimum, claimed = ledger.minimum_to_sit(), _claims_today(user.pk, now)
    status = ReliefStatus(policy.relief_amount, policy.relief_per_day, claimed, balance, minimum, None)
    return replace(status, refusal=_refusal(policy, status, user))


def _refusal(policy: CoinPolicy, status: ReliefStatus, user: User) -> ReliefRefused | None:
    if not policy.relief_enabled:
        return ReliefDisabled(_("救济金暂停发放。"))
    if not status.broke:
        return NotBroke(_("余额 %(balance)d 还够入座（最低 %(minimum)d），不能领取救济金。") % {
            "balance": status.balance, "minimum": status.minimum_to_sit or 0})  # fmt: skip
    if Seat.objects.filter(user=user, table__status=TableStatus.PLAYING).exists():
        return SeatedAtRunningHand(_("你正在进行中的牌局里，牌局结束后才能领取救济金。"))
    if status.claimed_today >= status.per_day:
        return DailyLimitReached(_("今天的 %(n)d 次救济金已经领完，明天再来。") % {"n": status.per_day})
    needed = policy.relief_public_hands
    if needed and (played := public_hands_since_relief(user, needed)) < needed:
        return PublicHandsNeeded(
            _("领取救济金前，需要在公共房间打完 %(n)d 局（自上次领取以来已打 %(played)d 局）。")
            % {"n": needed, "played": played}
        )
    return None


def claim_relief(user: User, now: datetime | None = None) -> Transaction:
    """Pay one relief claim, or raise a `ReliefRefused` (changing nothing) saying why not."""
    now = now or timezone.now()
    with transaction.atomic():
        # One claim of this player at a time: the count below sees every claim committed before it.
        Account.objects.select_for_update().get(pk=ledger.account_for(user).pk)
        status = relief_status(user, now)
        if status.refusal is not None:
            raise status.refusal
        key = f"relief:{user.pk}:{timezone.localdate(now).isoformat()}:{status.claimed_today + 1}"
        return ledger.issue(TransactionKind.RELIEF, user, status.amount, reason="救济金 relief", key=key, by=user)
