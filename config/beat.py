"""Beat runs on every host, sends on one: a Redis lock elects the beat that schedules.

Beat is the clock of the periodic sweeps; two beats would double them. Running it on one host
only makes that host a single point of failure (its sweeps stop with it), so every web host runs
a beat (deploy/mahjong-beat.service) and `SingleBeatScheduler` lets only the holder of the lock
`beat-leader` send tasks. The holder renews it every tick; a beat that dies (SIGKILL, a power cut)
stops renewing, and within BEAT_LOCK_SECONDS another beat takes the lock and the schedule. A beat
that cannot reach Redis sends nothing (it could not send tasks anyway). On a clean stop the lock
is released at once.
"""

from __future__ import annotations

import contextlib
import logging
import uuid
from typing import Any

import redis
from celery.beat import PersistentScheduler
from django.conf import settings

log = logging.getLogger(__name__)

LOCK_KEY = "beat-leader"
# Set when free or ours (then the expiry is renewed): 1 when we hold it afterwards.
_ACQUIRE = """
local holder = redis.call('GET', KEYS[1])
if holder == false or holder == ARGV[1] then
    redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
    return 1
end
return 0
"""
_RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0"


class BeatLock:
    """The leader lock: `hold()` takes or renews it for `seconds`, `release()` gives it up if ours."""

    def __init__(self, url: str, seconds: float, key: str = LOCK_KEY) -> None:
        self.key = key
        self.client = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
        self.token = uuid.uuid4().hex
        self.ms = int(seconds * 1000)
        self.held = False

    def hold(self) -> bool:
        try:
            held = bool(self.client.eval(_ACQUIRE, 1, self.key, self.token, self.ms))
        except redis.RedisError as exc:
            log.warning("beat lock: Redis unreachable (%s); not scheduling", exc)
            held = False
        if held != self.held:
            log.warning("beat lock %s: this beat %s", self.key, "schedules" if held else "stands by")
        self.held = held
        return held

    def release(self) -> None:
        with contextlib.suppress(redis.RedisError):  # else it expires by itself
            self.client.eval(_RELEASE, 1, self.key, self.token)


class SingleBeatScheduler(PersistentScheduler):
    """Celery's persistent scheduler, ticking only while this beat holds the leader lock."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        seconds = float(getattr(settings, "BEAT_LOCK_SECONDS", 10))
        self.lock = BeatLock(settings.REDIS_URL, seconds)
        self.standby_interval = max(0.5, seconds / 4)  # renewals well inside the lock's life
        super().__init__(*args, **kwargs)

    def tick(self, *args: Any, **kwargs: Any) -> float:
        if not self.lock.hold():
            return self.standby_interval
        return min(float(super().tick(*args, **kwargs)), self.standby_interval)

    def close(self) -> None:
        super().close()
        self.lock.release()
