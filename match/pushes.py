"""Live standings pushes, at most one a second to a page group: the one throttle the season pages
(match.live) and the arena pages (match.arena_live) share.

A change queues a push for a second later unless one is queued already (later changes in that second ride
along with it). Sends are kept MIN_GAP apart where they leave, a second and a margin for the sockets'
delivery jitter: a push that comes too soon (one that ran late, then one on time) is put off to that moment.
The arena load run (docs/arena.md) saw two pushes within a second at a watcher before sends were spaced.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from celery import current_app
from django.core.cache import cache

PUSH_SECONDS = 1.0
MIN_GAP = PUSH_SECONDS + 0.15  # between two sends: a second, and a margin for the sockets' delivery jitter
PENDING_SECONDS = 5  # a queued push that was lost frees the next change to queue another after this
SENT_SECONDS = 6 * 3600  # how long the time of the last send is kept


@dataclass(frozen=True, slots=True)
class Pushes:
    """The pushes of one kind of page group: `prefix` names its cache keys, `task` its push task (taking the
    group's id), queued by name (the tasks module builds on the modules that use this)."""

    prefix: str
    task: str

    def announce(self, group_id: int) -> bool:
        """The standings changed (called after commit): queue a push unless one is queued. True if queued."""
        if not cache.add(self._pending(group_id), 1, timeout=PENDING_SECONDS):
            return False
        current_app.tasks[self.task].apply_async((group_id,), countdown=PUSH_SECONDS)
        return True

    def held_back(self, group_id: int, now: float | None = None) -> bool:
        """Called as a push starts: True if it came too soon after the last send (it is queued again for its
        moment: do not send now). Else the pending mark is cleared, so changes from now on queue the next."""
        wait = self.too_soon(group_id, time.time() if now is None else now)
        if wait > 0 and not current_app.conf.task_always_eager:  # tasks run at once (tests): no countdown
            current_app.tasks[self.task].apply_async((group_id,), countdown=wait)
            return True
        cache.delete(self._pending(group_id))
        return False

    def sent(self, group_id: int) -> None:
        """A push has just been sent to the group."""
        cache.set(self._sent(group_id), time.time(), timeout=SENT_SECONDS)

    def too_soon(self, group_id: int, now: float) -> float:
        """Seconds to wait before the group's next send may go (0: it may go now)."""
        last = cache.get(self._sent(group_id))
        return 0.0 if last is None else max(0.0, float(last) + MIN_GAP - now)

    def _pending(self, group_id: int) -> str:
        return f"{self.prefix}:push:{group_id}"

    def _sent(self, group_id: int) -> str:
        return f"{self.prefix}:pushed:{group_id}"
