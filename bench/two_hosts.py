#!/usr/bin/env python
"""Rehearsal of a two-host site on one machine: one host killed mid-hand, then a rolling restart.

    sudo env VENV=$PWD/.venv .venv/bin/python bench/two_hosts.py      # as root (ip netns), ~8 min
    .venv/bin/python bench/two_hosts.py --cleanup                      # remove a crashed run's leftovers

Linux network namespaces on a bridge (mj44br0, 10.44.0.0/24, private addresses only):
- `mj44-db`   10.44.0.3   a PostgreSQL cluster of its own (initdb'd into /tmp/mj44) and a redis-server,
                          each bound to that address only (the machine's own 127.0.0.1 services are untouched);
- `mj44-lb`   10.44.0.2   HAProxy from Debian's package, running deploy/haproxy.cfg on port 8080;
- `mj44-web1` 10.44.0.11, `mj44-web2` 10.44.0.12: a web host each, with its own VAR_DIR
                          (var/two_hosts/webN: collected static files, beat schedule, logs), two daphne
                          processes (ports 8001, 8002, no --proxy-headers: TRUSTED_PROXIES=10.44.0.2), a
                          Celery worker and a beat (config.beat: only the holder of the lock schedules).
The clients run in the machine's namespace from 20 addresses of their own (10.44.0.100-119, one per
table) and reach only HAProxy. All hosts share SECRET_KEY from the environment (made for the run).

The story: 80 players sign up and log in through the balancer (their sessions are then used on
whichever host the balancer picks; the rehearsal counts those used on another host than the one that
made them), read their wallets through the API, a guesser is locked out at its address while its
table-mate logs in, then 20 private pinghe tables of 4 sockets play at human pace (1-3 s to think).
Mid-hand, every process of web1 is killed (SIGKILL, the beat's leader among them): its sockets
reconnect through the balancer to web2 and carry on from their version; web1 comes back and takes
traffic again; then each host is restarted in turn (drained in HAProxy, stopped, started). Then the
players finish their hands. It prints the closing table: hands finished and settled, settled twice,
reconnect times after the kill (from the kill), errors, ledger_check and coins in circulation.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from table_load import (  # noqa: E402  (this script runs from bench/, as its neighbour does)
    Player,
    Tally,
    coins_in_circulation,
    make_tables,
    pct,
    settlement_check,
    wait_for_log,
    wait_settled,
)

BRIDGE, NET = "mj44br0", "10.44.0"
GATEWAY = f"{NET}.1"
LB = ("mj44-lb", f"{NET}.2")
DB = ("mj44-db", f"{NET}.3")
HOSTS = {"web1": ("mj44-web1", f"{NET}.11"), "web2": ("mj44-web2", f"{NET}.12")}
NAMESPACES = [DB[0], LB[0], *(ns for ns, _ in HOSTS.values())]
PUBLIC = f"{LB[1]}:8080"
DAPHNE_PORTS = (8001, 8002)
TMP = Path("/tmp/mj44")  # the PostgreSQL cluster (owned by the postgres user) and the sockets
VAR = ROOT / "var" / "two_hosts"
PG_BIN = Path("/usr/lib/postgresql/15/bin")
DATABASE = "hosts44_rehearsal"
PASSWORD = "rehearsal-麻将-" + "k" * 8
THINK = (1.0, 3.0)


def run(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, check=check, capture_output=True, text=True)


def netns_pids(ns: str) -> list[int]:
    out = run("ip", "netns", "pids", ns, check=False).stdout
    return [int(p) for p in out.split()]


def kill_namespace(ns: str, sig: int = signal.SIGKILL) -> int:
    """Send `sig` to every process in the namespace; how many there were."""
    pids = netns_pids(ns)
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, sig)
    return len(pids)


def cleanup() -> None:
    """Every process, namespace and the bridge of this rehearsal, gone (also after a crash)."""
    existing = run("ip", "netns", "list", check=False).stdout
    for ns in NAMESPACES:
        if re.search(rf"^{re.escape(ns)}\b", existing, re.M):
            kill_namespace(ns)
            deadline = time.monotonic() + 10
            while netns_pids(ns) and time.monotonic() < deadline:
                time.sleep(0.2)
            run("ip", "netns", "del", ns, check=False)
    run("ip", "link", "del", BRIDGE, check=False)
    shutil.rmtree(TMP, ignore_errors=True)


# --- the network --------------------------------------------------------------------------------


def host_link(ns: str) -> str:
    """The bridge's end of a namespace's link (its power cord, for --power-cut)."""
    return "v" + ns.replace("mj44-", "44")


def build_network(clients: list[str]) -> None:
    run("ip", "link", "add", BRIDGE, "type", "bridge")
    run("ip", "addr", "add", f"{GATEWAY}/24", "dev", BRIDGE)
    for address in clients:
        run("ip", "addr", "add", f"{address}/24", "dev", BRIDGE)
    run("ip", "link", "set", BRIDGE, "up")
    for ns, address in (DB, LB, *HOSTS.values()):
        veth = host_link(ns)
        run("ip", "netns", "add", ns)
        run("ip", "link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", ns)
        run("ip", "link", "set", veth, "master", BRIDGE, "up")
        run("ip", "-n", ns, "addr", "add", f"{address}/24", "dev", "eth0")
        run("ip", "-n", ns, "link", "set", "eth0", "up")
        run("ip", "-n", ns, "link", "set", "lo", "up")


def wait_port(address: str, port: int, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((address, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"{what} does not answer on {address}:{port}")


# --- processes ----------------------------------------------------------------------------------


class Procs:
    """Processes started in namespaces, each in its own session, logging to a file."""

    def __init__(self) -> None:
        self.by_host: dict[str, list[subprocess.Popen[bytes]]] = {}

    def start(self, host: str, ns: str, args: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
        log.parent.mkdir(parents=True, exist_ok=True)
        out = open(log, "ab")  # noqa: SIM115 - lives as long as the process
        proc = subprocess.Popen(
            ["ip", "netns", "exec", ns, *args],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.by_host.setdefault(host, []).append(proc)
        return proc

    def stop_host(self, host: str, grace: float = 30) -> None:
        """A clean stop: TERM to each process group (daphne closes its sockets, the worker finishes its
        tasks, beat releases its lock), KILL whatever is left after `grace` seconds."""
        procs = self.by_host.pop(host, [])
        for proc in procs:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in procs:
            try:
                proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()

    def forget(self, host: str) -> None:
        for proc in self.by_host.pop(host, []):
            proc.wait()


def start_data(procs: Procs) -> None:
    """PostgreSQL and Redis of the rehearsal's own, in the db namespace, bound to its address only."""
    pgdata = TMP / "pg"
    pgdata.mkdir(parents=True)
    shutil.chown(TMP, "postgres")
    shutil.chown(pgdata, "postgres")
    user = ["runuser", "-u", "postgres", "--"]
    subprocess.run(
        [*user, str(PG_BIN / "initdb"), "-D", str(pgdata), "-A", "trust", "-U", "postgres", "--no-sync"],
        check=True,
        capture_output=True,
    )
    with open(pgdata / "pg_hba.conf", "a") as hba:
        hba.write(f"host all all {NET}.0/24 trust\n")  # the bridge only: the rehearsal's private network
    pg_args = ["-D", str(pgdata), "-c", f"listen_addresses={DB[1]}", "-c", f"unix_socket_directories={pgdata}"]
    pg_args += ["-c", "max_connections=300", "-c", "shared_buffers=64MB"]
    procs.start("data", DB[0], [*user, str(PG_BIN / "postgres"), *pg_args], dict(os.environ), VAR / "postgres.log")
    redis_args = ["redis-server", "--bind", DB[1], "--port", "6379", "--save", "", "--appendonly", "no"]
    redis_args += ["--protected-mode", "no", "--dir", str(TMP)]
    procs.start("data", DB[0], redis_args, dict(os.environ), VAR / "redis.log")
    wait_port(DB[1], 5432, "PostgreSQL")
    wait_port(DB[1], 6379, "Redis")
    time.sleep(1)
    subprocess.run([*user, str(PG_BIN / "createdb"), "-h", DB[1], "-U", "postgres", DATABASE], check=True)


