"""The table WebSocket: translate messages to services and events to messages (docs/protocol.md).

A connection belongs to one table and, if its user sits there, to one seat;
everyone else is a spectator and receives public views only. The consumer
holds no game state: on connect and on every gap it reads the database, and
the channel layer only carries copies of events already committed.
"""

from __future__ import annotations

import asyncio
import functools
import time
import weakref
from collections.abc import Awaitable, Callable
from typing import Any

from django.conf import settings
from django.utils import translation

from accounts.consumers import UserSocketMixin, socket_language
from engine.actions import IllegalAction
from tables.chat import ChatMixin
from tables.dbpool import db_call
from tables.errors import MalformedMessage, RateLimited, TableError, refusal_text
from tables.models import Table
from tables.services import actions, between_hands, presence, seating, settlement
from tables.services.events import Broadcast, events_since, table_group, visible
from tables.services.snapshot import snapshot

CLOSE_UNAUTHENTICATED = 4001
CLOSE_NO_TABLE = 4004  # no such table, or a private table the user does not sit at
CLOSE_ABUSE = 4008
MAX_ID_LENGTH = 64
MALFORMED = "__malformed__"  # what an undecodable frame turns into, so it gets an error reply


Answer = Callable[[Any, list[Broadcast]], Awaitable[None]]  # what a socket tells its own client once committed

_table_turns: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()


def table_turn(table_id: int) -> asyncio.Lock:
    """One at a time per table in this process: a socket's call that writes to its table waits here, on
    the event loop, not on a database thread blocked on the table's row lock (the four seats answering a
    window at once would hold four of the pool's threads for one table). Its broadcasts leave in order."""
    lock = _table_turns.get(table_id)
    if lock is None:
        lock = _table_turns[table_id] = asyncio.Lock()
    return lock


