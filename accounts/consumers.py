"""Per-user notification WebSocket (/ws/notify/).

Anonymous users are refused during the handshake; an accepted socket joins the
group `user.<id>` so `accounts.services` can notify or disconnect the user from
any process.
"""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.utils import translation

from accounts.services import CLOSE_CODE_SESSION_ENDED, session_ended_text, user_group


def socket_language(scope: dict[str, Any]) -> str:
    """The language of the page that opened the socket: the language switch's cookie, else the site's default."""
    chosen = (scope.get("cookies") or {}).get(settings.LANGUAGE_COOKIE_NAME, "")
    return chosen if chosen in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


class UserSocketMixin(AsyncJsonWebsocketConsumer):
    """Join the user's group on connect; obey `user.close` and `user.notify` messages.

    Other apps' consumers inherit this so logging out or banning a user closes
    their table sockets too. Subclasses call `await self.join_user_group()` after
    accepting and `await super().disconnect(code)` when overriding `disconnect`.
    """

    user_group_name: str | None = None

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

    async def disconnect(self, code: int) -> None:
        if self.user_group_name:
            await self.channel_layer.group_discard(self.user_group_name, self.channel_name)

    async def user_close(self, event: dict[str, Any]) -> None:
        code = str(event.get("code", ""))
        with translation.override(socket_language(self.scope)):
            reason = session_ended_text(code, event.get("params"))
        await self.send_json({"type": "closing", "code": code, "reason": reason})
        await self.close(code=CLOSE_CODE_SESSION_ENDED)

    async def user_notify(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "notify", "payload": event["payload"]})


class NotifyConsumer(UserSocketMixin):
    """The browser's personal channel: notifications, and the signal to stop on logout or ban."""

    async def connect(self) -> None:
        if self.authenticated_user_id() is None:
            await self.close()  # before accept: the handshake is refused (HTTP 403)
            return
        await self.accept()
        await self.join_user_group()
        await self.send_json({"type": "hello", "user": str(self.scope["user"])})
