"""Live standings: every open season page joins its season's Channels group; when 龙珠 or passes change, the
standings are pushed to it at most once a second (match.pushes: the first change in a second queues a push for
the end of that second, later ones ride along with it), each push computed fresh from the database."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from match.models import Season
from match.pushes import Pushes
from match.seasons import compute_standings, standings

PUSHES = Pushes("match", "match.tasks.push_standings")  # at most one a second (match.pushes)
SHOWN_ROWS = 200  # a page shows the top of the table (and its reader's own row, pinned)


def season_group(season_id: int) -> str:
    return f"match.season.{season_id}"


def announce(season_id: int) -> bool:
    """The standings changed (called after commit): queue a push unless one is queued already. True if queued."""
    return PUSHES.announce(season_id)


def push(season_id: int) -> int:
    """Send the season's current standings to its group; how many players they rank (-1: too soon after the
    last send, put off to its moment)."""
    if PUSHES.held_back(season_id):
        return -1
    frame = standings_frame(season_id, fresh=True)
    layer = get_channel_layer()
    assert layer is not None
    async_to_sync(layer.group_send)(season_group(season_id), {**frame, "type": "match.standings"})
    PUSHES.sent(season_id)
    return int(frame["players"])


def standings_frame(season_id: int, fresh: bool = False) -> dict[str, Any]:
    """`{"type": "standings", "rows": [...], "players": n}`: frozen rows once the season ended."""
    season = Season.objects.filter(pk=season_id).first()
    if season is None:
        return {"type": "standings", "rows": [], "players": 0}
    rows = compute_standings(season) if fresh and season.frozen_at is None else standings(season)
    return {"type": "standings", "rows": [asdict(r) for r in rows[:SHOWN_ROWS]], "players": len(rows)}
