"""/ws/match/seasons/<id>/: a season page's live standings (match.live pushes them to the season's group);
/ws/match/arenas/<id>/: an arena page's live standings (match.arena_live pushes diffs to the arena's group)."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.core.exceptions import ObjectDoesNotExist

from accounts.consumers import UserSocketMixin
from match.arena_live import arena_group, full_frame
from match.live import season_group, standings_frame


class GroupListener(UserSocketMixin):
    """A page that listens to one group of the match zone: a signed-in reader only (else the handshake is
    refused, HTTP 403), in the group while the socket lives; its heartbeat's ping is answered with pong."""

    group_name: str | None = None

    async def listen(self, group: str) -> bool:
        """Accept a signed-in reader and join `group`; False (refused) for anyone else."""
        if self.authenticated_user_id() is None:
            await self.close()  # before accept: the handshake is refused (HTTP 403)
            return False
        await self.accept()
        await self.join_user_group()
        self.group_name = group
        await self.channel_layer.group_add(group, self.channel_name)
        return True

    async def disconnect(self, code: int) -> None:
        if self.group_name is not None:
            await self.channel_layer.group_discard(self.group_name, self.channel_name)
        await super().disconnect(code)

    async def answered_ping(self, content: Any) -> bool:
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})
            return True
        return False


class StandingsConsumer(GroupListener):
    """Listens only: the server sends `{"type": "standings", "rows": [...], "players": n}` on connecting and as
    they change."""

    async def connect(self) -> None:
        season_id = int(self.scope["url_route"]["kwargs"]["season_id"])
        if await self.listen(season_group(season_id)):
            await self.send_json(await database_sync_to_async(standings_frame)(season_id))  # a (re)connect catches up

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """The page only listens; its heartbeat's ping is answered so it knows the socket lives."""
        await self.answered_ping(content)

    async def match_standings(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "standings", "rows": event["rows"], "players": event["players"]})


class ArenaConsumer(GroupListener):
    """Listens: on connecting the server sends the standings whole (`arena_full`: version, head, rows), then
    each push's changes (`arena_diff`: version, base, head, rows changed, gone). A page that sees a version
    gap sends `{"type": "full"}` and gets the whole standings again; `ping` is answered with `pong`."""

    arena_id: int = 0

    async def connect(self) -> None:
        self.arena_id = int(self.scope["url_route"]["kwargs"]["arena_id"])
        if await self.listen(arena_group(self.arena_id)):
            await self.send_full()

    async def send_full(self) -> None:
        try:
            frame = await database_sync_to_async(full_frame)(self.arena_id)
        except ObjectDoesNotExist:
            await self.send_json({"type": "error", "code": "no_such_arena"})
            return
        await self.send_json(frame)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if not await self.answered_ping(content) and isinstance(content, dict) and content.get("type") == "full":
            await self.send_full()

    async def arena_diff(self, event: dict[str, Any]) -> None:
        await self.send_json({**event, "type": "arena_diff"})
