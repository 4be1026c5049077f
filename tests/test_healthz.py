"""/healthz: 200 when database, Redis and a Celery worker answer; 503 naming what is down."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings as django_settings

from config.celery import app as celery_app

pytestmark = [pytest.mark.django_db, pytest.mark.timeout(60)]
ROOT = Path(__file__).resolve().parent.parent


def dead_redis_url() -> str:
    """A port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"redis://127.0.0.1:{port}/0"


def wait_for_worker(proc: subprocess.Popen[bytes], deadline: float) -> None:
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"celery worker exited with {proc.returncode}")
        if celery_app.control.ping(timeout=0.5):
            return
    raise RuntimeError("celery worker did not answer a ping in time")


@pytest.fixture(scope="module")
def celery_worker_process():
    """A real Celery worker on the test Redis, as bin/run starts it."""
    env = {**os.environ, "REDIS_URL": django_settings.REDIS_URL}
    cmd = [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--without-mingle"]
    cmd += ["--without-gossip", "--loglevel=WARNING", "-n", f"healthz-test-{os.getpid()}@%h"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    try:
        wait_for_worker(proc, time.monotonic() + 45)
        yield proc
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_all_up(client, celery_worker_process):
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 200, body
    assert body["status"] == "ok"
    assert {name: check["ok"] for name, check in body["checks"].items()} == {
        "database": True,
        "redis": True,
        "celery": True,
    }
    assert "healthz-test" in body["checks"]["celery"]["detail"]


def test_redis_down_is_503(client, settings):
    settings.REDIS_URL = settings.CELERY_BROKER_URL = dead_redis_url()
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 503
    assert body["status"] == "down"
    assert body["checks"]["database"]["ok"] is True
    assert body["checks"]["redis"]["ok"] is False
    assert body["checks"]["celery"]["ok"] is False
    assert "ConnectionError" in body["checks"]["redis"]["detail"] or "refused" in body["checks"]["redis"]["detail"]


def test_no_worker_is_503(client, settings):
    # Celery prefixes broadcast channels with the db number: no worker listens on another db's.
    server, db = settings.REDIS_URL.rsplit("/", 1)
    settings.CELERY_BROKER_URL = f"{server}/{15 if db != '15' else 14}"
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 503
    assert body["checks"]["redis"]["ok"] is True
    assert body["checks"]["celery"] == {"ok": False, "detail": "no worker answered within 1s"}


def test_healthz_needs_no_login_and_is_not_cached(client, celery_worker_process):
    response = client.get("/healthz")
    assert response["Content-Type"] == "application/json"
    assert response["Cache-Control"] == "no-store"
