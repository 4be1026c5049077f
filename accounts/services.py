"""Account actions other apps call: reach or disconnect one user's WebSockets.

Every consumer that belongs to a logged-in user joins the group `user_group(id)`
and handles two message types (see `accounts.consumers.UserSocketMixin`):
`user.notify` (forward a JSON payload to the browser) and `user.close` (say why,
then close the socket). Banning or logging a user out therefore closes all of
their sockets in every daphne process at once, through the channel layer.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth import logout
from django.db import transaction
from django.http import HttpRequest

from accounts.models import User

# Close code sent to the browser when the server ends a user's sockets (4000-4999: application codes).
CLOSE_CODE_SESSION_ENDED = 4001


def user_group(user_id: int) -> str:
    """The channel-layer group holding every socket of one user."""
    return f"user.{user_id}"


async def aclose_user_sockets(user_id: int, reason: str) -> None:
    """Async form of `close_user_sockets`, for use inside consumers."""
    layer = get_channel_layer()
    assert layer is not None, "CHANNEL_LAYERS must be configured"
    await layer.group_send(user_group(user_id), {"type": "user.close", "reason": reason})


def close_user_sockets(user_id: int, reason: str) -> None:
    """Close all of this user's WebSockets in every process, telling the browser `reason`."""
    async_to_sync(aclose_user_sockets)(user_id, reason)


async def anotify_user(user_id: int, payload: dict[str, Any]) -> None:
    """Async form of `notify_user`."""
    layer = get_channel_layer()
    assert layer is not None, "CHANNEL_LAYERS must be configured"
    await layer.group_send(user_group(user_id), {"type": "user.notify", "payload": payload})


def notify_user(user_id: int, payload: dict[str, Any]) -> None:
    """Push a JSON payload to every open notification socket of this user (after the current commit)."""
    transaction.on_commit(lambda: async_to_sync(anotify_user)(user_id, payload))


def log_out(request: HttpRequest) -> None:
    """End the session, then close the user's sockets (they were authenticated by that session)."""
    user_id = request.user.pk if request.user.is_authenticated else None
    logout(request)
    if user_id is not None:
        close_user_sockets(int(user_id), "logged out")


def ban_user(user_id: int, reason: str = "account disabled") -> None:
    """Deactivate an account and disconnect it at once (operators, admin action)."""
    with transaction.atomic():
        User.objects.filter(pk=user_id).update(is_active=False)
        transaction.on_commit(lambda: close_user_sockets(user_id, reason))


def reinstate_user(user_id: int) -> None:
    """Let a deactivated account log in again (an operator lifted its suspension or ban)."""
    User.objects.filter(pk=user_id).update(is_active=True)
