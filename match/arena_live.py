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

from collections import defaultdict
from functools import partial
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.cache import cache
from django.db import transaction

from match.arena_models import STANDING_ORDER
from match.models import Arena, ArenaEntry, ArenaPlace, ArenaScore
from match.pushes import MIN_GAP as MIN_GAP
from match.pushes import Pushes

PUSHES = Pushes("arena", "match.tasks.push_arena")  # at most one a second (match.pushes)
RECENT = 24  # figures per row
SNAPSHOT_SECONDS = 6 * 3600


def arena_group(arena_id: int) -> str:
    return f"match.arena.{arena_id}"


def _snapshot_key(arena_id: int) -> str:
    return f"arena:shown:{arena_id}"


def announce(arena_id: int) -> bool:
    """The standings changed (called after commit): queue a push unless one is queued already. True if queued."""
    return PUSHES.announce(arena_id)


def announce_after_commit(arena_id: int) -> None:
    """`announce` once the current transaction commits (a broker that is down is logged, not raised)."""
    transaction.on_commit(partial(announce, arena_id), robust=True)


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
    if PUSHES.held_back(arena_id, now):
        return -1
    before = snapshot(arena_id)
    after = _store(arena_id, int(before["version"]) + 1)
    changed, gone = diff(before["rows"], after["rows"])
    frame = {"type": "arena.diff", "version": after["version"], "base": before["version"], "head": after["head"]}
    layer = get_channel_layer()
    assert layer is not None
    async_to_sync(layer.group_send)(arena_group(arena_id), {**frame, "rows": changed, "gone": gone})
    PUSHES.sent(arena_id)
    return len(changed)
