"""An arena's standings, live: every open event page is in the arena's Channels group; when points change,
the standings are pushed at most once a second (the first change queues a push for the end of that second,
later ones ride along), and a push carries only the rows that changed since the last one (a diff against the
snapshot kept in the cache, with a version number). A page that connects gets the snapshot whole; a page that
sees a version gap asks for it again (`full`). Hundreds of watchers cost one group send a second.

A row (short keys: it travels to every watcher): `u` user id, `n` name, `p` points, `h` hands, `w` wins,
`s` current streak (two or more: the flame), `k` when the points were reached (a tie-break), `r` the hands'
points as a row of small figures (`[points, doubled]`, the last RECENT hands), `x` the entry's state.
"""

from __future__ import annotations

import time
from collections import defaultdict
from functools import partial
from typing import Any

from asgiref.sync import async_to_sync
from celery import current_app
from channels.layers import get_channel_layer
from django.core.cache import cache
from django.db import transaction

from match.arena_models import STANDING_ORDER
from match.models import Arena, ArenaEntry, ArenaPlace, ArenaScore

PUSH_SECONDS = 1.0
MIN_GAP = PUSH_SECONDS + 0.15  # between two sends: a second, and a margin for the sockets' delivery jitter
PENDING_SECONDS = 5  # a queued push that was lost frees the next change to queue another after this
RECENT = 24  # figures per row
SNAPSHOT_SECONDS = 6 * 3600
PUSH_TASK = "match.tasks.push_arena"


def arena_group(arena_id: int) -> str:
    return f"match.arena.{arena_id}"


def _snapshot_key(arena_id: int) -> str:
    return f"arena:shown:{arena_id}"


def announce(arena_id: int) -> bool:
    """The standings changed (called after commit): queue a push unless one is queued already. True if queued."""
    if not cache.add(_pending_key(arena_id), 1, timeout=PENDING_SECONDS):
        return False
    current_app.tasks[PUSH_TASK].apply_async((arena_id,), countdown=PUSH_SECONDS)
    return True


def announce_after_commit(arena_id: int) -> None:
    """`announce` once the current transaction commits (a broker that is down is logged, not raised)."""
    transaction.on_commit(partial(announce, arena_id), robust=True)


def _pending_key(arena_id: int) -> str:
    return f"arena:push:{arena_id}"


def _sent_key(arena_id: int) -> str:
    return f"arena:pushed:{arena_id}"


def too_soon(arena_id: int, now: float) -> float:
    """Seconds to wait before the arena's next send may go (0: it may go now). Sends are kept MIN_GAP apart,
    measured where they leave, so that delivery jitter cannot bring two within a second of a watcher."""
    last = cache.get(_sent_key(arena_id))
    return 0.0 if last is None else max(0.0, float(last) + MIN_GAP - now)


def rows(arena: Arena) -> list[dict[str, Any]]:
    """Every entry's row, in standings order (points, then fewer hands, then who reached them first)."""
    recent: dict[int, list[list[int]]] = defaultdict(list)
    for user_id, points, doubled in (
        ArenaScore.objects.filter(arena=arena).order_by("id").values_list("user_id", "points", "doubled")
    ):
        recent[user_id].append([points, int(doubled)])
    entries = ArenaEntry.objects.filter(arena=arena).select_related("user")
    return [_row(e, recent[e.user_id][-RECENT:]) for e in entries.order_by(*STANDING_ORDER)]


def _row(entry: ArenaEntry, recent: list[list[int]]) -> dict[str, Any]:
    return {
        "u": entry.user_id, "n": entry.user.shown_name, "p": entry.points, "h": entry.hands, "w": entry.wins,
        "s": entry.streak, "k": entry.reached_at, "r": recent, "x": entry.state,
    }  # fmt: skip


def head(arena: Arena) -> dict[str, Any]:
    """What the page shows above the rows: state, times, the rule for ranking, the podium once frozen."""
    podium = [
        {"rank": p.rank, "u": p.user_id, "n": p.user.shown_name, "p": p.points, "prize": p.prize}
        for p in ArenaPlace.objects.filter(arena=arena, rank__lte=3).select_related("user").order_by("rank")
    ]
    return {
        "status": arena.status, "starts_at": arena.starts_at.isoformat(), "ends_at": arena.ends_at.isoformat(),
        "min_hands": arena.min_hands, "podium": podium,
    }  # fmt: skip


def snapshot(arena_id: int) -> dict[str, Any]:
    """The standings as last pushed (made now if none was): `{"version", "head", "rows"}`."""
    shown = cache.get(_snapshot_key(arena_id))
    if shown is None:
        shown = _store(arena_id, 0)
    return dict(shown)


def full_frame(arena_id: int) -> dict[str, Any]:
    shown = snapshot(arena_id)
    return {"type": "arena_full", **shown}


def _store(arena_id: int, version: int) -> dict[str, Any]:
    arena = Arena.objects.get(pk=arena_id)
    shown = {"version": version, "head": head(arena), "rows": rows(arena)}
    cache.set(_snapshot_key(arena_id), shown, timeout=SNAPSHOT_SECONDS)
    return shown


def diff(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[int]]:
    """The rows of `after` that are new or changed against `before`, and the user ids no longer there."""
    old = {r["u"]: r for r in before}
    changed = [r for r in after if old.get(r["u"]) != r]
    gone = sorted(set(old) - {r["u"] for r in after})
    return changed, gone


def push(arena_id: int, now: float | None = None) -> int:
    """Send the changes since the last push to the arena's group; how many rows changed. Too soon after the
    last send (a push that ran late, then one on time), it is put off to MIN_GAP after it (-1)."""
    wait = too_soon(arena_id, time.time() if now is None else now)
    if wait > 0 and not current_app.conf.task_always_eager:  # tasks run at once (tests): no countdown to wait on
        current_app.tasks[PUSH_TASK].apply_async((arena_id,), countdown=wait)
        return -1
    cache.delete(_pending_key(arena_id))  # changes from now on queue the next push
    before = snapshot(arena_id)
    after = _store(arena_id, int(before["version"]) + 1)
    changed, gone = diff(before["rows"], after["rows"])
    frame = {"type": "arena.diff", "version": after["version"], "base": before["version"], "head": after["head"]}
    layer = get_channel_layer()
    assert layer is not None
    async_to_sync(layer.group_send)(arena_group(arena_id), {**frame, "rows": changed, "gone": gone})
    cache.set(_sent_key(arena_id), time.time(), timeout=SNAPSHOT_SECONDS)
    return len(changed)
