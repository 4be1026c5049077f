#!/usr/bin/env python
"""Load test of the live table service against the bare Channels broadcast, in one run.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/mahjong_bench REDIS_URL=redis://127.0.0.1:6379/2 \\
        .venv/bin/python bench/table_load.py [--scenario all|latency,saturation,...] [--quick]

It starts the stack itself for each scenario: N daphne processes (BENCH_FLOOR=1, which adds the
bare-broadcast socket `/ws/bench/floor/<group>/`), one Celery worker with beat, on a throwaway
PostgreSQL database (the DATABASE_URL's name + `_load`, dropped and migrated anew) and the
REDIS_URL's Redis database (flushed). Players and private 4-seat pinghe tables (base 10) are
created through the services; every seat is a WebSocket client (websockets) logged in by a
session cookie, spread over the daphne processes (a table's four seats on different processes).

Scenarios (each prints rows of one table; `all` runs them in this order):
- `latency`      1 daphne, 1 table, clients answer at once; floor: 1 group of 4 sockets.
                 (Clients that answer at once send more than the 5 messages a second a socket
                 allows a person: these scenarios raise TABLES_SOCKET_RATE so it does not pace them.)
- `saturation1`  1 daphne, --sat-tables tables answering at once; floor: as many groups.
- `saturation2`  the same on 2 daphne processes (the scale-out ratio against saturation1).
- `capacity`     2 daphne, --cap-tables tables (400 sockets) at human pace (1-3 s think):
                 sockets connect in bursts of 200; afterwards every socket closes and no seat
                 may still count a connection (phantom seats).
- `soak`         2 daphne, --soak-tables tables at human pace for --soak-seconds: every finished
                 hand settled exactly once, `ledger_check` clean, coins in circulation unchanged,
                 RSS of each process at start and end.
- `sweeper`      the worker with beat only: its CPU per second (with PostgreSQL's) with 10, then
                 1000 idle tables (a hand running, players connected, deadlines far away).
- `arena`        2 daphne, a running arena with --arena-clients clients that log in over HTTP, watch
                 the standings and join through the page over --arena-join-seconds, then play the
                 tables they are seated at, at human pace, for --arena-seconds (bench/arena_load.py):
                 pairing wait, standings pushes per watcher, ack latency, hands settled once (#46).

Measured per row: actions (or broadcasts) per second; latency p50/p99 from send to ack and from
send to the event reaching all four seats; CPU ms per action per process kind, read from
/proc/<pid>/stat (utime+stime, plus reaped children's): daphne processes, the worker's process
tree, PostgreSQL (the postmaster, its background processes and this database's backends; reaped
backends of any database count, so other users of the server add noise), the Redis server; the
connect time p99 (socket opened to first state); errors (error frames, failed connects, closed
sockets) and drops (gaps in versions, broadcasts not received by all four within 5 s).
The ratios against the goals of issue #17 are printed at the end, with the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse, urlunparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TICK = os.sysconf("SC_CLK_TCK")


def origin(port: int) -> str:
    """The page origin a browser would send: the WebSocket handshake checks host and port."""
    return f"http://127.0.0.1:{port}"


KINDS = ("daphne", "worker", "postgres", "redis")
# The latency and saturation clients answer at once, many messages a second per socket: the table
# socket's rate limit (TABLES_SOCKET_RATE, 5 a second for people) would pace them, not the server.
INSTANT_CLIENTS = {"TABLES_SOCKET_RATE": "1000", "TABLES_SOCKET_BURST": "1000"}
SETTLE_WAIT_SECONDS = 90.0  # the worker plays out and settles the hands left when everyone closed
PHANTOM_WAIT_SECONDS = 60.0  # the closes of 400 sockets, each one locked transaction, queue behind each other


# --- the environment ------------------------------------------------------------------------


def bench_urls() -> tuple[str, str]:
    """The throwaway database's URL (the given name + `_load`) and the Redis URL (db 2 by default)."""
    base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/mahjong_perf")
    parts = urlparse(base)
    if not parts.scheme.startswith("postgres"):
        raise SystemExit("DATABASE_URL must be a PostgreSQL URL (the bench measures the production stack)")
    name = parts.path.lstrip("/") + "_load"
    return urlunparse(parts._replace(path="/" + name)), os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/2")


def fresh_database(url: str) -> None:
    import psycopg

    parts = urlparse(url)
    name = parts.path.lstrip("/")
    admin = urlunparse(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            [name],
        )
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')


def server_env(db_url: str, redis_url: str) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": db_url,
        "REDIS_URL": redis_url,
        "DEBUG": "0",
        "SECRET_KEY": "bench-" + "x" * 50,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_COOKIES": "0",
        "SECURE_HSTS_SECONDS": "0",
        "BENCH_FLOOR": "1",
        "LOG_LEVEL": "WARNING",
        "VAR_DIR": str(ROOT / "var" / "bench"),
        "PYTHONPATH": str(ROOT),
    }


def setup_django(db_url: str, redis_url: str) -> None:
    os.environ.update(server_env(db_url, redis_url))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


