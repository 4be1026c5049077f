"""Live standings: every open season page joins its season's Channels group; when 龙珠 or passes change, the
standings are pushed to it at most once a second (the first change in a second queues a push for the end of
that second, later ones ride along with it), each push computed fresh from the database."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.cache import cache

from match.models import Season
from match.seasons import compute_standings, standings

PUSH_SECONDS = 1.0
SHOWN_ROWS = 200  # a page shows the top of the table (and its reader's own row, pinned)


def season_group(season_id: int) -> str:
    return f"match.season.{season_id}"


def _pending_key(season_id: int) -> str:
    return f"match:push:{season_id}"


def announce(season_id: int) -> bool:
    """The standings changed (called after commit): queue a push unless one is queued already. True if queued."""
    if not cache.add(_pending_key(season_id), 1, timeout=int(PUSH_SECONDS) + 1):
        return False
    from match.tasks import push_standings  # the task wraps `push`; imported here: tasks import this module

    push_standings.apply_async((season_id,), countdown=PUSH_SECONDS)
    return True


def push(season_id: int) -> int:
    """Send the season's current standings to its group; how many players they rank."""
    cache.delete(_pending_key(season_id))  # changes from now on queue the next push
    frame = standings_frame(season_id, fresh=True)
    layer = get_channel_layer()
    assert layer is not None
    async_to_sync(layer.group_send)(season_group(season_id), {**frame, "type": "match.standings"})
    return int(frame["players"])


def standings_frame(season_id: int, fresh: bool = False) -> dict[str, Any]:
    """`{"type": "standings", "rows": [...], "players": n}`: frozen rows once the season ended."""
    season = Season.objects.filter(pk=season_id).first()
    if season is None:
        return {"type": "standings", "rows": [], "players": 0}
    rows = compute_standings(season) if fresh and season.frozen_at is None else standings(season)
    return {"type": "standings", "rows": [asdict(r) for r in rows[:SHOWN_ROWS]], "players": len(rows)}
