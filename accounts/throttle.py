"""Login throttling against password guessing.

Failures are counted in the shared cache (Redis), keyed by the username and the
client address together, so every daphne process sees the same count and one
noisy address cannot lock a player out from everywhere else. After
`LOGIN_FAILURE_LIMIT` failures within `LOGIN_LOCKOUT_SECONDS` that pair is
refused until the lock expires; a successful log-in clears the count.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest


def client_ip(request: HttpRequest | None) -> str:
    """The peer address (behind a proxy, daphne's --proxy-headers fills it from X-Forwarded-For)."""
    if request is None:
        return "-"
    return str(request.META.get("REMOTE_ADDR") or "-")


@dataclass(frozen=True, slots=True)
class LoginThrottle:
    """Failure counter for one (username, address) pair."""

    username: str
    ip: str

    @property
    def _key(self) -> str:
        # Hash so arbitrary user input never shapes the cache key.
        digest = hashlib.sha256(f"{self.username.casefold()}\0{self.ip}".encode()).hexdigest()[:32]
        return f"login-fail:{digest}"

    @property
    def limit(self) -> int:
        return int(getattr(settings, "LOGIN_FAILURE_LIMIT", 5))

    @property
    def window(self) -> int:
        return int(getattr(settings, "LOGIN_LOCKOUT_SECONDS", 900))

    def wait_seconds(self) -> int:
        """Seconds until this pair may try again; 0 when not locked."""
        locked_until = cache.get(f"{self._key}:lock")
        if locked_until is None:
            return 0
        return max(1, math.ceil(float(locked_until) - time.time()))

    def record_failure(self) -> None:
        """Count one failed attempt; lock the pair once the limit is reached."""
        cache.add(self._key, 0, timeout=self.window)
        try:
            failures = cache.incr(self._key)
        except ValueError:  # expired between add and incr
            cache.set(self._key, 1, timeout=self.window)
            failures = 1
        if failures >= self.limit:
            cache.set(f"{self._key}:lock", time.time() + self.window, timeout=self.window)

    def reset(self) -> None:
        """Forget the failures (after a successful log-in)."""
        cache.delete_many([self._key, f"{self._key}:lock"])
