"""Account actions other apps call: reach or disconnect one user's WebSockets.

Every consumer that belongs to a logged-in user joins the group `user_group(id)`
and handles two message types (see `accounts.consumers.UserSocketMixin`):
`user.notify` (forward a JSON payload to the browser) and `user.close` (say why,
then close the socket). Banning or logging a user out therefore closes all of
their sockets in every daphne process at once, through the channel layer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth import logout
from django.db import transaction
from django.http import HttpRequest
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from accounts.models import ClientSighting, PersonalToken, User
from accounts.throttle import client_ip

# Close code sent to the browser when the server ends a user's sockets (4000-4999: application codes).
CLOSE_CODE_SESSION_ENDED = 4001


def user_group(user_id: int) -> str:
    """The channel-layer group holding every socket of one user."""
    return f"user.{user_id}"


# Why the server ended a user's sockets: a code the browser can act on, and the text shown to the player,
# rendered by each socket in its own page's language (`session_ended_text`).
LOGGED_OUT = "logged_out"
PASSWORD_CHANGED = "password_changed"
SESSION_GONE = "session_ended"
SESSION_ENDED: dict[str, Promise] = {
    LOGGED_OUT: _("你已退出登录"),
    PASSWORD_CHANGED: _("密码已修改，请重新登录"),
    SESSION_GONE: _("登录已失效，请重新登录"),
    "account_disabled": _("账号已停用"),
    "banned": _("账号已封禁：%(reason)s"),
    "suspended": _("账号暂停至 %(until)s：%(reason)s"),
}


def session_ended_text(code: str, params: Mapping[str, Any] | None = None) -> str:
    """The player's notice for `code` in the active language (`params` fill its placeholders)."""
    template = SESSION_ENDED.get(code)
    if template is None:
        return code
    return str(template) % dict(params or {}) if params else str(template)


async def aclose_user_sockets(user_id: int, code: str, params: Mapping[str, Any] | None = None) -> None:
    """Async form of `close_user_sockets`, for use inside consumers."""
    layer = get_channel_layer()
    assert layer is not None, "CHANNEL_LAYERS must be configured"
    event = {"type": "user.close", "code": code, "params": dict(params or {})}
    await layer.group_send(user_group(user_id), event)


def close_user_sockets(user_id: int, code: str, params: Mapping[str, Any] | None = None) -> None:
    """Close all of this user's WebSockets in every process, telling the browser why (a `SESSION_ENDED` code)."""
    async_to_sync(aclose_user_sockets)(user_id, code, params)


async def anotify_user(user_id: int, payload: dict[str, Any]) -> None:
    """Async form of `notify_user`."""
    layer = get_channel_layer()
    assert layer is not None, "CHANNEL_LAYERS must be configured"
    await layer.group_send(user_group(user_id), {"type": "user.notify", "payload": payload})


def notify_user(user_id: int, payload: dict[str, Any]) -> None:
    """Push a JSON payload to every open notification socket of this user (after the current commit)."""
    transaction.on_commit(lambda: async_to_sync(anotify_user)(user_id, payload))


def reader(request: HttpRequest) -> User:
    """The signed-in user a page is for (behind login_required: an anonymous reader is a programming error)."""
    assert isinstance(request.user, User)
    return request.user


def log_out(request: HttpRequest) -> None:
    """End the session, then close the user's sockets (they were authenticated by that session)."""
    user_id = request.user.pk if request.user.is_authenticated else None
    logout(request)
    if user_id is not None:
        close_user_sockets(int(user_id), LOGGED_OUT)


def password_changed(user_id: int) -> None:
    """A new password: the account's API tokens (operator and personal) are revoked now, its open
    sockets closed after commit.

    Its other browser sessions end by themselves (Django checks the password hash on each
    request; sockets re-check theirs, see `accounts.consumers`)."""
    from rest_framework.authtoken.models import Token

    Token.objects.filter(user_id=user_id).delete()
    PersonalToken.objects.filter(user_id=user_id).delete()
    transaction.on_commit(lambda: close_user_sockets(user_id, PASSWORD_CHANGED))


def ban_user(user_id: int, code: str = "account_disabled", params: Mapping[str, Any] | None = None) -> None:
    """Deactivate an account and disconnect it at once (operators, admin action), telling why (`SESSION_ENDED`)."""
    with transaction.atomic():
        User.objects.filter(pk=user_id).update(is_active=False)
        transaction.on_commit(lambda: close_user_sockets(user_id, code, params))


def reinstate_user(user_id: int) -> None:
    """Let a deactivated account log in again (an operator lifted its suspension or ban)."""
    User.objects.filter(pk=user_id).update(is_active=True)


# Why an inactive account may not log in, told only to someone who knows its password. The apps
# above accounts (operations: suspensions and bans) register their check at start-up, so accounts
# never imports them (tests/test_layers.py).
LoginRefusal = Callable[[str, str], "str | None"]
_login_refusals: list[LoginRefusal] = []


def register_login_refusal(check: LoginRefusal) -> None:
    """Add a check `(username, password) -> notice or None` that the log-in form consults."""
    if check not in _login_refusals:
        _login_refusals.append(check)


def login_refusal(username: str, password: str) -> str | None:
    """The first registered check's notice for this log-in, or None."""
    for check in _login_refusals:
        if notice := check(username, password):
            return notice
    return None


# --- 风控: the clients (address, browser) accounts log in from ----------------------------------


def record_sighting(user: User, request: HttpRequest) -> None:
    """Note the address and device cookie `user` logged in (or signed up) from (`user_logged_in`)."""
    values = {ClientSighting.ADDRESS: client_ip(request), ClientSighting.DEVICE: getattr(request, "device_id", "")}
    for kind, value in values.items():
        if value and value != "-":
            digest = ClientSighting.digest_of(kind, value)
            ClientSighting.objects.update_or_create(user=user, kind=kind, digest=digest)


def on_login(sender: Any, request: HttpRequest | None, user: Any, **_: Any) -> None:
    """`user_logged_in` receiver."""
    if request is not None and isinstance(user, User):
        record_sighting(user, request)


def accounts_sharing_a_client(user_ids: set[int]) -> set[frozenset[int]]:
    """The pairs among `user_ids` that logged in from one address or one browser (device cookie)."""
    owners: dict[tuple[str, str], set[int]] = {}
    rows = ClientSighting.objects.filter(user_id__in=user_ids).values_list("kind", "digest", "user_id")
    for kind, digest, user_id in rows:
        owners.setdefault((kind, digest), set()).add(user_id)
    return {frozenset((a, b)) for users in owners.values() for a in users for b in users if a < b}


def share_a_client(first: int, second: int) -> bool:
    """Whether two accounts logged in from one address or one browser (for seating rules and 风控)."""
    return bool(accounts_sharing_a_client({first, second}))
