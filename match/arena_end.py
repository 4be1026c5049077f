"""An arena's end: when time is up the running hands finish, then the standings freeze and the prizes are paid.

A place's prize is the house's own prize for that rank (`Arena.prizes`) plus its share of the fees' pool
(`Arena.pool_split`, percent, rounded down); what the split leaves (rounding, fewer ranked players than
shares) stays with the house, which took the fees. Only players with the arena's minimum hands are ranked.
Everything is done in one transaction with the arena row locked, and each prize is a ledger grant with its
own key (`arena:<id>:prize:<rank>`): a task run twice, or a worker killed half way, pays each prize once.
"""

from __future__ import annotations

import logging
import time
from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from ledger import services as ledger
from match.arena_models import STANDING_ORDER
from match.models import Arena, ArenaEntry, ArenaPlace, ArenaStatus, ArenaTable, EntryState
from tables.models import TableStatus

log = logging.getLogger(__name__)


def prize_key(arena_id: int, rank: int) -> str:
    return f"arena:{arena_id}:prize:{rank}"


def pool_of(arena: Arena) -> int:
    """The fees' pool: every fee paid and not refunded."""
    paid = arena.entries.filter(fee_transaction__isnull=False, refund_transaction__isnull=True).count()
    return paid * arena.entry_fee


def prize_for(arena: Arena, rank: int, pool: int) -> int:
    return arena.house_prize(rank) + pool * arena.pool_share(rank) // 100


def ranked(arena: Arena) -> list[ArenaEntry]:
    """The entries that are ranked (at least the minimum hands), in standings order."""
    entries = arena.entries.filter(hands__gte=max(1, arena.min_hands)).select_related("user")
    return list(entries.order_by(*STANDING_ORDER))


def tables_running(arena: Arena) -> bool:
    return ArenaTable.objects.filter(arena=arena).exclude(table__status=TableStatus.CLOSED).exists()


def finish(arena_id: int, now: datetime | None = None) -> bool:
    """Freeze the standings of an arena whose time is up and whose hands are all settled, and pay its prizes,
    exactly once. False if it is not due (still running, a hand still playing, or already finished)."""
    now = now or timezone.now()
    with transaction.atomic():
        arena = Arena.objects.select_for_update().get(pk=arena_id)
        if arena.status != ArenaStatus.FINISHING or tables_running(arena):
            return False
        pool = pool_of(arena)
        for rank, entry in enumerate(ranked(arena), start=1):
            _place(arena, rank, entry, prize_for(arena, rank, pool))
            _fault_pause(rank)
        arena.entries.exclude(state=EntryState.WITHDRAWN).update(state=EntryState.WITHDRAWN, waiting_since=None)
        arena.status, arena.finished_at = ArenaStatus.FINISHED, now
        arena.save(update_fields=["status", "finished_at"])
        return True


def _place(arena: Arena, rank: int, entry: ArenaEntry, prize: int) -> ArenaPlace:
    txn = None
    if prize > 0:
        reason = f"竞技场奖金 arena prize: {arena.name} #{rank}"
        key = prize_key(arena.pk, rank)
        txn = ledger.pay_arena_prize(entry.user_id, prize, reference=f"arena:{arena.pk}", key=key, reason=reason)
    return ArenaPlace.objects.create(
        arena=arena, rank=rank, user_id=entry.user_id, points=entry.points, hands=entry.hands, wins=entry.wins,
        prize=prize, transaction=txn,
    )  # fmt: skip


def _fault_pause(rank: int) -> None:
    """Fault injection for the crash test: a worker killed here has paid the first prize in a transaction that
    will never commit (settings.ARENA_FINISH_PAUSE_AFTER_PRIZE)."""
    pause = float(getattr(settings, "ARENA_FINISH_PAUSE_AFTER_PRIZE", 0) or 0)
    if rank == 1 and pause > 0:
        log.warning("pausing %.1fs after paying an arena's first prize (ARENA_FINISH_PAUSE_AFTER_PRIZE)", pause)
        time.sleep(pause)


def podium_of(user_id: int, limit: int = 10) -> list[ArenaPlace]:
    """The player's best places in finished arenas (for their record): top three finishes, newest first."""
    places = ArenaPlace.objects.filter(user_id=user_id, rank__lte=3).select_related("arena")
    return list(places.order_by("-arena__starts_at")[:limit])