def site_env(var_dir: Path, secret: str) -> dict[str, str]:
    """What every host gets: the same database, Redis and SECRET_KEY; its own VAR_DIR."""
    return {
        **os.environ,
        "DATABASE_URL": f"postgres://postgres@{DB[1]}:5432/{DATABASE}",
        "REDIS_URL": f"redis://{DB[1]}:6379/0",
        "SECRET_KEY": secret,
        "DEBUG": "0",
        "ALLOWED_HOSTS": LB[1],
        "TRUSTED_PROXIES": LB[1],
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_COOKIES": "0",
        "SECURE_HSTS_SECONDS": "0",
        "LOG_LEVEL": "WARNING",
        "VAR_DIR": str(var_dir),
        "PYTHONPATH": str(ROOT),
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }


STARTS: Counter[str] = Counter()


def start_host(procs: Procs, host: str, secret: str) -> None:
    """The host's two daphne processes, its worker and its beat; logs of the nth start end in -n."""
    ns, address = HOSTS[host]
    var_dir = VAR / host
    STARTS[host] += 1
    n = STARTS[host]
    env = site_env(var_dir, secret)
    py, daphne = sys.executable, str(Path(sys.executable).parent / "daphne")
    if not (var_dir / "staticfiles").exists():  # each host its own copy, as on separate disks
        subprocess.run([py, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    for port in DAPHNE_PORTS:
        args = [daphne, "-b", address, "-p", str(port), "config.asgi:application"]
        procs.start(host, ns, args, env, var_dir / f"daphne{port}-{n}.log")
    worker = [py, "-m", "celery", "-A", "config", "worker", "--concurrency", "1", "--hostname", f"{host}@mj44"]
    wlog = var_dir / f"worker-{n}.log"
    wproc = procs.start(host, ns, [*worker, "--loglevel", "INFO"], env, wlog)
    beat = [py, "-m", "celery", "-A", "config", "beat", "--schedule", str(var_dir / "celerybeat-schedule")]
    procs.start(host, ns, [*beat, "--loglevel", "WARNING"], env, var_dir / f"beat-{n}.log")
    for port in DAPHNE_PORTS:
        wait_port(address, port, f"{host} daphne")
    wait_for_log(wlog, "ready", wproc, timeout=90)


def start_balancer(procs: Procs) -> None:
    env = {
        **os.environ,
        "MJ_LISTEN": PUBLIC,
        "MJ_PUBLIC_HOST": PUBLIC,
        "MJ_WEB1": HOSTS["web1"][1],
        "MJ_WEB2": HOSTS["web2"][1],
        "MJ_HAPROXY_SOCKET": str(TMP / "haproxy.sock"),
        "MJ_SHOW_SERVER": "1",
    }
    args = ["haproxy", "-f", str(ROOT / "deploy" / "haproxy.cfg"), "-db"]
    procs.start("lb", LB[0], args, env, VAR / "haproxy.log")
    wait_port(LB[1], 8080, "HAProxy")


def haproxy(command: str) -> str:
    with socket.socket(socket.AF_UNIX) as sock:
        sock.connect(str(TMP / "haproxy.sock"))
        sock.sendall(command.encode() + b"\n")
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks).decode()


def servers_up() -> dict[str, str]:
    """Each daphne server's status as HAProxy sees it (UP, DOWN, MAINT, ...)."""
    lines = haproxy("show stat").splitlines()
    head = lines[0].lstrip("# ").split(",")
    rows = [dict(zip(head, line.split(","), strict=False)) for line in lines[1:] if line]
    return {r["svname"]: r["status"] for r in rows if r.get("pxname") == "daphne" and r["svname"].startswith("web")}


def wait_servers(host: str, status: str, timeout: float = 90) -> float:
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        states = servers_up()
        if all(v.startswith(status) for k, v in states.items() if k.startswith(host)):
            return time.monotonic() - start
        time.sleep(0.5)
    raise SystemExit(f"{host}'s servers not {status} within {timeout}s: {servers_up()}")


def set_host_state(host: str, state: str) -> None:
    for suffix in ("a", "b"):
        haproxy(f"set server daphne/{host}-{suffix} state {state}")


# --- HTTP through the balancer ------------------------------------------------------------------


@dataclass
class Browser:
    """One player's cookies and source address; every request goes to the balancer."""

    source: str
    cookies: dict[str, str] = field(default_factory=dict)

    def request(self, method: str, path: str, form: dict[str, str] | None = None) -> tuple[int, str, str]:
        """(status, the server that answered, body)."""
        conn = http.client.HTTPConnection(LB[1], 8080, timeout=30, source_address=(self.source, 0))
        headers = {"Host": PUBLIC, "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            text = response.read().decode(errors="replace")
        finally:
            conn.close()
        for value in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(value).items():
                self.cookies[name] = morsel.value
        return response.status, response.headers.get("X-Served-By", "?"), text

    def post_form(self, path: str, form: dict[str, str]) -> tuple[int, str, str]:
        self.request("GET", path)  # the CSRF cookie, as a browser gets it with the form
        return self.request("POST", path, form)


def host_of(server: str) -> str:
    return server.split("-")[0]


@dataclass
class Accounts:
    """The sign-up and log-in phase's counts."""

    signed_up: int = 0
    logged_in: int = 0
    used_elsewhere: int = 0  # sessions made on one host and accepted on the other
    refused: int = 0  # a session refused, a wallet read failing
    wallet_calls: int = 0
    served: Counter[str] = field(default_factory=Counter)


def sign_up_and_log_in(index: int, source: str, tally: Accounts) -> tuple[str, str]:
    """A player signs up, logs in again from a fresh browser, reads the wallet four times and the
    transactions once: (username, session cookie)."""
    name = f"p44_{index:03d}"
    first = Browser(source)
    status, _, _ = first.post_form(
        "/accounts/signup/",
        {"username": name, "display_name": f"玩家{index}", "password1": PASSWORD, "password2": PASSWORD},
    )
    tally.signed_up += status == 302
    browser = Browser(source)
    status, made_on, _ = browser.post_form("/accounts/login/", {"username": name, "password": PASSWORD})
    tally.logged_in += status == 302
    for path in ("/api/v1/wallet/",) * 4 + ("/api/v1/wallet/transactions/",):
        status, server, body = browser.request("GET", path)
        tally.wallet_calls += 1
        tally.served[host_of(server)] += 1
        ok = status == 200 and ('"balance"' in body or '"results"' in body)
        tally.refused += not ok
        tally.used_elsewhere += ok and host_of(server) != host_of(made_on) and path.endswith("wallet/")
    return name, browser.cookies.get("sessionid", "")


def throttle_behind_balancer(guesser: str, player: str, victim: str) -> tuple[int, int]:
    """Five wrong passwords for `victim` from `guesser`'s address lock that address out (the right
    password refused there too) while the same account logs in from `player`'s: (guesser's status, player's)."""
    for attempt in range(5):
        Browser(guesser).post_form("/accounts/login/", {"username": victim, "password": f"wrong-{attempt}"})
    locked, _, _ = Browser(guesser).post_form("/accounts/login/", {"username": victim, "password": PASSWORD})
    allowed, _, _ = Browser(player).post_form("/accounts/login/", {"username": victim, "password": PASSWORD})
    return locked, allowed


# --- WebSocket players through the balancer -----------------------------------------------------


@dataclass
class Reconnects:
    kill_at: float = 0.0
    after_kill: list[float] = field(default_factory=list)  # seconds from the kill to the new state
    other: list[float] = field(default_factory=list)  # seconds from a close to the new state (restarts)
    regressions: int = 0  # a reconnect whose state was older than the version the client had
    failed: int = 0  # gave up (30 s of refused connects)
    seats_on: Counter[str] = field(default_factory=Counter)


class RoamingPlayer(Player):
    """table_load's player, through the balancer from its table's address; when its host goes away it
    reconnects (at once, then backing off to 1 s) and carries on from the state the other host sends."""

    def __init__(self, *args: Any, source: str, reconnects: Reconnects, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.source, self.reconnects = source, reconnects
        self.server = "?"
        self.finishing = False  # after the story: play on to the end of the hand, then leave

    def endpoint(self) -> tuple[str, dict[str, Any]]:
        headers = {"Cookie": self.cookie, "Origin": f"http://{PUBLIC}"}
        return f"ws://{PUBLIC}/ws/tables/{self.table}/", {"additional_headers": headers, "local_addr": (self.source, 0)}

    async def connect(self) -> None:
        await super().connect()
        if self.ws is not None:
            self.server = self.ws.response.headers.get("X-Served-By", "?")

    async def run(self) -> None:
        if self.ws is None:
            return
        asyncio.get_running_loop().create_task(self.heartbeat())
        while not self.stopping:
            with contextlib.suppress(Exception):
                async for raw in self.ws:
                    self.on_message(json.loads(raw))
            if self.stopping:
                return
            await self.reconnect()

    async def heartbeat(self) -> None:
        """Pings every 10 s whichever socket is current (table_load's stops with its first socket)."""
        await asyncio.sleep(self.rng.uniform(0, 10))
        while not self.stopping:
            if self.ws is not None:
                await self.send({"type": "ping"})
            await asyncio.sleep(10)

    async def reconnect(self) -> None:
        closed, had, shared = time.monotonic(), self.version, self.tally
        self.tally = Tally()  # refused attempts while the balancer still tries the dead host are retries
        delay = 0.0
        try:
            while time.monotonic() - closed < 30 and not self.stopping:
                await asyncio.sleep(delay)
                await self.connect()
                if self.ws is not None:
                    break
                delay = min(1.0, delay * 2 or 0.1)
        finally:
            shared.connects.extend(self.tally.connects)
            self.tally = shared
        if self.ws is None:
            self.reconnects.failed += not self.stopping
            self.stopping = True
            return
        now = time.monotonic()
        self.reconnects.regressions += self.version < had
        kill = self.reconnects.kill_at
        if kill and closed - kill < 15:
            self.reconnects.after_kill.append(now - kill)
        else:
            self.reconnects.other.append(now - closed)
        self.reconnects.seats_on[host_of(self.server)] += 1

    def on_events(self, msg: dict[str, Any], now: float) -> None:
        super().on_events(msg, now)
        if self.finishing and self.settled:
            self.spawn(self.close())

    def later(self, make: Any) -> None:
        if self.finishing and self.settled:
            return  # no `ready` once the story is over: the table's last hand is this one
        super().later(make)


# --- the story ----------------------------------------------------------------------------------


def setup_django(secret: str) -> None:
    os.environ.update(site_env(VAR / "bench", secret))
    import django

    django.setup()


@dataclass
class Story:
    args: argparse.Namespace
    secret: str = field(default_factory=lambda: secrets.token_urlsafe(50))
    procs: Procs = field(default_factory=Procs)
    notes: list[str] = field(default_factory=list)
    clients: list[str] = field(default_factory=list)

    def note(self, text: str) -> None:
        stamp = time.strftime("%H:%M:%S", time.gmtime())
        print(f"[{stamp}] {text}", flush=True)
        self.notes.append(text)

    def stack(self) -> None:
        self.clients = [f"{NET}.{100 + i}" for i in range(self.args.tables)]
        build_network(self.clients)
        start_data(self.procs)
        setup_django(self.secret)
        env = site_env(VAR / "bench", self.secret)
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
        start_balancer(self.procs)
        for host in HOSTS:  # web1 first: its beat takes the lock
            start_host(self.procs, host, self.secret)
            time.sleep(2)
        for host in HOSTS:
            wait_servers(host, "UP")
        self.note(f"stack up: HAProxy at {PUBLIC}, servers {servers_up()}")

    def accounts(self) -> list[tuple[int, str]]:
        from accounts.models import User

        tally = Accounts()
        n = 4 * self.args.tables
        with ThreadPoolExecutor(4) as pool:
            done = list(pool.map(lambda i: sign_up_and_log_in(i, self.clients[i // 4], tally), range(n)))
        self.note(
            f"accounts: {tally.signed_up}/{n} signed up, {tally.logged_in}/{n} logged in through the balancer;"
            f" {tally.wallet_calls} wallet API calls ({dict(tally.served)}), {tally.refused} refused;"
            f" {tally.used_elsewhere} wallet reads on the host that did not make the session"
        )
        self.account_errors = (n - tally.signed_up) + (n - tally.logged_in) + tally.refused
        locked, allowed = throttle_behind_balancer(self.clients[-1], self.clients[0], "p44_000")
        self.throttle_ok = locked == 200 and allowed == 302
        self.note(
            f"log-in throttle behind the balancer: guesser at {self.clients[-1]} after 5 wrong passwords -> "
            f"{'locked' if locked == 200 else locked}; the player at {self.clients[0]} -> "
            f"{'logged in' if allowed == 302 else allowed}"
        )
        users = {u.username: u.pk for u in User.objects.filter(username__in=[name for name, _ in done])}
        return [(users[name], f"sessionid={cookie}") for name, cookie in done]

    async def play(self, tables: list[int], cookies: list[str]) -> tuple[Tally, Reconnects, list[RoamingPlayer]]:
        tally, reconnects = Tally(), Reconnects()
        players = [
            RoamingPlayer(
                tally, table, seat, cookies[4 * t + seat], 8080, THINK, source=self.clients[t], reconnects=reconnects
            )
            for t, table in enumerate(tables)
            for seat in range(4)
        ]
        for player in players:  # one after another: the balancer's round-robin spreads each table
            await player.connect()
        spread = sum(len({host_of(p.server) for p in players[i : i + 4]}) == 2 for i in range(0, len(players), 4))
        self.note(
            f"{len(players)} sockets: {dict(Counter(host_of(p.server) for p in players))};"
            f" {spread}/{len(tables)} tables with seats on both hosts"
        )
        tasks = [asyncio.get_running_loop().create_task(p.run()) for p in players]
        await asyncio.sleep(self.args.before_kill)
        await self.kill_and_return(reconnects, players)
        await self.rolling_restart()
        await asyncio.sleep(self.args.after_restart)
        self.note("the story is over: every table plays its hand to the end, then its players leave")
        for player in players:
            player.finishing = True
            if player.settled:
                await player.close()
        deadline = time.monotonic() + self.args.finish_seconds
        while any(not p.stopping for p in players) and time.monotonic() < deadline:
            await asyncio.sleep(1)
        left = [p for p in players if not p.stopping]
        self.unfinished_sockets = len(left)
        for player in left:
            await player.close()
        await asyncio.gather(*tasks, return_exceptions=True)
        return tally, reconnects, players

    async def kill_and_return(self, reconnects: Reconnects, players: list[RoamingPlayer]) -> None:
        on_web1 = sum(host_of(p.server) == "web1" for p in players)
        from tables.models import Hand, HandStatus

        running = await asyncio.to_thread(lambda: Hand.objects.filter(status=HandStatus.PLAYING).count())
        veth = host_link(HOSTS["web1"][0])
        if self.args.power_cut:  # nothing it sends reaches anyone: no RST, no FIN, as when power fails
            run("ip", "link", "set", veth, "down")
        reconnects.kill_at = time.monotonic()
        killed = kill_namespace(HOSTS["web1"][0])
        self.procs.forget("web1")
        how = "power cut, then SIGKILL" if self.args.power_cut else "SIGKILL"
        self.note(f"killed web1: {killed} processes ({how}), {on_web1} sockets on it, {running} hands running")
        await asyncio.to_thread(wait_servers, "web1", "DOWN")
        self.note(f"HAProxy marked web1 down {time.monotonic() - reconnects.kill_at:.1f} s after the kill")
        if self.args.power_cut:
            run("ip", "link", "set", veth, "up")  # the machine is back, its processes are not
        await asyncio.sleep(self.args.down_seconds)
        moved = len(reconnects.after_kill)
        self.note(f"{moved}/{on_web1} of web1's sockets reconnected, to {dict(reconnects.seats_on)}; web1 restarting")
        await asyncio.to_thread(start_host, self.procs, "web1", self.secret)
        await asyncio.to_thread(wait_servers, "web1", "UP")
        calls = await asyncio.to_thread(
            lambda: [Browser(self.clients[0]).request("GET", "/healthz")[1] for _ in range(8)]
        )
        self.returned_ok = any(host_of(s) == "web1" for s in calls)
        self.note(f"web1 is back and serving: 8 requests answered by {dict(Counter(calls))}")

    async def rolling_restart(self) -> None:
        """One host at a time: drained in HAProxy (no new connections), stopped cleanly (its sockets
        close and reconnect to the other host), started, marked ready once healthy."""
        for host in HOSTS:
            await asyncio.sleep(self.args.between_restarts)
            started = time.monotonic()
            await asyncio.to_thread(set_host_state, host, "maint")
            await asyncio.to_thread(self.procs.stop_host, host)
            await asyncio.to_thread(start_host, self.procs, host, self.secret)
            await asyncio.to_thread(set_host_state, host, "ready")
            await asyncio.to_thread(wait_servers, host, "UP")
            self.note(
                f"rolling restart: {host} drained, stopped, started and back in {time.monotonic() - started:.1f} s"
            )

    def tables(self, players: list[tuple[int, str]]) -> list[int]:
        """Private pinghe tables of four, seated through the services; 20 s to say 准备 between hands
        (bench_room's 1 s would stand up players who think 1-3 s)."""
        from tables.models import Room

        tables = make_tables(players)
        Room.objects.filter(variant="pinghe", base=10).update(between_hands_seconds=20)
        return tables

    def leaders(self) -> str:
        """Which beat scheduled when, from the beats' logs (config.beat logs each change)."""
        lines = []
        for host in HOSTS:
            text = "".join(log.read_text(errors="replace") for log in sorted((VAR / host).glob("beat-*.log")))
            lines.append(f"{host}'s beat took the lock {text.count('this beat schedules')}x")
        return ", ".join(lines)


def print_closing(rows: list[tuple[str, str, bool | None]]) -> None:
    print()
    print(f"{'':8}  {'what':<52} result")
    print("-" * 100)
    for name, value, ok in rows:
        verdict = "" if ok is None else ("MET" if ok else "NOT MET")
        print(f"{verdict:>8}  {name:<52} {value}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--before-kill", type=float, default=40, help="seconds of play before web1 is killed")
    parser.add_argument("--down-seconds", type=float, default=20, help="seconds web1 stays dead")
    parser.add_argument("--between-restarts", type=float, default=20)
    parser.add_argument("--after-restart", type=float, default=20)
    parser.add_argument("--finish-seconds", type=float, default=300, help="at most this long for the last hands")
    parser.add_argument("--power-cut", action="store_true", help="take web1's link down before the SIGKILL")
    parser.add_argument("--cleanup", action="store_true", help="only remove a previous run's leftovers")
    args = parser.parse_args()
    if os.geteuid() != 0:
        raise SystemExit("run as root: the rehearsal makes network namespaces (ip netns)")
    cleanup()
    if args.cleanup:
        return
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    shutil.rmtree(VAR, ignore_errors=True)
    VAR.mkdir(parents=True)
    story = Story(args)
    started = time.monotonic()
    try:
        rehearse(story)
    finally:
        for host in list(story.procs.by_host):
            if host != "data":
                story.procs.stop_host(host, grace=10)
        cleanup()
        print(f"cleaned up: namespaces, bridge and processes ({time.monotonic() - started:.0f} s in all)")


def rehearse(story: Story) -> None:
    print(f"two_hosts: {story.args.tables} tables on 2 hosts behind HAProxy, {os.cpu_count()} cores", flush=True)
    story.stack()
    players = story.accounts()
    tables = story.tables(players)
    coins_before = coins_in_circulation()
    tally, reconnects, _ = asyncio.run(story.play(tables, [cookie for _, cookie in players]))
    from ledger.services import check_ledger

    wait_settled(tables)
    finished, unsettled, twice = settlement_check(tables)
    report = check_ledger()
    coins_after = coins_in_circulation()
    from ledger.models import Transaction, TransactionKind

    escaped = Transaction.objects.filter(kind=TransactionKind.ESCAPE_PENALTY).count()
    errors = sum(tally.errors.values())
    p50, p99 = pct(reconnects.after_kill, 0.5), pct(reconnects.after_kill, 0.99)
    rows: list[tuple[str, str, bool | None]] = [
        (
            "hands finished / settled once / unsettled / settled twice",
            f"{finished} / {finished - unsettled - twice} / {unsettled} / {twice}",
            unsettled == 0 and twice == 0 and finished > 0,
        ),
        ("hands lost (escape penalties: a player gone past the grace)", str(escaped), escaped == 0),
        (
            "sockets reconnected after the kill / failed",
            f"{len(reconnects.after_kill)} / {reconnects.failed}",
            reconnects.failed == 0,
        ),
        ("reconnect time from the kill p50 / p99 (goal p99 <= 5 s)", f"{p50:.2f} s / {p99:.2f} s", p99 <= 5),
        (
            "reconnects in the rolling restart p50 / p99 (from the close)",
            f"{pct(reconnects.other, 0.5):.2f} s / {pct(reconnects.other, 0.99):.2f} s ({len(reconnects.other)})",
            None,
        ),
        (
            "a reconnect's state older than the client's version",
            str(reconnects.regressions),
            reconnects.regressions == 0,
        ),
        (
            "errors (all, recovered) / unrecoverable",
            f"{errors} {dict(tally.errors)} / {reconnects.failed + story.account_errors}",
            reconnects.failed + story.account_errors == 0,
        ),
        (
            "log-in throttle keyed on the client behind the balancer",
            "yes" if story.throttle_ok else "no",
            story.throttle_ok,
        ),
        ("the killed host came back and took traffic", "yes" if story.returned_ok else "no", story.returned_ok),
        (
            "sockets still playing at the end (hands not finished)",
            str(story.unfinished_sockets),
            story.unfinished_sockets == 0,
        ),
        ("ledger_check", "ok" if report.ok else "FAILED", report.ok),
        ("coins in circulation before -> after", f"{coins_before} -> {coins_after}", coins_before == coins_after),
        ("beat", story.leaders(), None),
    ]
    print_closing(rows)
    print(
        f"load average (1/5/15 min) at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; logs in var/two_hosts/"
    )


if __name__ == "__main__":
    main()
