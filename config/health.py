"""GET /healthz: is the database, Redis and at least one Celery worker reachable?

Answers JSON `{"status": "ok"|"down", "checks": {name: {"ok": bool, "detail": str}}}`
with HTTP 200 when every check passes and 503 otherwise. Every check has a short
timeout (HEALTHZ_TIMEOUT seconds, default 1): a dead Redis or an absent worker
makes the answer slower by at most that much, never hangs it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass

import redis
from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse

from config.celery import app as celery_app


@dataclass(frozen=True, slots=True)
class Check:
    ok: bool
    detail: str

    def as_json(self) -> dict[str, object]:
        return {"ok": self.ok, "detail": self.detail}


def timeout() -> float:
    return float(getattr(settings, "HEALTHZ_TIMEOUT", 1.0))


def failure(exc: BaseException) -> Check:
    # Only the exception class and message: never the URL, which may carry a password.
    return Check(False, f"{type(exc).__name__}: {exc}"[:200])


def check_database() -> Check:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:
        return failure(exc)
    return Check(True, connection.vendor)


def check_redis() -> Check:
    client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=timeout(), socket_connect_timeout=timeout())
    try:
        client.ping()
    except Exception as exc:
        return failure(exc)
    finally:
        client.close()
    return Check(True, "PONG")


def check_celery() -> Check:
    """Broadcast a ping over the broker; healthy when a worker answers within the timeout."""
    try:
        options = {"socket_connect_timeout": timeout(), "socket_timeout": timeout()}
        with celery_app.connection_for_write(
            settings.CELERY_BROKER_URL, connect_timeout=timeout(), transport_options=options
        ) as conn:
            # Fail fast on a dead broker instead of kombu's retry loop.
            conn.ensure_connection(max_retries=1, interval_start=0, timeout=timeout())
            replies = celery_app.control.ping(timeout=timeout(), limit=1, connection=conn)
    except Exception as exc:
        return failure(exc)
    if not replies:
        return Check(False, f"no worker answered within {timeout():g}s")
    return Check(True, ", ".join(sorted(name for reply in replies for name in reply)))


async def healthz(request: HttpRequest) -> JsonResponse:
    """Run the checks concurrently (the slow network ones off the request thread)."""
    started = time.monotonic()
    slow: dict[str, Callable[[], Check]] = {"redis": check_redis, "celery": check_celery}
    database = await sync_to_async(check_database)()  # the request thread owns the DB connection
    others = await asyncio.gather(*(sync_to_async(fn, thread_sensitive=False)() for fn in slow.values()))
    checks = {"database": database, **dict(zip(slow, others, strict=True))}
    healthy = all(check.ok for check in checks.values())
    body = {
        "status": "ok" if healthy else "down",
        "checks": {name: check.as_json() for name, check in checks.items()},
        "ms": round((time.monotonic() - started) * 1000),
    }
    return JsonResponse(body, status=200 if healthy else 503, headers={"Cache-Control": "no-store"})
