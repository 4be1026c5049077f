"""Several processes serve one table: two daphnes, a Celery worker, PostgreSQL and Redis.

Two players connect to one daphne and two to the other; they play a hand to its
settlement by the worker. Then the worker is killed in the middle of the next
settlement (after the ledger posting, before the hand is marked settled) and a
new worker is started: the reconciler re-queues the hand and the ledger shows
it posted exactly once.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings as django_settings

from tests.tables.conftest import session_cookie_for

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True), pytest.mark.timeout(300)]
ROOT = Path(__file__).resolve().parents[2]
SUBPROCESS_APP = "tables-mp-subprocess"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_port(port: int, proc: subprocess.Popen[bytes], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"process exited with {proc.returncode}"
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"nothing listens on {port}")


class Stack:
    """The processes of the test; each in its own process group so a kill takes its children too."""

    def __init__(self, env: dict[str, str], logdir: Path) -> None:
        self.env, self.logdir = env, logdir
        self.procs: list[subprocess.Popen[bytes]] = []

    def start(self, name: str, args: list[str], **extra_env: str) -> subprocess.Popen[bytes]:
        log = open(self.logdir / f"{name}.log", "ab")  # noqa: SIM115 - closed with the process
        proc = subprocess.Popen(
            args, cwd=ROOT, env={**self.env, **extra_env}, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        self.procs.append(proc)
        return proc

    def daphne(self, name: str) -> int:
        port = free_port()
        bin_dir = Path(sys.executable).parent
        proc = self.start(
            name, [str(bin_dir / "daphne"), "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"]
        )
        wait_for_port(port, proc)
        return port

    def worker(self, name: str, **extra_env: str) -> subprocess.Popen[bytes]:
        args = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "-l",
            "info",
            "-n",
            f"{name}@%h",
        ]
        return self.start(name, args, **extra_env)

    @staticmethod
    def kill(proc: subprocess.Popen[bytes], sig: int = signal.SIGKILL) -> None:
        if proc.poll() is None:
            os.killpg(proc.pid, sig)
            proc.wait(timeout=20)

    def stop_all(self) -> None:
        for proc in self.procs:
            try:
                self.kill(proc, signal.SIGTERM)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                self.kill(proc)


@pytest.fixture
def stack(settings, tmp_path) -> Iterator[Stack]:
    if not django_settings.DB_IS_POSTGRES:
        pytest.skip("needs PostgreSQL (DATABASE_URL)")
    db = settings.DATABASES["default"]
    url = f"postgres://{db['USER']}:{db.get('PASSWORD') or ''}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "REDIS_URL": settings.REDIS_URL,
        "DEBUG": "1",
        "ALLOW_INSECURE_KEY": "1",
        "CELERY_TASK_ALWAYS_EAGER": "0",
        "CELERY_VISIBILITY_TIMEOUT": "5",
        "TABLES_RECONCILE_AFTER_SECONDS": "1",
        "PYTHONPATH": str(ROOT),
        "PGAPPNAME": SUBPROCESS_APP,  # so teardown can end exactly their sessions
    }
    the_stack = Stack(env, tmp_path)
    yield the_stack
    the_stack.stop_all()
    from django.db import connection

    with connection.cursor() as cursor:  # a killed process's session may linger a moment
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND application_name = %s",
            [SUBPROCESS_APP],
        )


class LiveClient:
    """A player's browser, reduced to its socket: answers prompts from the server's legal actions."""

    def __init__(self, name: str, ws: Any) -> None:
        self.name, self.ws, self.rng = name, ws, random.Random(name)
        self.version, self.hand_version = 0, None
        self.legal: list[dict[str, Any]] = []
        self.kinds: list[str] = []
        self.next_id, self.behind = 0, False
        self.refused_restores: tuple[str | None, list[dict[str, Any]]] = (None, [])

    async def pump(self, timeout: float = 0.05) -> None:
        while True:
            try:
                raw = await asyncio.wait_for(self.ws.recv(), timeout)
            except TimeoutError:
                return
            self.note(json.loads(raw))

    def note(self, message: dict[str, Any]) -> None:
        if message["type"] == "state":
            self.version = message["version"]
            hand = message.get("hand") or {}
            self.legal, self.hand_version = hand.get("legal", []), hand.get("hand_version")
        elif message["type"] == "error" and message.get("id") == self.refused_restores[0]:
            self.legal = self.refused_restores[1]  # refused (e.g. rate_limited): offer them again
        elif message["type"] == "pong" and message["version"] > self.version:
            self.behind = True
        elif message["type"] == "events":
            for event in message["events"]:
                if event["version"] <= self.version:
                    continue
                self.kinds.append(event["type"])
                if event["type"] == "prompt":
                    self.legal, self.hand_version = event.get("legal", []), event["hand_version"]
            self.version = max(self.version, message["to"])

    async def heartbeat(self) -> None:
        """Like the browser: ping, and resync if the pong shows a newer table version."""
        await self.ws.send(json.dumps({"type": "ping"}))
        await self.pump(0.1)
        if self.behind:
            self.behind = False
            await self.ws.send(json.dumps({"type": "resync", "since": self.version}))

    async def answer(self) -> None:
        if not self.legal:
            return
        by_type: dict[str, list[dict[str, Any]]] = {}
        for action in self.legal:
            by_type.setdefault(action["type"], []).append(action)
        choice = next((by_type[t] for t in ("win", "pass", "discard") if t in by_type), self.legal)
        self.next_id += 1
        action, action_id = self.rng.choice(choice), f"{self.name}-{self.next_id}"
        message = {
            "type": "action",
            "id": action_id,
            "action": action,
            "hand_version": self.hand_version,
        }
        self.refused_restores = (action_id, self.legal)
        self.legal = []
        await self.ws.send(json.dumps(message))


async def connect(user: Any, port: int, table_id: int) -> LiveClient:
    import websockets

    cookie = (await session_cookie_for(user)).decode()
    ws = await websockets.connect(
        f"ws://127.0.0.1:{port}/ws/tables/{table_id}/",
        additional_headers={"Cookie": cookie, "Origin": f"http://127.0.0.1:{port}"},  # same origin: host and port
    )
    client = LiveClient(user.username, ws)
    client.note(json.loads(await asyncio.wait_for(ws.recv(), 10)))
    return client


async def play_until(clients: list[LiveClient], kind: str, count: int, timeout: float = 120) -> None:
    """Answer prompts until every client has seen `count` events of type `kind`."""
    deadline = time.monotonic() + timeout
    beat = time.monotonic() + 3
    while not all(c.kinds.count(kind) >= count for c in clients):
        assert time.monotonic() < deadline, f"no {kind} #{count} in time: {[c.kinds[-5:] for c in clients]}"
        for client in clients:
            await client.pump()
            await client.answer()
        if time.monotonic() > beat:
            beat = time.monotonic() + 3
            for client in clients:
                await client.heartbeat()


def settlement_count(hand_id: int) -> int:
    from ledger.models import Transaction, TransactionKind

    return Transaction.objects.filter(kind=TransactionKind.HAND_SETTLEMENT, reference=f"hand:{hand_id}").count()


def wait_until(check: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.2)


async def test_two_daphnes_and_a_worker_settle_exactly_once_even_when_the_worker_dies(stack, four_players, room):
    from tables.models import Hand
    from tables.services import seating

    ming, fang, wang, zhen = four_players
    pinghe = await sync_to_async(room)("pinghe", 10, turn_seconds=120, claim_seconds=120)
    table = await sync_to_async(seating.create_private)(ming, pinghe)
    for player in (fang, wang, zhen):
        await sync_to_async(seating.join_by_code)(player, str(table.invite_code))

    port_a, port_b = stack.daphne("daphne-a"), stack.daphne("daphne-b")
    worker = stack.worker("worker-1")
    clients = [
        await connect(ming, port_a, table.pk),
        await connect(fang, port_a, table.pk),
        await connect(wang, port_b, table.pk),
        await connect(zhen, port_b, table.pk),
    ]

    # Hand 1: played across both daphnes, settled by the worker.
    await play_until(clients, "settled", 1)
    first = await sync_to_async(Hand.objects.get)(table=table, number=1)
    assert first.settled and await sync_to_async(settlement_count)(first.pk) == 1

    # Hand 2: the worker that settles it dies after posting, before marking the hand settled.
    stack.kill(worker, signal.SIGTERM)
    doomed = stack.worker("worker-2", TABLES_SETTLE_PAUSE_AFTER_POST="60")
    for client in clients:
        await client.ws.send(json.dumps({"type": "ready"}))
    await play_until(clients, "hand_finished", 2)
    second = await sync_to_async(Hand.objects.get)(table=table, number=2)
    await sync_to_async(wait_until)(lambda: settlement_count(second.pk) == 1, 60, "the posting of hand 2")
    stack.kill(doomed)
    await sync_to_async(second.refresh_from_db)()
    assert not second.settled, "the worker died before marking the hand settled"

    # A new worker; the reconciler (normally on beat) re-queues the unsettled hand.
    stack.worker("worker-3")
    from tables.tasks import reconcile

    await asyncio.sleep(1.5)
    await sync_to_async(reconcile.delay)()
    await play_until(clients, "settled", 2, timeout=60)
    await sync_to_async(second.refresh_from_db)()
    assert second.settled
    await asyncio.sleep(6)  # let a redelivery of the killed task (visibility timeout 5 s) arrive too
    assert await sync_to_async(settlement_count)(second.pk) == 1
    assert await sync_to_async(settlement_count)(first.pk) == 1
    for client in clients:
        await client.ws.close()
