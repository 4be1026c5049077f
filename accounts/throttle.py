"""Log-in throttling against password guessing: one rule for every way to log in.

Every password check in the platform goes through `django.contrib.auth.authenticate`
(the site's log-in form, the admin's, any API token endpoint), so the throttle sits
there: `ThrottledModelBackend` refuses a locked attempt before the password is
checked, and the `user_login_failed` / `user_logged_in` signals count failures and
clear them (wired in `accounts.apps`). Forms only choose how to word the refusal.

Failures are counted in the shared cache (Redis), so every daphne process sees the
same count, under three keys with their own limits within `LOGIN_LOCKOUT_SECONDS`:
- the (username, address) pair: `LOGIN_FAILURE_LIMIT` (5) - one guesser at one account;
- the username from any address: `LOGIN_USER_FAILURE_LIMIT` (50) - many addresses at one account;
- the address for any username: `LOGIN_ADDRESS_FAILURE_LIMIT` (30) - one address spraying accounts.
The pair limit is the low one, so one noisy address cannot lock a player out from
everywhere else. A successful log-in clears the pair's count only: logging in to
one's own account must not reset a spraying address's count.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest


def client_ip(request: HttpRequest | None) -> str:
    """The client address (behind a trusted proxy, config.proxy took it from X-Forwarded-For)."""
    if request is None:
        return "-"
    return str(request.META.get("REMOTE_ADDR") or "-")


@dataclass(frozen=True, slots=True)
class _Counter:
    """Failures counted under one cache key, locked at `limit`."""

    key: str
    limit: int

    def wait_seconds(self) -> int:
        locked_until = cache.get(f"{self.key}:lock")
        if locked_until is None:
            return 0
        return max(1, math.ceil(float(locked_until) - time.time()))

    def record(self, window: int) -> None:
        cache.add(self.key, 0, timeout=window)
        try:
            failures = cache.incr(self.key)
        except ValueError:  # expired between add and incr
            cache.set(self.key, 1, timeout=window)
            failures = 1
        if failures >= self.limit:
            cache.set(f"{self.key}:lock", time.time() + window, timeout=window)

    def reset(self) -> None:
        cache.delete_many([self.key, f"{self.key}:lock"])


def _hashed(kind: str, *parts: str) -> str:
    # Hash so arbitrary user input never shapes the cache key.
    return f"login-fail:{kind}:" + hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class LoginThrottle:
    """The failure counters one log-in attempt (username, address) is subject to."""

    username: str
    ip: str

    @classmethod
    def for_request(cls, username: Any, request: HttpRequest | None) -> LoginThrottle:
        return cls(str(username or ""), client_ip(request))

    @property
    def window(self) -> int:
        return int(getattr(settings, "LOGIN_LOCKOUT_SECONDS", 900))

    @property
    def _pair(self) -> _Counter:
        return _Counter(_hashed("pair", self.username.casefold(), self.ip), int(settings.LOGIN_FAILURE_LIMIT))

    @property
    def _counters(self) -> tuple[_Counter, ...]:
        user = _Counter(_hashed("user", self.username.casefold()), int(settings.LOGIN_USER_FAILURE_LIMIT))
        address = _Counter(_hashed("ip", self.ip), int(settings.LOGIN_ADDRESS_FAILURE_LIMIT))
        return (self._pair, user, address)

    def wait_seconds(self) -> int:
        """Seconds until this attempt may be made; 0 when none of its counters is locked."""
        return max(counter.wait_seconds() for counter in self._counters)

    def record_failure(self) -> None:
        """Count one failed attempt on every counter; a counter locks once its limit is reached."""
        for counter in self._counters:
            counter.record(self.window)

    def reset(self) -> None:
        """Forget the pair's failures (after a successful log-in)."""
        self._pair.reset()


class ThrottledModelBackend(ModelBackend):
    """Django's model backend behind the throttle: a locked attempt is refused unchecked.

    `PermissionDenied` stops `authenticate()` at once (no other backend is asked), which then
    sends `user_login_failed`; `record_failure` below skips attempts that were already locked,
    so hammering a lock does not lengthen it.
    """

    def authenticate(
        self, request: HttpRequest | None, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> Any:
        if username is None:
            username = kwargs.get("username")
        if LoginThrottle.for_request(username, request).wait_seconds():
            raise PermissionDenied("too many failed log-in attempts")
        return super().authenticate(request, username=username, password=password, **kwargs)


def record_failure(sender: Any, credentials: dict[str, Any], request: HttpRequest | None = None, **_: Any) -> None:
    """`user_login_failed` receiver: count the failure unless the attempt was refused by a lock."""
    throttle = LoginThrottle.for_request(credentials.get("username"), request)
    if not throttle.wait_seconds():
        throttle.record_failure()


def clear_on_login(sender: Any, request: HttpRequest | None, user: Any, **_: Any) -> None:
    """`user_logged_in` receiver: a successful log-in clears its (username, address) pair."""
    if request is not None:
        LoginThrottle.for_request(user.get_username(), request).reset()


@dataclass(frozen=True, slots=True)
class SignupThrottle:
    """Sign-ups from one client address: after `SIGNUP_LIMIT` within `SIGNUP_WINDOW_SECONDS`, refused for a window.

    Every new account receives the welcome grant, so unlimited sign-ups from one
    address would be a tap of free coins. Counted like log-in failures (`_Counter`).
    """

    ip: str

    @property
    def _counter(self) -> _Counter:
        return _Counter(_hashed("signup", self.ip), int(getattr(settings, "SIGNUP_LIMIT", 5)))

    def exhausted(self) -> bool:
        return self._counter.wait_seconds() > 0

    def record(self) -> None:
        """Count one sign-up from this address."""
        self._counter.record(int(getattr(settings, "SIGNUP_WINDOW_SECONDS", 3600)))