# --- processes and their CPU ------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def proc_stat(pid: int) -> tuple[int, int, str] | None:
    """(ppid, cpu ticks incl. reaped children, process name) of a live process, or None."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    name = raw[raw.index("(") + 1 : raw.rindex(")")]
    fields = raw[raw.rindex(")") + 2 :].split()
    # fields[0] is state (field 3); utime, stime, cutime, cstime are fields 14-17
    return int(fields[1]), sum(int(x) for x in fields[11:15]), name


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def all_pids() -> list[int]:
    return [int(p) for p in os.listdir("/proc") if p.isdigit()]


def descendants(roots: Iterable[int]) -> set[int]:
    parents = {pid: (s[0] if (s := proc_stat(pid)) else -1) for pid in all_pids()}
    found = set(roots)
    grew = True
    while grew:
        grew = False
        for pid, ppid in parents.items():
            if ppid in found and pid not in found:
                found.add(pid)
                grew = True
    return found


def find_process(needle: str, name: str) -> int | None:
    for pid in all_pids():
        stat = proc_stat(pid)
        if stat and stat[2].startswith(name) and needle in cmdline(pid):
            return pid
    return None


@dataclass
class CpuMeter:
    """Cumulative CPU ticks per process kind; a difference of two readings is that phase's CPU."""

    daphne: list[int]
    worker: int
    postmaster: int | None
    redis: int | None
    database: str

    def read(self) -> dict[str, float]:
        out = dict.fromkeys(KINDS, 0.0)
        for pid in self.daphne:
            out["daphne"] += _ticks(pid)
        for pid in descendants([self.worker]):
            out["worker"] += _ticks(pid)
        if self.postmaster:
            out["postgres"] += _ticks(self.postmaster)
            for pid in all_pids():
                stat = proc_stat(pid)
                if stat and stat[0] == self.postmaster and self._ours(pid):
                    out["postgres"] += stat[1]
        if self.redis:
            out["redis"] += _ticks(self.redis)
        out["loadgen"] = sum(os.times()[:2]) * TICK
        return {k: v * 1000.0 / TICK for k, v in out.items()}  # ms

    def _ours(self, pid: int) -> bool:
        line = cmdline(pid)
        if not line.startswith("postgres:"):
            return False
        background = ("checkpointer", "background writer", "walwriter", "autovacuum", "logical replication")
        return any(word in line for word in background) or f" {self.database} " in line

    def rss(self) -> dict[str, int]:
        out = {f"daphne{i + 1}": rss_kb(pid) for i, pid in enumerate(self.daphne)}
        for pid in sorted(descendants([self.worker])):
            out[f"worker:{pid}"] = rss_kb(pid)
        return out


def _ticks(pid: int) -> int:
    stat = proc_stat(pid)
    return stat[1] if stat else 0


