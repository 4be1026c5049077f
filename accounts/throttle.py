"""Log-in throttling against password guessing: one rule for every way to log in.

Every password check in the platform goes through `django.contrib.auth.authenticate`
(the site's log-in form, the admin's, any API token endpoint), so the throttle sits
there, in `ThrottledModelBackend`: each attempt is first *reserved* - counted with
Redis's atomic INCR - and only an attempt whose reservation stays within every limit
has its password checked. A burst of parallel attempts therefore cannot pass the gate
together (reading a lock before the check and counting the failure after it did let
them). A wrong password keeps its reservation as the failure; a right one gives it
back. Forms only choose how to word the refusal.

Attempts are counted in the shared cache (Redis), so every daphne process sees the
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
from collections.abc import Iterator
from contextlib import contextmanager
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
    """Attempts counted under one cache key within a window; locked once `limit` of them failed.

    `reserve` counts an attempt before it is made (INCR is atomic across every process), so
    of any number of simultaneous attempts at most `limit` get a reservation within it.
    """

    key: str
    limit: int

    def wait_seconds(self) -> int:
        locked_until = cache.get(f"{self.key}:lock")
        if locked_until is None:
            return 0
        return max(1, math.ceil(float(locked_until) - time.time()))

    def reserve(self, window: int) -> bool:
        """Count one attempt; whether it is within the limit (past it, the counter locks)."""
        cache.add(self.key, 0, timeout=window)
        try:
            attempts = cache.incr(self.key)
        except ValueError:  # expired between add and incr
            cache.set(self.key, 1, timeout=window)
            attempts = 1
        if attempts > self.limit:
            self.lock(window)
            return False
        return True

    def give_back(self) -> None:
        """Return a reservation whose attempt did not fail (the count never goes below 0)."""
        try:
            if cache.decr(self.key) < 0:
                cache.delete(self.key)
        except ValueError:  # the window expired meanwhile
            pass

    def failed(self, window: int) -> None:
        """The reserved attempt failed: it stays counted; the limit-th failure locks the counter."""
        if int(cache.get(self.key) or 0) >= self.limit:
            self.lock(window)

    def lock(self, window: int) -> None:
        cache.add(f"{self.key}:lock", time.time() + window, timeout=window)

    def reset(self) -> None:
        cache.delete_many([self.key, f"{self.key}:lock"])


def _hashed(kind: str, *parts: str) -> str:
    # Hash so arbitrary user input never shapes the cache key.
    return f"login-fail:{kind}:" + hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]


class _Attempts:
    """Attempts reserved on several counters at once (a subclass names them and their window)."""

    __slots__ = ()

    @property
    def window(self) -> int:
        raise NotImplementedError

    @property
    def _counters(self) -> tuple[_Counter, ...]:
        raise NotImplementedError

    def wait_seconds(self) -> int:
        """Seconds until this attempt may be made; 0 when none of its counters is locked."""
        return max(counter.wait_seconds() for counter in self._counters)

    def reserve(self) -> bool:
        """Count this attempt on every counter before it is made; whether all allow it.

        A refused attempt gives its reservations back: hammering a lock does not lengthen it."""
        counters = self._counters
        allowed = [counter.reserve(self.window) for counter in counters]
        if all(allowed):
            return True
        self.give_back()
        return False

    def failed(self) -> None:
        """The reserved attempt was wrong: its reservations stand as failures."""
        for counter in self._counters:
            counter.failed(self.window)

    def give_back(self) -> None:
        """The reserved attempt was not a wrong guess: it no longer counts."""
        for counter in self._counters:
            counter.give_back()


@dataclass(frozen=True, slots=True)
class LoginThrottle(_Attempts):
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

    def succeeded(self) -> None:
        """The reserved attempt logged in: the pair's failures are forgotten, the others' reservation given back."""
        pair, *others = self._counters
        pair.reset()
        for counter in others:
            counter.give_back()


class TooManyGuesses(Exception):
    """Refused unchecked: too many wrong guesses; `wait` seconds until the next may be made."""

    def __init__(self, wait: int) -> None:
        super().__init__(f"too many wrong guesses; wait {wait} s")
        self.wait = wait


@dataclass(frozen=True, slots=True)
class GuessThrottle(_Attempts):
    """Wrong guesses of a secret other than a password (an invite code), per player and per address.

    `kind` names the secret and its settings: `<KIND>_USER_LIMIT` wrong guesses by one player and
    `<KIND>_ADDRESS_LIMIT` from one address within `<KIND>_WINDOW_SECONDS`, then refused for a window.
    """

    kind: str
    user_id: int
    ip: str

    @property
    def window(self) -> int:
        return int(getattr(settings, f"{self.kind}_WINDOW_SECONDS", 900))

    @property
    def _counters(self) -> tuple[_Counter, ...]:
        def limit(name: str) -> int:
            return int(getattr(settings, f"{self.kind}_{name}_LIMIT"))

        user = _Counter(_hashed(f"{self.kind}:user", str(self.user_id)), limit("USER"))
        return (user, _Counter(_hashed(f"{self.kind}:ip", self.ip), limit("ADDRESS")))

    @contextmanager
    def guessing(self, wrong: type[BaseException]) -> Iterator[None]:
        """Make one guess inside: raises `TooManyGuesses` unchecked past a limit; the block raising
        `wrong` counts as a wrong guess, anything else (success, another refusal) does not."""
        if self.wait_seconds() or not self.reserve():
            raise TooManyGuesses(max(1, self.wait_seconds()))
        try:
            yield
        except wrong:
            self.failed()
            raise
        except BaseException:
            self.give_back()
            raise
        self.give_back()


class ThrottledModelBackend(ModelBackend):
    """Django's model backend behind the throttle: an attempt is reserved before its password is checked.

    A locked attempt, or one whose reservation is past a limit, is refused unchecked:
    `PermissionDenied` stops `authenticate()` at once (no other backend is asked), which then
    sends `user_login_failed`.
    """

    def authenticate(
        self, request: HttpRequest | None, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> Any:
        if username is None:
            username = kwargs.get("username")
        throttle = LoginThrottle.for_request(username, request)
        if throttle.wait_seconds() or not throttle.reserve():
            raise PermissionDenied("too many failed log-in attempts")
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None:
            throttle.failed()
        else:
            throttle.succeeded()
        return user


@dataclass(frozen=True, slots=True)
class SignupThrottle:
    """Sign-ups from one client address: after `SIGNUP_LIMIT` within `SIGNUP_WINDOW_SECONDS`, refused for a window.

    Every new account receives the welcome grant, so unlimited sign-ups from one
    address would be a tap of free coins. Each sign-up is reserved before its account is made
    (`_Counter.reserve`), like a log-in attempt.
    """

    ip: str

    @property
    def _counter(self) -> _Counter:
        return _Counter(_hashed("signup", self.ip), int(getattr(settings, "SIGNUP_LIMIT", 5)))

    def exhausted(self) -> bool:
        return self._counter.wait_seconds() > 0

    def reserve(self) -> bool:
        """Count one sign-up from this address before the account is made; whether it is within the limit.

        Atomic (INCR), so simultaneous sign-ups from one address get at most the limit between them."""
        counter = self._counter
        if counter.reserve(int(getattr(settings, "SIGNUP_WINDOW_SECONDS", 3600))):
            return True
        counter.give_back()
        return False

    def give_back(self) -> None:
        """The reserved sign-up made no account."""
        self._counter.give_back()