class TokenBucket:
    """Per-connection rate limit: `rate` messages a second on average, bursts up to `burst`."""

    def __init__(self, rate: float = 5.0, burst: float = 15.0) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.stamp = burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class TableConsumer(ChatMixin, UserSocketMixin):
    """`/ws/tables/<table_id>/`: one player's seat, or a spectator's public view."""

    table_id: int
    seat: int | None
    user_id: int | None
    version: int
    groups_joined: list[str]
    seen_written: float  # when this socket last stored the seat's `last_seen` (time.monotonic)

    async def connect(self) -> None:
        self.groups_joined, self.seat, self.version, self.violations = [], None, 0, 0
        self.bucket = TokenBucket(float(settings.TABLES_SOCKET_RATE), float(settings.TABLES_SOCKET_BURST))
        self.seen_written = time.monotonic()
        self.user_id = self.authenticated_user_id()
        if self.user_id is None:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        # Accept first: the handshake never waits on the database (daphne refuses slow handshakes).
        await self.accept()
        # Join before reading the state: a batch committed meanwhile waits in the channel layer until
        # connect returns, and then only its versions past the state's are sent.
        await self._join(table_group(self.table_id))
        (allowed, self.seat, state), _ = await self._db(presence.arrive, self.table_id, self.user_id)
        if not allowed:
            await self.close(code=CLOSE_NO_TABLE)
            return
        await self.join_user_group()  # logout or ban closes this socket (accounts.services)
        await self.join_chat()  # 快捷语 (tables/chat.py)
        self.version = state["version"]
        await self.send_json(state)

    async def disconnect(self, code: int) -> None:
        await super().disconnect(code)
        for group in self.groups_joined:
            await self.channel_layer.group_discard(group, self.channel_name)
        if self.seat is not None and self.user_id is not None:
            await self._db(presence.disconnected, self.table_id, self.user_id)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        msg_id = content.get("id") if isinstance(content, dict) else None
        try:
            if not self.bucket.take():
                self.violations += 1
                if self.violations > 50:
                    await self.close(code=CLOSE_ABUSE)  # nothing is sent after the close
                    return
                raise RateLimited()
            await self._dispatch(content)
        except (TableError, IllegalAction) as exc:
            with translation.override(socket_language(self.scope)):
                refused = error_message(exc, msg_id)
            await self.send_json(refused)

    @classmethod
    async def decode_json(cls, text_data: str) -> Any:
        try:
            return await super().decode_json(text_data)
        except ValueError:
            return {"type": MALFORMED}

    # --- client messages -----------------------------------------------------

    async def _dispatch(self, content: Any) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            raise MalformedMessage('a message is a JSON object with a "type"')
        if content["type"] == MALFORMED:
            raise MalformedMessage("the message is not valid JSON")
        handler = {
            "action": self._on_action,
            "resync": self._on_resync,
            "ping": self._on_ping,
            "ready": self._on_ready,
            "start_bots": self._on_start_bots,
            "leave": self._on_leave,
            "auto": self._on_auto,
            "chat": self._on_chat,
        }.get(content["type"])
        if handler is None:
            raise MalformedMessage(f"unknown message type {content['type']!r}")
        await handler(content)

    async def _on_action(self, content: dict[str, Any]) -> None:
        msg_id = content.get("id")
        if not isinstance(msg_id, str) or not 0 < len(msg_id) <= MAX_ID_LENGTH:
            raise MalformedMessage(f'an action needs an "id": a string of 1-{MAX_ID_LENGTH} characters')
        action, hand_version = content.get("action"), content.get("hand_version")
        if not isinstance(action, dict):
            raise MalformedMessage('"action" must be an object such as {"type": "discard", "tile": "5m"}')
        if hand_version is not None and (not isinstance(hand_version, int) or isinstance(hand_version, bool)):
            raise MalformedMessage('"hand_version" must be an integer')
        assert self.user_id is not None

        async def answer(result: actions.ActResult, batches: list[Broadcast]) -> None:
            # Committed: the ack and the sender's own copy leave before the table's publish, which the
            # sender does not wait for (that copy reaches it later and is skipped as already sent).
            ack = {"type": "ack", "id": msg_id, "version": result.version, "duplicate": result.duplicate}
            await self.send_json(ack)
            await self._take(batches)

        act = (actions.act, self.table_id, self.user_id, msg_id, action, hand_version)
        result, _ = await self._db(*act, first=answer)
        await self._catch_up(result.version)

    async def _on_resync(self, content: dict[str, Any]) -> None:
        since = content.get("since")
        if not isinstance(since, int) or isinstance(since, bool) or not 0 <= since <= self.version:
            # Past what this connection was sent, `since` is absurd: the client gets the whole state.
            await self._send_state()
            return
        missed = await self._missed(since)
        if missed is None:
            await self._send_state()
            return
        self.version = since  # the client's word: send everything after it again
        await self._send_events(since + 1, *missed)

    async def _on_ping(self, content: dict[str, Any]) -> None:
        """The heartbeat: renew group membership (it expires, and a Redis restart loses it) and
        report the table's committed version, so a client that missed a broadcast can resync."""
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        seen_by = None
        due = time.monotonic() - self.seen_written >= float(settings.TABLES_PRESENCE_WRITE_SECONDS)
        if self.seat is not None and due:
            seen_by, self.seen_written = self.user_id, time.monotonic()
        version, _ = await db_call(heartbeat, self.table_id, seen_by)
        await self.send_json({"type": "pong", "version": version})

    async def _on_ready(self, content: dict[str, Any]) -> None:
        after = content.get("after_hand")  # the hand whose sheet the click answered (a late click is stale)
        if after is not None and (not isinstance(after, int) or isinstance(after, bool)):
            raise MalformedMessage('"after_hand" must be an integer')
        assert self.user_id is not None
        await self._db(between_hands.set_ready, self.table_id, self.user_id, None, after)

    async def _on_start_bots(self, content: dict[str, Any]) -> None:
        assert self.user_id is not None
        await self._db(between_hands.start_with_bots, self.table_id, self.user_id)

    async def _on_leave(self, content: dict[str, Any]) -> None:
        assert self.user_id is not None
        leave = functools.partial(seating.leave, confirmed=content.get("confirm") is True)
        escape, _ = await self._db(leave, self.scope["user"], self.table_id)
        if escape is not None:
            await db_call(settlement.penalize_escape_now, escape.pk)  # the balance the next page shows is paid
        await self.send_json({"type": "left", "escaped": escape is not None})
        await self.close()

    async def _on_auto(self, content: dict[str, Any]) -> None:
        on = content.get("on")
        if not isinstance(on, bool):
            raise MalformedMessage('"on" must be true or false')
        assert self.user_id is not None
        await self._db(actions.set_auto, self.table_id, self.user_id, on)

    # --- channel-layer messages ----------------------------------------------

    async def table_events(self, message: dict[str, Any]) -> None:
        """A committed batch for the table; a gap means something was dropped: fetch it.

        The message carries every audience's part: only what this seat (or a spectator) may see is sent."""
        first, last = int(message["from"]), int(message["to"])
        if last <= self.version:
            return  # already sent (e.g. fetched after our own ack)
        if first > self.version + 1:
            await self._catch_up(last)
            return
        await self._send_events(self.version + 1, self._visible(message["events"], self.version), last)

    # --- helpers -----------------------------------------------------------------

    async def _db(self, fn: Any, *args: Any, first: Answer | None = None) -> tuple[Any, list[Broadcast]]:
        """`fn(*args)`, which writes to this socket's table, on a database thread (tables.dbpool), in
        the table's turn (`table_turn`); what it committed is broadcast from here, after `first` (if
        given) has answered this socket: still in the turn, so the table's batches keep their order."""
        async with table_turn(self.table_id):
            result, batches = await db_call(fn, *args)
            if first is not None:
                await first(result, batches)
            for batch in batches:
                await batch.send()
        return result, batches

    async def _take(self, batches: list[Broadcast]) -> None:
        """Deliver our own group's part of batches this socket committed, as if it came from the channel layer."""
        for batch in batches:
            await self.table_events(batch.message)

    async def _join(self, group: str) -> None:
        await self.channel_layer.group_add(group, self.channel_name)
        self.groups_joined.append(group)

    def _visible(self, events: list[dict[str, Any]], after: int) -> list[dict[str, Any]]:
        """`visible` for this socket: once its player is stood up between hands (moved_out), it watches
        as a spectator, so the seat's next occupant's hand is never sent here."""
        out = visible(events, self.seat, after)
        gone = self._stood_up_at(out)
        if gone is None:
            return out
        return [e for e in out if e["version"] <= gone] + visible(events, None, gone)

    def _stood_up_at(self, events: list[dict[str, Any]]) -> int | None:
        """The version of the event standing this socket's player up, if `events` hold one (the seat is dropped)."""
        if self.seat is None:
            return None
        for event in events:
            if event.get("type") == "moved_out" and event.get("user") == self.user_id:
                self.seat = None
                return int(event["version"])
        return None

    async def _missed(self, since: int) -> tuple[list[dict[str, Any]], int] | None:
        """`events_since` for this socket (as `_visible`: a stand-up among them makes the rest a spectator's)."""
        missed, _ = await db_call(events_since, self.table_id, since, self.seat)
        if missed is None:
            return None
        events = missed[0]
        gone = self._stood_up_at(events)
        if gone is None:
            return missed
        rest, _ = await db_call(events_since, self.table_id, gone, None)
        return ([e for e in events if e["version"] <= gone] + rest[0], rest[1]) if rest else None

    async def _send_state(self) -> None:
        state, _ = await db_call(snapshot, self.table_id, self.seat)
        self.version = state["version"]
        await self.send_json(state)

    async def _catch_up(self, upto: int) -> None:
        """Send the events between what this connection has seen and `upto` (from the database)."""
        if upto <= self.version:
            return
        missed = await self._missed(self.version)
        if missed is None:
            await self._send_state()
            return
        await self._send_events(self.version + 1, *missed)

    async def _send_events(self, first: int, events: list[dict[str, Any]], last: int) -> None:
        """One `events` message covering versions first..last (events this seat may not see are left out)."""
        if last < first:
            return
        self.version = max(self.version, last)
        await self.send_json({"type": "events", "from": first, "to": last, "events": events})


def table_version(table_id: int) -> int:
    return int(Table.objects.values_list("version", flat=True).get(pk=table_id))


def heartbeat(table_id: int, seen_by: int | None) -> int:
    """A ping: store that the user's seat is alive (if `seen_by`), and return the table's committed version."""
    if seen_by is not None:
        presence.seen(table_id, seen_by)
    return table_version(table_id)


def error_message(exc: Exception, msg_id: Any) -> dict[str, Any]:
    """`{"type": "error", "code", "reason", "id"}` for a refused message; the reason in the active language."""
    code = getattr(exc, "code", "error")
    out: dict[str, Any] = {"type": "error", "code": str(code), "reason": refusal_text(exc)}
    if isinstance(msg_id, str):
        out["id"] = msg_id
    return out