class RssSampler:
    """The RSS of every server process every `every` seconds, in a thread, until `stop`: warm-up (caches
    filling) shows as an early rise that levels off, a leak as a rise that does not."""

    def __init__(self, meter: Any, every: float) -> None:
        self.meter, self.every = meter, every
        self.samples: list[dict[str, int]] = [meter.rss()]
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.done.wait(self.every):
            self.samples.append(self.meter.rss())

    def stop(self) -> None:
        self.done.set()
        self.thread.join()
        self.samples.append(self.meter.rss())

    def series(self) -> str:
        names = list(self.samples[0])
        return "; ".join(f"{k} " + ",".join(str(s.get(k, 0) // 1024) for s in self.samples) for k in names)


class Stack:
    """daphne processes and a Celery worker with beat, each in its own process group."""

    def __init__(self, env: dict[str, str], n_daphne: int, logdir: Path) -> None:
        self.env, self.logdir = env, logdir
        self.procs: list[subprocess.Popen[bytes]] = []
        self.ports: list[int] = []
        daphne = str(Path(sys.executable).parent / "daphne")
        for i in range(n_daphne):
            port = free_port()
            self.ports.append(port)
            self._spawn(f"daphne{i + 1}", [daphne, "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"])
        schedule = str(logdir / "celerybeat-schedule")
        worker_args = ["-m", "celery", "-A", "config", "worker", "-B", "--schedule", schedule, "--concurrency", "2"]
        worker_args += ["--hostname", f"bench-{os.getpid()}@%h", "--loglevel", "INFO"]
        self.worker = self._spawn("worker", [sys.executable, *worker_args])
        for port, proc in zip(self.ports, self.procs, strict=False):
            wait_for_port(port, proc)
        wait_for_log(logdir / "worker.log", "ready", self.worker)

    def _spawn(self, name: str, args: list[str]) -> subprocess.Popen[bytes]:
        log = open(self.logdir / f"{name}.log", "wb")  # noqa: SIM115 - lives as long as the process
        proc = subprocess.Popen(
            args, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        self.procs.append(proc)
        return proc

    def meter(self, database: str, redis_port: int) -> CpuMeter:
        daphnes = [p.pid for p in self.procs if p is not self.worker]
        postmaster = find_process("", "postgres")
        while postmaster and (stat := proc_stat(postmaster)) and (parent := proc_stat(stat[0])):
            if parent[2] != "postgres":
                break
            postmaster = stat[0]
        redis = find_process(f":{redis_port}", "redis-server")
        return CpuMeter(daphnes, self.worker.pid, postmaster, redis, database)

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def wait_for_port(port: int, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"a server exited during start-up (port {port}); see var/bench/")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"nothing listens on {port}")


def wait_for_log(path: Path, word: str, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"{path.name}: the process exited during start-up")
        if path.exists() and word in path.read_text(errors="replace"):
            return
        time.sleep(0.2)
    raise SystemExit(f"{path.name}: not {word} within {timeout}s")


# --- players and tables ---------------------------------------------------------------------


def make_players(n: int, prefix: str, coins: int = 1500) -> list[tuple[int, str]]:
    """n funded players (the base-10 bracket) with a session each: [(user id, session cookie)]."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from accounts.models import User
    from ledger import services as ledger

    out = []
    for i in range(n):
        user = User.objects.create_user(f"{prefix}{i}", password=None)
        ledger.grant(user, coins, by=None, reason="bench", key=f"bench:{user.pk}")
        session = SessionStore()
        session[SESSION_KEY], session[BACKEND_SESSION_KEY] = str(user.pk), settings.AUTHENTICATION_BACKENDS[0]
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        out.append((user.pk, f"sessionid={session.session_key}"))
    return out


def bench_room() -> Any:
    """The pinghe base-10 room, with a short pause between hands (clients say `ready` anyway)."""
    from tables.models import Room

    room = Room.objects.get(variant="pinghe", base=10)
    room.between_hands_seconds, room.turn_seconds, room.claim_seconds = 1, 30, 30
    room.save()
    return room


def make_tables(players: list[tuple[int, str]]) -> list[int]:
    """Private tables of four players each, seated through the services."""
    from accounts.models import User
    from coins.models import CoinPolicy
    from tables.services import seating

    # The bench seats fresh accounts together at private coin tables: on its throwaway database the
    # 风控 seating rule's public hands (coins.farming) are not asked for, or every join would be refused.
    CoinPolicy.current()
    CoinPolicy.objects.filter(pk=1).update(relief_public_hands=0)
    room, ids = bench_room(), []
    for i in range(0, len(players) - 3, 4):
        users = [User.objects.get(pk=pk) for pk, _ in players[i : i + 4]]
        table = seating.create_private(users[0], room)
        for user in users[1:]:
            seating.join_by_code(user, str(table.invite_code))
        ids.append(table.pk)
    return ids


# --- clients --------------------------------------------------------------------------------


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Tally:
    """What the clients of one phase saw."""

    acks: list[tuple[float, float, int, int]] = field(default_factory=list)  # (sent, acked, table, version)
    reached: dict[tuple[int, int], list[tuple[int, float]]] = field(default_factory=dict)  # (table, seat)
    connects: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    drops: int = 0
    hands: int = 0

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


class Player:
    """One seat's socket: answers its prompts (win, else pass, else a random discard), says ready."""

    def __init__(self, tally: Tally, table: int, seat_key: int, cookie: str, port: int, think: tuple[float, float]):
        self.tally, self.table, self.key, self.cookie, self.port = tally, table, seat_key, cookie, port
        self.think, self.rng = think, random.Random(f"{table}/{seat_key}")
        self.version = 0
        self.hand_version: int | None = None
        self.legal: list[dict[str, Any]] = []
        self.sent: dict[str, float] = {}
        self.answered: dict[str, tuple[list[dict[str, Any]], int | None]] = {}
        self.ws: Any = None
        self.n, self.stopping, self.settled = 0, False, False
        self.reached = tally.reached.setdefault((table, seat_key), [])

    def endpoint(self) -> tuple[str, dict[str, Any]]:
        """The socket's URL and extra arguments of `websockets.connect` (bench/two_hosts.py goes elsewhere)."""
        headers = {"Cookie": self.cookie, "Origin": origin(self.port)}
        return f"ws://127.0.0.1:{self.port}/ws/tables/{self.table}/", {"additional_headers": headers}

    async def connect(self) -> None:
        import websockets

        start = time.monotonic()
        url, extra = self.endpoint()
        try:
            self.ws = await websockets.connect(url, open_timeout=30, max_size=None, **extra)
            first = json.loads(await asyncio.wait_for(self.ws.recv(), 30))
        except Exception as exc:  # a refused or timed-out handshake is what the bench counts
            self.tally.error(f"connect:{type(exc).__name__}")
            self.ws = None
            return
        self.tally.connects.append(time.monotonic() - start)
        self.on_message(first)

    async def run(self) -> None:
        if self.ws is None:
            return
        asyncio.get_running_loop().create_task(self.heartbeat())
        try:
            async for raw in self.ws:
                self.on_message(json.loads(raw))
        except Exception as exc:
            if not self.stopping:
                self.tally.error(f"closed:{type(exc).__name__}")
        else:
            if not self.stopping:
                self.tally.error("closed")

    async def heartbeat(self) -> None:
        await asyncio.sleep(self.rng.uniform(0, 10))
        while not self.stopping and self.ws is not None:
            await self.send({"type": "ping"})
            await asyncio.sleep(10)

    async def send(self, message: dict[str, Any]) -> None:
        try:
            assert self.ws is not None
            await self.ws.send(json.dumps(message))
        except Exception:
            if not self.stopping:
                self.tally.error("send")

    def on_message(self, msg: dict[str, Any]) -> None:
        now, kind = time.monotonic(), msg["type"]
        if kind == "state":
            self.version = msg["version"]
            hand = msg.get("hand") or {}
            self.offer(hand.get("legal", []), hand.get("hand_version"))
        elif kind == "events":
            self.on_events(msg, now)
        elif kind == "ack":
            sent = self.sent.pop(msg["id"], None)
            if sent is not None and not msg["duplicate"]:
                self.tally.acks.append((sent, now, self.table, msg["version"]))
        elif kind == "error":
            self.tally.error(msg["code"])
            self.again(msg.get("id"))
        elif kind == "pong" and msg["version"] > self.version:
            self.spawn(self.behind(msg["version"]))
        if self.version:
            self.reached.append((self.version, now))

    async def behind(self, version: int) -> None:
        """A pong showed a newer version: a drop if no broadcast brought it within 3 s (then resync)."""
        await asyncio.sleep(3)
        if self.version < version and not self.stopping:
            self.tally.drops += 1
            await self.send({"type": "resync", "since": self.version})

    def on_events(self, msg: dict[str, Any], now: float) -> None:
        if msg["from"] > self.version + 1:
            self.tally.drops += 1  # the server fetches gaps itself; count them anyway
        for event in msg["events"]:
            if event["version"] <= self.version:
                continue
            if event["type"] == "prompt":
                self.offer(event.get("legal", []), event["hand_version"])
            elif event["type"] == "hand_started":
                self.settled = False
            elif event["type"] == "settled":
                self.settled = True
                self.tally.hands += self.key == 0
                self.later(lambda: self.send({"type": "ready"}))  # the next deal is scheduled with the settlement
        self.version = max(self.version, msg["to"])

    def again(self, action_id: Any) -> None:
        """A refused action (rate_limited: the server allows ~5 messages a second per socket) is offered
        again a moment later, as a browser would, unless a newer prompt came meanwhile."""
        if action_id not in self.sent:
            return
        del self.sent[action_id]
        legal, version = self.answered.pop(action_id, ([], None))
        if legal and not self.legal and self.hand_version == version:
            self.legal = legal

            async def retry() -> None:
                await asyncio.sleep(0.2)
                await self.answer(version)

            self.spawn(retry())

    def offer(self, legal: list[dict[str, Any]], hand_version: int | None) -> None:
        self.legal, self.hand_version = legal, hand_version
        if legal:
            version = hand_version
            self.later(lambda: self.answer(version))

    async def answer(self, for_version: int | None) -> None:
        if self.stopping or not self.legal or self.hand_version != for_version:
            return
        by_type: dict[str, list[dict[str, Any]]] = {}
        for action in self.legal:
            by_type.setdefault(action["type"], []).append(action)
        choice = next((by_type[t] for t in ("win", "pass", "discard") if t in by_type), self.legal)
        self.n += 1
        action_id = f"{self.table}-{self.key}-{self.n}"
        self.answered = {action_id: (self.legal, for_version)}  # only the last answer can be offered again
        self.legal = []
        self.sent[action_id] = time.monotonic()
        message = {"type": "action", "id": action_id, "action": self.rng.choice(choice), "hand_version": for_version}
        await self.send(message)

    def later(self, make: Callable[[], Any]) -> None:
        if self.stopping:
            return
        delay = self.rng.uniform(*self.think) if self.think[1] > 0 else 0.0

        async def go() -> None:
            if delay:
                await asyncio.sleep(delay)
            if not self.stopping:
                await make()

        self.spawn(go())

    @staticmethod
    def spawn(coro: Any) -> None:
        asyncio.get_running_loop().create_task(coro)

    async def close(self) -> None:
        self.stopping = True
        if self.ws is not None:
            await self.ws.close()


class FloorGroup:
    """Four sockets in one group; seat 0 sends, all four receive; the next send after all four got it."""

    def __init__(self, tally: Tally, group: int, ports: list[int]) -> None:
        self.tally, self.group, self.ports = tally, group, ports
        self.sockets: list[Any] = []
        self.got: dict[int, dict[int, float]] = {}
        self.stopping = False
        self.done: asyncio.Event | None = None
        self.payload = "x" * 600  # about the size of a table event batch for one seat

    async def connect(self) -> None:
        import websockets

        for i, port in enumerate(self.ports):
            start = time.monotonic()
            ws = await websockets.connect(
                f"ws://127.0.0.1:{port}/ws/bench/floor/g{self.group}/", additional_headers={"Origin": origin(port)}
            )
            await ws.recv()  # joined
            self.tally.connects.append(time.monotonic() - start)
            self.sockets.append(ws)
            asyncio.get_running_loop().create_task(self.listen(i, ws))

    async def listen(self, index: int, ws: Any) -> None:
        try:
            async for raw in ws:
                msg = json.loads(raw)
                if msg["type"] in ("msg", "ack"):
                    got = self.got.setdefault(msg["id"], {})
                    got[index if msg["type"] == "msg" else -1] = time.monotonic()
                    if len(got) == 5 and self.done is not None:
                        self.done.set()
        except Exception:
            if not self.stopping:
                self.tally.error("floor:closed")

    async def run(self) -> None:
        n = 0
        while not self.stopping:
            n += 1
            self.done = asyncio.Event()
            sent = time.monotonic()
            await self.sockets[0].send(json.dumps({"type": "send", "id": n, "payload": self.payload}))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.done.wait(), 5)
            got = self.got.pop(n, {})
            if len(got) < 5:
                self.tally.drops += 1
                continue
            self.tally.acks.append((sent, got[-1], self.group, n))
            for seat in range(4):
                self.tally.reached.setdefault((self.group, seat), []).append((n, got[seat]))

    async def close(self) -> None:
        self.stopping = True
        for ws in self.sockets:
            await ws.close()


# --- measuring a phase ------------------------------------------------------------------------


@dataclass
class Row:
    scenario: str
    what: str
    daphne: int
    tables: int
    rate: float
    ack: tuple[float, float]
    event: tuple[float, float]
    cpu: dict[str, float]
    connect_p99: float
    errors: int
    drops: int
    note: str = ""

    @property
    def cpu_total(self) -> float:
        return sum(self.cpu[k] for k in KINDS)


def event_latencies(tally: Tally, since: float, until: float) -> tuple[list[float], list[float]]:
    """send->ack and send->(the version reached all four seats of the table), for sends in the window."""
    import bisect

    acks, events = [], []
    index = {key: ([v for v, _ in pts], [t for _, t in pts]) for key, pts in tally.reached.items()}
    for sent, acked, table, version in tally.acks:
        if not since <= sent <= until:
            continue
        acks.append((acked - sent) * 1000)
        latest = 0.0
        for seat in range(4):
            versions, times = index.get((table, seat), ([], []))
            i = bisect.bisect_left(versions, version)
            if i == len(versions):
                latest = float("nan")
                break
            latest = max(latest, times[i])
        if latest == latest:
            events.append((latest - sent) * 1000)
    return acks, events


async def measure(
    meter: CpuMeter, tally: Tally, warmup: float, seconds: float
) -> tuple[float, float, dict[str, float], int]:
    await asyncio.sleep(warmup)
    start_cpu, start, before = meter.read(), time.monotonic(), len(tally.acks)
    await asyncio.sleep(seconds)
    end_cpu, end = meter.read(), time.monotonic()
    done = sum(1 for sent, _, _, _ in tally.acks[before:] if start <= sent <= end)
    cpu = {k: end_cpu[k] - start_cpu[k] for k in end_cpu}
    return start, end, cpu, done


def make_row(
    scenario: str, what: str, daphne: int, tables: int, tally: Tally, window: tuple[float, float, dict[str, float], int]
) -> Row:
    start, end, cpu, done = window
    acks, events = event_latencies(tally, start, end)
    per = {k: (v / done if done else float("nan")) for k, v in cpu.items()}
    return Row(
        scenario,
        what,
        daphne,
        tables,
        done / (end - start),
        (pct(acks, 0.5), pct(acks, 0.99)),
        (pct(events, 0.5), pct(events, 0.99)),
        per,
        pct(tally.connects, 0.99) * 1000,
        sum(tally.errors.values()),
        tally.drops,
        ",".join(f"{k}={v}" for k, v in sorted(tally.errors.items())),
    )


async def run_floor(ports: list[int], groups: int, meter: CpuMeter, args: argparse.Namespace, scenario: str) -> Row:
    tally = Tally()
    floor = [FloorGroup(tally, g, [ports[(g + s) % len(ports)] for s in range(4)]) for g in range(groups)]
    for group in floor:
        await group.connect()
    tasks = [asyncio.get_running_loop().create_task(g.run()) for g in floor]
    window = await measure(meter, tally, args.warmup, args.seconds)
    for group in floor:
        await group.close()
    await asyncio.gather(*tasks, return_exceptions=True)
    return make_row(scenario, "bare broadcast", len(ports), groups, tally, window)


async def connect_players(players: list[Player], burst: int) -> None:
    for i in range(0, len(players), burst):
        await asyncio.gather(*(p.connect() for p in players[i : i + burst]))


def seat_players(
    tally: Tally, tables: list[int], cookies: list[str], ports: list[int], think: tuple[float, float]
) -> list[Player]:
    """Four players per table, each seat on the next daphne process."""
    return [
        Player(tally, table, seat, cookies[4 * t + seat], ports[(t + seat) % len(ports)], think)
        for t, table in enumerate(tables)
        for seat in range(4)
    ]


async def run_tables(
    ports: list[int],
    tables: list[int],
    cookies: list[str],
    meter: CpuMeter,
    think: tuple[float, float],
    warmup: float,
    seconds: float,
    scenario: str,
    burst: int = 200,
) -> Row:
    tally = Tally()
    players = seat_players(tally, tables, cookies, ports, think)
    await connect_players(players, burst)
    tasks = [asyncio.get_running_loop().create_task(p.run()) for p in players]
    window = await measure(meter, tally, warmup, seconds)
    for player in players:
        await player.close()
    await asyncio.gather(*tasks, return_exceptions=True)
    return make_row(scenario, "table action", len(ports), len(tables), tally, window)


# --- scenarios ------------------------------------------------------------------------------


class Bench:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.db_url, self.redis_url = bench_urls()
        self.database = urlparse(self.db_url).path.lstrip("/")
        self.redis_port = urlparse(self.redis_url).port or 6379
        self.logdir = ROOT / "var" / "bench"
        self.logdir.mkdir(parents=True, exist_ok=True)
        self.rows: list[Row] = []
        self.notes: list[str] = []
        self.loads: list[tuple[float, float, float]] = []
        self.goals: list[tuple[str, str, bool | None]] = []  # a scenario's own goals (bench/arena_load.py)

    def fresh(self) -> None:
        """A new database and an empty Redis db: scenarios never see each other's tables."""
        import redis
        from django.db import connections

        connections.close_all()
        fresh_database(self.db_url)
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
            cwd=ROOT,
            env=server_env(self.db_url, self.redis_url),
            check=True,
        )
        redis.Redis.from_url(self.redis_url).flushdb()

    def stack(self, n_daphne: int, instant: bool = False, extra: dict[str, str] | None = None) -> Stack:
        """The servers; `instant`: for clients that answer the moment they are asked, the sockets' rate
        limit (a person's few messages a second) is raised so that it does not pace the run; `extra`: more
        environment."""
        env = server_env(self.db_url, self.redis_url)
        if instant:
            env.update(INSTANT_CLIENTS)
        env.update(extra or {})
        return Stack(env, n_daphne, self.logdir)

    def load(self) -> None:
        self.loads.append(os.getloadavg())

    def table_setup(self, n_tables: int, prefix: str) -> tuple[list[int], list[str]]:
        players = make_players(4 * n_tables, prefix)
        return make_tables(players), [cookie for _, cookie in players]

    def saturation(self, name: str, n_daphne: int, n_tables: int) -> None:
        self.fresh()
        stack = self.stack(n_daphne, instant=True)
        try:
            meter = stack.meter(self.database, self.redis_port)
            self.load()
            self.rows.append(asyncio.run(run_floor(stack.ports, n_tables, meter, self.args, name)))
            # Seated only now: a hand is dealt at once, and its players, unconnected through a floor phase
            # longer than a turn and the grace, timed out into 托管 and then escaped (every connect refused).
            tables, cookies = self.table_setup(n_tables, name)
            row = asyncio.run(
                run_tables(stack.ports, tables, cookies, meter, (0, 0), self.args.warmup, self.args.seconds, name)
            )
            self.rows.append(row)
            self.load()
        finally:
            stack.stop()

    def capacity(self) -> None:
        n = self.args.cap_tables
        self.fresh()
        tables, cookies = self.table_setup(n, "cap")
        stack = self.stack(2)
        try:
            meter = stack.meter(self.database, self.redis_port)
            self.load()
            row = asyncio.run(
                run_tables(stack.ports, tables, cookies, meter, (1, 3), 5, self.args.cap_seconds, "capacity", burst=200)
            )
            self.load()
            closed_at = time.monotonic()
            phantoms = phantom_seats(tables)  # while the servers still run the closes' bookkeeping
            drained = time.monotonic() - closed_at
        finally:
            stack.stop()
        row.note += f" phantom_seats={phantoms} (counted {drained:.1f} s after the closes)"
        self.rows.append(row)

    def soak(self) -> None:
        n = self.args.soak_tables
        self.fresh()
        tables, cookies = self.table_setup(n, "soak")
        coins_before = coins_in_circulation()
        stack = self.stack(2)
        try:
            meter = stack.meter(self.database, self.redis_port)
            rss_start = meter.rss()
            sampler = RssSampler(meter, self.args.rss_every)
            self.load()
            row = asyncio.run(
                run_tables(stack.ports, tables, cookies, meter, (1, 3), 5, self.args.soak_seconds, "soak", burst=200)
            )
            self.load()
            rss_end = meter.rss()
            sampler.stop()
            closed_at = time.monotonic()
            wait_settled(tables)  # the hands the bots played out after the closes, and their settlements
            settling = time.monotonic() - closed_at
        finally:
            stack.stop()
        finished, unsettled, twice = settlement_check(tables)
        from ledger.services import check_ledger

        report = check_ledger()
        coins_after = coins_in_circulation()
        row.note += (
            f" hands={finished} unsettled={unsettled} settled_twice={twice}"
            f" ledger_check={'ok' if report.ok else 'FAILED'} coins={coins_before}->{coins_after}"
            f" (checked {settling:.1f} s after the closes)"
        )
        self.rows.append(row)
        rss = ", ".join(f"{k} {rss_start[k] // 1024}->{rss_end.get(k, 0) // 1024} MB" for k in rss_start)
        self.notes.append(f"soak RSS start->end: {rss}")
        self.notes.append(f"soak RSS every {self.args.rss_every:.0f} s (MB): {sampler.series()}")
        self.soak_ok = report.ok and unsettled == 0 and twice == 0 and coins_before == coins_after

    def sweeper(self) -> None:
        self.fresh()
        stack = self.stack(1)
        try:
            meter = stack.meter(self.database, self.redis_port)
            self.load()
            results = []
            for count in (10, 1000):
                make_idle_tables(count - idle_count())
                time.sleep(3)
                before, start = meter.read(), time.monotonic()
                time.sleep(self.args.sweep_seconds)
                after, end = meter.read(), time.monotonic()
                per_s = {k: (after[k] - before[k]) / (end - start) for k in ("worker", "postgres")}
                results.append((count, per_s))
                self.notes.append(
                    f"sweeper, {count} idle tables: worker {per_s['worker']:.1f} ms CPU/s,"
                    f" PostgreSQL {per_s['postgres']:.1f} ms CPU/s"
                )
            self.load()
            self.sweep_ratio = sum(results[1][1].values()) / max(1e-9, sum(results[0][1].values()))
        finally:
            stack.stop()


def phantom_seats(tables: list[int], wait: float = PHANTOM_WAIT_SECONDS) -> int:
    """Seats still counting an open socket once every socket closed: 0 as soon as the closes' bookkeeping
    is done, else what is left after `wait` seconds (the servers still up: a stopped daphne runs no
    disconnect, and then only the heartbeat's timeout frees the seat)."""
    from tables.models import Seat

    deadline = time.monotonic() + wait
    while True:
        left = Seat.objects.filter(table_id__in=tables, connections__gt=0).count()
        if left == 0 or time.monotonic() >= deadline:
            return left
        time.sleep(0.5)


def coins_in_circulation() -> int:
    from django.db.models import Sum

    from ledger.models import Account

    total = Account.objects.exclude(code="issuance").aggregate(s=Sum("balance"))["s"]
    return int(total or 0)


def wait_settled(tables: list[int], wait: float = SETTLE_WAIT_SECONDS) -> None:
    """Until no hand of these tables is running or finished and unsettled (at most `wait` seconds): when
    the last player of a table closes, the worker's bots play the hand out, then it is settled."""
    from django.db.models import Q

    from tables.models import Hand, HandStatus

    pending = Q(status=HandStatus.PLAYING) | Q(status=HandStatus.FINISHED, settled=False)
    deadline = time.monotonic() + wait
    while Hand.objects.filter(pending, table_id__in=tables).exists() and time.monotonic() < deadline:
        time.sleep(0.5)


def settlement_check(tables: list[int]) -> tuple[int, int, int]:
    """(finished hands, finished but unsettled, posted more than once)."""
    from django.db.models import Count

    from ledger.models import Transaction, TransactionKind
    from tables.models import Hand, HandStatus

    finished = Hand.objects.filter(table_id__in=tables, status=HandStatus.FINISHED)
    refs = [f"hand:{pk}" for pk in finished.values_list("pk", flat=True)]
    posted = Transaction.objects.filter(kind=TransactionKind.HAND_SETTLEMENT, reference__in=refs)
    twice = posted.values("reference").annotate(n=Count("id")).filter(n__gt=1).count()
    return finished.count(), finished.filter(settled=False).count(), twice


def idle_count() -> int:
    from tables.models import Table

    return Table.objects.count()


def make_idle_tables(n: int) -> None:
    """n tables with a hand running, four connected players and deadlines an hour away (bulk, no sockets)."""
    from datetime import timedelta

    from django.utils import timezone

    from accounts.models import User
    from engine.hand import new_hand
    from engine.wall import commitment
    from tables.models import Hand, Seat, Table, TableStatus

    if n <= 0:
        return
    room, now = bench_room(), timezone.now()
    start = User.objects.count()
    users = User.objects.bulk_create([User(username=f"idle{start + i}") for i in range(4)])
    tables = Table.objects.bulk_create([Table(room=room, private=True, status=TableStatus.PLAYING) for _ in range(n)])
    seats = [
        Seat(table=t, index=i, user=users[i], connections=1, last_seen=now + timedelta(hours=1))
        for t in tables
        for i in range(4)
    ]
    Seat.objects.bulk_create(seats)
    hands = []
    for t in tables:
        seed = f"idle-{t.pk}"
        state = new_hand("pinghe", seed=seed, dealer=0, streak=1, base=10, options={})
        hands.append(
            Hand(
                table=t,
                number=1,
                variant="pinghe",
                base=10,
                seed=seed,
                commitment=commitment(seed),
                dealer=0,
                streak=1,
                players=[u.pk for u in users],
                state=state.to_json(),
                state_version=state.version,
                deadline=now + timedelta(hours=1),
            )
        )
    Hand.objects.bulk_create(hands)


# --- report ---------------------------------------------------------------------------------


def fmt(x: float, digits: int = 1) -> str:
    return "-" if x != x else f"{x:.{digits}f}"


def print_table(rows: list[Row]) -> None:
    head = (
        f"{'scenario':<12} {'what':<15} {'dph':>3} {'tbl':>4} {'act/s':>7} {'ack p50/p99 ms':>15}"
        f" {'event p50/p99 ms':>17} {'CPU ms/act: daphne':>19} {'worker':>7} {'pg':>6} {'redis':>6} {'total':>7}"
        f" {'conn p99':>9} {'err':>4} {'drop':>4}  notes"
    )
    print(head)
    print("-" * len(head))
    for r in rows:
        print(
            f"{r.scenario:<12} {r.what:<15} {r.daphne:>3} {r.tables:>4} {fmt(r.rate):>7}"
            f" {fmt(r.ack[0]) + ' / ' + fmt(r.ack[1]):>15} {fmt(r.event[0]) + ' / ' + fmt(r.event[1]):>17}"
            f" {fmt(r.cpu['daphne'], 2):>19} {fmt(r.cpu['worker'], 2):>7} {fmt(r.cpu['postgres'], 2):>6}"
            f" {fmt(r.cpu['redis'], 2):>6} {fmt(r.cpu_total, 2):>7} {fmt(r.connect_p99, 0):>9} {r.errors:>4}"
            f" {r.drops:>4}  {r.note.strip()}"
        )


def verdict(ok: bool | None) -> str:
    return "n/a" if ok is None else ("MET" if ok else "NOT MET")


def print_goals(bench: Bench) -> None:
    rows = {(r.scenario, r.what): r for r in bench.rows}
    goals: list[tuple[str, str, bool | None]] = []
    table, floor = rows.get(("latency", "table action")), rows.get(("latency", "bare broadcast"))
    if table and floor:
        ratio = table.ack[0] / floor.ack[0]
        goals.append(("latency p50 at 1 table <= 2x broadcast p50", f"{ratio:.2f}x", ratio <= 2))
    for name in ("saturation1", "saturation2"):
        table, floor = rows.get((name, "table action")), rows.get((name, "bare broadcast"))
        if table and floor:
            cpu = table.cpu_total / floor.cpu_total
            goals.append((f"{name}: CPU per action <= 2x broadcast's", f"{cpu:.2f}x", cpu <= 2))
            thr = table.rate / floor.rate
            goals.append((f"{name}: throughput >= 0.5x broadcasts/s", f"{thr:.2f}x", thr >= 0.5))
    one, two = rows.get(("saturation1", "table action")), rows.get(("saturation2", "table action"))
    if one and two:
        scale = two.rate / one.rate
        goals.append(("scale-out: 2 daphne >= 1.7x of 1", f"{scale:.2f}x", scale >= 1.7))
    cap = rows.get(("capacity", "table action"))
    if cap:
        ok: bool | None = (
            cap.connect_p99 <= 5000 and cap.ack[1] <= 250 and cap.errors == 0 and "phantom_seats=0" in cap.note
        )
        shown = f"connect p99 {cap.connect_p99:.0f} ms, ack p99 {cap.ack[1]:.0f} ms, errors {cap.errors}"
        goals.append((f"capacity: {cap.tables} tables at human pace on 2 daphne", shown, ok))
    soak = rows.get(("soak", "table action"))
    if soak:
        goals.append(("soak: settled once, ledger clean, coins unchanged", soak.note.strip(), bench.soak_ok))
    if hasattr(bench, "sweep_ratio"):
        flat = bench.sweep_ratio <= 1.5
        goals.append(("sweeper CPU/s flat 10 -> 1000 idle tables", f"{bench.sweep_ratio:.2f}x", flat))
    goals += bench.goals
    print()
    for name, value, ok in goals:
        print(f"{verdict(ok):>8}  {name}: {value}")
    for note in bench.notes:
        print(f"          {note}")
    if bench.loads:
        loads = "; ".join(f"{a:.2f} {b:.2f} {c:.2f}" for a, b, c in bench.loads)
        print(f"          load average (1/5/15 min) during the run: {loads}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scenario", default="all", help="all, or a comma list of: " + ", ".join(SCENARIOS))
    parser.add_argument("--seconds", type=float, default=20, help="measured seconds of latency/saturation phases")
    parser.add_argument("--warmup", type=float, default=4)
    parser.add_argument("--sat-tables", type=int, default=8)
    parser.add_argument("--cap-tables", type=int, default=100)
    parser.add_argument("--cap-seconds", type=float, default=60)
    parser.add_argument("--soak-tables", type=int, default=50)
    parser.add_argument("--soak-seconds", type=float, default=600)
    parser.add_argument("--rss-every", type=float, default=60, help="soak: seconds between RSS samples")
    parser.add_argument("--sweep-seconds", type=float, default=20)
    parser.add_argument("--arena-clients", type=int, default=200)
    parser.add_argument("--arena-join-seconds", type=float, default=120, help="arena: the joins spread over these")
    parser.add_argument("--arena-seconds", type=float, default=300, help="arena: play after the last join")
    args = parser.parse_args()
    bench = Bench(args)
    setup_django(bench.db_url, bench.redis_url)
    chosen = list(SCENARIOS) if args.scenario == "all" else args.scenario.split(",")
    print(f"table_load: {', '.join(chosen)} on {os.cpu_count()} cores; database {bench.database}, {bench.redis_url}")
    for name in chosen:
        SCENARIOS[name](bench)
        print_table(bench.rows)
        print(flush=True)
    print_goals(bench)


def arena(bench: Bench) -> None:
    sys.modules.setdefault("table_load", sys.modules[__name__])  # arena_load imports this module, not a copy
    from arena_load import arena_scenario

    arena_scenario(bench)


SCENARIOS: dict[str, Callable[[Bench], None]] = {
    "latency": lambda b: b.saturation("latency", 1, 1),
    "saturation1": lambda b: b.saturation("saturation1", 1, b.args.sat_tables),
    "saturation2": lambda b: b.saturation("saturation2", 2, b.args.sat_tables),
    "capacity": Bench.capacity,
    "soak": Bench.soak,
    "sweeper": Bench.sweeper,
    "arena": arena,
}

if __name__ == "__main__":
    main()
