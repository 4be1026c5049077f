"""Per-user notification WebSocket (/ws/notify/), and the base every user socket is built on.

Anonymous users are refused during the handshake; an accepted socket joins the
group `user.<id>` so `accounts.services` can notify or disconnect the user from
any process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from importlib import import_module
from typing import Any

import orjson
from channels.auth import get_user
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.utils import translation

from accounts.services import CLOSE_CODE_SESSION_ENDED, SESSION_GONE, session_ended_text, user_group
from config.json_text import dumps as json_dumps


def socket_language(scope: dict[str, Any]) -> str:
    """The language of the page that opened the socket: the language switch's cookie, else the site's default."""
    chosen = (scope.get("cookies") or {}).get(settings.LANGUAGE_COOKIE_NAME, "")
    return chosen if chosen in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


log = logging.getLogger(__name__)

MAX_FRAME_CHARS = 16_384  # no client message comes near this; a bigger frame is refused unparsed


def malformed(reason: str) -> dict[str, Any]:
    """The `error` frame a socket answers an unreadable frame with (docs/protocol.md)."""
    return {"type": "error", "code": "malformed", "reason": reason}


class UserSocketMixin(AsyncJsonWebsocketConsumer):
    """The one place every user socket's safety rules live; subclasses only translate messages.

    - Joins the user's group on `join_user_group()`; obeys `user.close` and `user.notify`.
    - A frame that is not a JSON text frame (binary, empty, too large, invalid or too deeply
      nested JSON) gets an `error` frame; it never reaches `receive_json` and never crashes.
    - Close bookkeeping runs exactly once on every way a socket can end: a clean close, the
      server's own close, a crashed handler, or daphne killing a consumer that was slow to
      shut down. Subclasses put it in `disconnect` (calling `await super().disconnect(code)`).
    - The session is checked again every `SOCKET_SESSION_RECHECK_SECONDS` (and on frames after
      that): a session ended elsewhere (logged out, password changed, account disabled) closes
      the socket with 4001.
    """

    user_group_name: str | None = None
    _disconnect_ran: bool = False
    _closing: bool = False
    _session_checked_at: float = 0.0
    _session_watch: asyncio.Task[None] | None = None

    def authenticated_user_id(self) -> int | None:
        """The logged-in, active user's id from the session, or None."""
        user = self.scope.get("user")
        if user is None or not user.is_authenticated or not user.is_active:
            return None
        return int(user.pk)

    async def join_user_group(self) -> None:
        user_id = self.authenticated_user_id()
        assert user_id is not None, "join_user_group needs an authenticated user"
        self.user_group_name = user_group(user_id)
        await self.channel_layer.group_add(self.user_group_name, self.channel_name)
        self._session_checked_at = time.monotonic()
        self._session_watch = asyncio.ensure_future(self._watch_session())

    async def disconnect(self, code: int) -> None:
        if self._session_watch is not None:
            self._session_watch.cancel()
        if self.user_group_name:
            await self.channel_layer.group_discard(self.user_group_name, self.channel_name)

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' dispatch, without its `aclose_old_connections()` before every handler: that is a hop
        to Channels' one database thread for every frame and every group message of every socket
        (four per table action), and it serialises them all. These sockets never use that thread's
        connection directly: their database calls tidy their own connections (Channels'
        `database_sync_to_async` and tables.dbpool)."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    # --- JSON: orjson, several times quicker than the standard library on a hand view --------

    @classmethod
    async def decode_json(cls, text_data: str) -> Any:
        """A frame's JSON (ValueError if it is not JSON, or nested past orjson's limit)."""
        return orjson.loads(text_data)

    @classmethod
    async def encode_json(cls, content: Any) -> str:
        """A frame's text: UTF-8 JSON (Chinese text is sent as it is, not as \\u escapes); every
        socket's every frame goes through here, a table's prompts holding the whole hand view."""
        return json_dumps(content)

    # --- every close path runs the bookkeeping once ---------------------------------

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            # A handler crashed, or the consumer was cancelled (daphne kills consumers whose
            # disconnect is still queued after its close timeout): do the bookkeeping anyway.
            # Shielded, so a second cancellation does not cut it short.
            if not self._disconnect_ran:
                with contextlib.suppress(Exception, asyncio.CancelledError):
                    await asyncio.shield(self._disconnect_once(1011))

    async def websocket_disconnect(self, message: dict[str, Any]) -> None:
        # Shielded: daphne cancels a consumer still closing after its close timeout (a burst of closes
        # queues them behind each other), and the bookkeeping must finish all the same.
        await asyncio.shield(self._disconnect_once(int(message.get("code") or 1005)))
        raise StopConsumer()

    async def _disconnect_once(self, code: int) -> None:
        if self._disconnect_ran:
            return
        self._disconnect_ran = True
        try:
            for group in self.groups:  # channels' class-level groups, as its own disconnect does
                await self.channel_layer.group_discard(group, self.channel_name)
            await self.disconnect(code)
        except Exception:
            log.exception("socket close bookkeeping failed (%s)", type(self).__name__)

    # --- frames ------------------------------------------------------------------------

    async def close(self, code: int | bool | None = None, reason: str | None = None) -> None:
        self._closing = True
        await super().close(code=code, reason=reason)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any) -> None:
        if self._closing or not await self._session_still_valid():
            return  # frames still in flight after our close are dropped, not answered
        if not text_data:
            await self.send_json(malformed("a message is a non-empty JSON text frame"))
            return
        if len(text_data) > MAX_FRAME_CHARS:
            await self.send_json(malformed(f"a message is at most {MAX_FRAME_CHARS} characters"))
            return
        try:
            content = await self.decode_json(text_data)
        except (ValueError, RecursionError):
            await self.send_json(malformed("the message is not valid JSON (or is nested too deeply)"))
            return
        await self.receive_json(content, **kwargs)

    # --- the session, checked again while the socket is open -------------------------

    async def _watch_session(self) -> None:
        interval = float(settings.SOCKET_SESSION_RECHECK_SECONDS)
        while True:
            await asyncio.sleep(interval)
            if not await self._session_still_valid(force=True):
                return

    async def _session_still_valid(self, force: bool = False) -> bool:
        """Re-read the session when the recheck is due; close the socket (4001) if it ended."""
        if self.user_group_name is None:
            return True  # not an authenticated socket (yet): nothing to recheck
        due = time.monotonic() - self._session_checked_at >= float(settings.SOCKET_SESSION_RECHECK_SECONDS)
        if not (force or due):
            return True
        self._session_checked_at = time.monotonic()
        if await session_user_id(self.scope) == self.authenticated_user_id():
            return True
        await self.user_close({"code": SESSION_GONE})
        return False

    # --- channel-layer messages ------------------------------------------------------

    async def user_close(self, event: dict[str, Any]) -> None:
        code = str(event.get("code", ""))
        with translation.override(socket_language(self.scope)):
            reason = session_ended_text(code, event.get("params"))
        await self.send_json({"type": "closing", "code": code, "reason": reason})
        await self.close(code=CLOSE_CODE_SESSION_ENDED)

    async def user_notify(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "notify", "payload": event["payload"]})


async def session_user_id(scope: Any) -> int | None:
    """The active user the socket's session belongs to now, read afresh (None: it ended)."""
    session = scope.get("session")
    key = getattr(session, "session_key", None)
    if session is None or not key:
        return None
    store = import_module(settings.SESSION_ENGINE).SessionStore
    fresh = await database_sync_to_async(store)(key)
    user = await get_user({"session": fresh})
    if not user.is_authenticated or not user.is_active:
        return None
    return int(user.pk)


class NotifyConsumer(UserSocketMixin):
    """The browser's personal channel: notifications, and the signal to stop on logout or ban."""

    async def connect(self) -> None:
        if self.authenticated_user_id() is None:
            await self.close()  # before accept: the handshake is refused (HTTP 403)
            return
        await self.accept()
        await self.join_user_group()
        await self.send_json({"type": "hello", "user": str(self.scope["user"])})
