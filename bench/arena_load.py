"""The `arena` scenario of bench/table_load.py (issue #46): an arena with N joined clients at human pace.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/mahjong_bench REDIS_URL=redis://127.0.0.1:6379/2 \\
        .venv/bin/python bench/table_load.py --scenario arena --arena-clients 200 --arena-seconds 300

On a fresh database (table_load's stack: 2 daphne processes, a Celery worker with beat, ARENA_DAILY off) a
running arena of the guangdong base-10 match room is made (2 hours: it does not end during the run), and N
players with a password and 1500 coins (the base-10 bracket). Each client, as a browser would, from its own
loopback address (127.0.x.y: the pairing never seats two accounts of one address together), at a random
moment of the first --arena-join-seconds: logs in over HTTP (the login form, CSRF cookie, real password
hash), opens the arena's page, its /ws/notify/ socket and the arena's standings socket (a watcher for the
whole run), then joins through the page's POST. When told `arena_seated` it opens the table's socket and
plays its seat at human pace (table_load.Player: 1-3 s to answer each prompt: win, else pass, else a random
discard); when the hand's `settled`/`arena_next` event comes it closes the table socket and is back in the
pool. Client i talks to daphne i mod 2 (HTTP and sockets).

After the run (--arena-seconds past the end of the joins) the arena's time is made up (nobody is seated
again), every seated client turns 托管 on and closes; the bots play the hands left out, then the checks.

Measured: the pairing wait (client side: from the join POST being sent, or from the `settled`/`arena_next`
event of the last hand, to the `arena_seated` notification; clients still waiting at the end are counted
apart), the standings pushes (`arena_diff`) each watcher received (the most in any 1-s window, the shortest
gap, version gaps), the ack latency of the table actions (sent to `ack`), CPU per action as table_load's
rows (it includes the logins' password hashing), hands settled, each settled exactly once (one
hand_settlement transaction, one ArenaScore per person's seat), `check_ledger` clean.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import itertools
import json
import os
import random
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from table_load import TICK, CpuMeter, Player, Row, Tally, make_row, measure, origin, pct

if TYPE_CHECKING:
    from table_load import Bench

PASSWORD = "arena-load-46-password"  # a throwaway database's players
THINK = (1.0, 3.0)  # seconds to answer a prompt: human pace, as table_load's capacity and soak
ARENA_MINUTES = 120
SETTLE_WAIT_SECONDS = 120.0


# --- the arena and its players (synchronous, Django) ---------------------------------------------


def arena_players(n: int, prefix: str, coins: int = 1500) -> list[str]:
    """n players who log in with PASSWORD (one hash for all: made once, checked at each login), funded."""
    from django.contrib.auth.hashers import make_password

    from accounts.models import User
    from ledger import services as ledger

    names = [f"{prefix}{i:03d}" for i in range(n)]
    for name in names:
        user = User.objects.create_user(name, password=None)
        ledger.grant(user, coins, by=None, reason="bench", key=f"bench:{user.pk}")
    User.objects.filter(username__in=names).update(password=make_password(PASSWORD))
    return names


def make_arena() -> int:
    """A running, free arena of the guangdong base-10 match room, long enough not to end during the run."""
    from datetime import timedelta

    from django.utils import timezone

    from match.models import Arena, ArenaStatus, MatchRoom

    room = MatchRoom.objects.select_related("room").get(room__variant="guangdong", room__base=10).room
    arena = Arena.objects.create(
        name="load", room=room, starts_at=timezone.now() - timedelta(seconds=5), minutes=ARENA_MINUTES,
        status=ArenaStatus.RUNNING,
    )  # fmt: skip
    return int(arena.pk)


def time_up(arena_id: int) -> None:
    """The arena's time is up now: the beat's tick stops the pairing; the hands under way finish."""
    from datetime import timedelta

    from django.utils import timezone

    from match.models import Arena

    Arena.objects.filter(pk=arena_id).update(starts_at=timezone.now() - timedelta(minutes=ARENA_MINUTES, seconds=1))


def arena_tables(arena_id: int) -> list[int]:
    from match.models import ArenaTable

    return list(ArenaTable.objects.filter(arena_id=arena_id).values_list("table_id", flat=True))


def score_check(arena_id: int, tables: list[int]) -> tuple[int, int]:
    """(people's seats of settled arena hands, ArenaScore rows): equal when each was scored exactly once."""
    from match.models import ArenaScore
    from tables.models import Hand

    seats = 0
    for players, bots in Hand.objects.filter(table_id__in=tables, settled=True).values_list("players", "bots"):
        seats += sum(1 for s, uid in enumerate(players) if uid is not None and s not in (bots or []))
    return seats, ArenaScore.objects.filter(arena_id=arena_id).count()


def entries(arena_id: int) -> int:
    from match.models import ArenaEntry

    return ArenaEntry.objects.filter(arena_id=arena_id).count()


# --- a browser ----------------------------------------------------------------------------------


@dataclass
class Browser:
    """One player's cookies, from their own loopback address, to one daphne process (blocking: run in a thread)."""

    source: str
    port: int
    cookies: dict[str, str] = field(default_factory=dict)

    def request(self, method: str, path: str, form: dict[str, str] | None = None) -> int:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60, source_address=(self.source, 0))
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            response.read()
        finally:
            conn.close()
        for value in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(value).items():
                self.cookies[name] = morsel.value
        return response.status

    def log_in(self, username: str) -> bool:
        self.request("GET", "/accounts/login/")  # the CSRF cookie, with the form
        status = self.request("POST", "/accounts/login/", {"username": username, "password": PASSWORD})
        return status == 302 and "sessionid" in self.cookies


# --- the clients --------------------------------------------------------------------------------


@dataclass
class ArenaTally:
    """What the arena clients saw besides the table actions (table_load.Tally has those)."""

    waits: list[float] = field(default_factory=list)  # seconds, pool entry -> arena_seated
    pushes: dict[int, list[float]] = field(default_factory=dict)  # watcher -> arrival times of arena_diff
    push_gaps: int = 0  # an arena_diff whose base was not the last version seen (the page asks for `full`)
    logged_in: int = 0
    joined: int = 0
    refused: dict[str, int] = field(default_factory=dict)

    def fail(self, what: str) -> None:
        self.refused[what] = self.refused.get(what, 0) + 1


class ArenaSeat(Player):
    """A client's seat at one arena table: table_load's human-pace player, its seat read from the first state,
    done when the hand is settled (an arena table plays one hand; nobody says `ready`)."""

    def __init__(self, client: Client, table: int, think: tuple[float, float]) -> None:
        super().__init__(client.tally, table, -1, client.cookie, client.port, think)
        self.client = client
        self.done = asyncio.Event()
        self.over_at: float | None = None

    def endpoint(self) -> tuple[str, dict[str, Any]]:
        url, extra = super().endpoint()
        return url, {**extra, "local_addr": (self.client.source, 0)}

    def on_message(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "notify":
            self.client.on_notify(msg["payload"])
            return
        if kind == "state" and self.key < 0 and msg.get("seat") is not None:
            self.key = int(msg["seat"])
            self.reached = self.tally.reached.setdefault((self.table, self.key), [])
            if (msg.get("table") or {}).get("status") == "closed":
                self.over(time.monotonic())  # the hand was played out before this socket opened
        super().on_message(msg)

    def on_events(self, msg: dict[str, Any], now: float) -> None:
        fresh = [e for e in msg["events"] if e["version"] > self.version]
        if any(e["type"] in ("settled", "arena_next", "table_closed", "hand_voided") for e in fresh):
            self.over(now)
        super().on_events({**msg, "events": [e for e in msg["events"] if e["type"] != "settled"]}, now)

    def over(self, now: float) -> None:
        if self.over_at is None:
            self.over_at = now
            self.done.set()


class Client:
    """A player's browser: logs in, watches the arena, joins, plays each table it is seated at."""

    def __init__(self, index: int, username: str, arena: int, port: int, tally: Tally, arena_tally: ArenaTally):
        self.index, self.username, self.arena, self.port = index, username, arena, port
        self.source = f"127.0.{1 + index // 250}.{1 + index % 250}"
        self.tally, self.stats = tally, arena_tally
        self.cookie = ""
        self.seated: asyncio.Queue[tuple[int, float]] = asyncio.Queue()
        self.seen: set[int] = set()
        self.sockets: list[Any] = []
        self.listeners: list[asyncio.Task[None]] = []
        self.seat: ArenaSeat | None = None
        self.pushes = arena_tally.pushes.setdefault(index, [])
        self.version: int | None = None
        self.entered: float | None = None  # when the client last entered the pool (None: at a table)
        self.stopping = False

    def on_notify(self, payload: dict[str, Any]) -> None:
        """`arena_seated` comes on every socket of the user (they all join the user's group): once per table."""
        if payload.get("type") == "arena_seated" and payload.get("arena") == self.arena:
            table = int(payload["table"])
            if table not in self.seen:
                self.seen.add(table)
                self.seated.put_nowait((table, time.monotonic()))

    async def open(self, path: str) -> Any:
        import websockets

        headers = {"Cookie": self.cookie, "Origin": origin(self.port)}
        ws = await websockets.connect(
            f"ws://127.0.0.1:{self.port}{path}", open_timeout=60, max_size=None, additional_headers=headers,
            local_addr=(self.source, 0),
        )  # fmt: skip
        self.sockets.append(ws)
        return ws

    async def listen(self, ws: Any, watcher: bool) -> None:
        try:
            async for raw in ws:
                msg = json.loads(raw)
                kind = msg.get("type")
                if kind == "notify":
                    self.on_notify(msg["payload"])
                elif watcher and kind == "arena_full":
                    self.version = int(msg["version"])
                elif watcher and kind == "arena_diff":
                    self.pushes.append(time.monotonic())
                    if self.version is not None and msg["version"] <= self.version:
                        continue  # a push the snapshot sent on connecting already covered
                    if self.version is not None and msg["base"] != self.version:
                        self.stats.push_gaps += 1
                        await ws.send(json.dumps({"type": "full"}))
                    self.version = int(msg["version"])
        except Exception:
            if not self.stopping:
                self.tally.error("arena:closed" if watcher else "notify:closed")

    async def run(self, delay: float, stop: asyncio.Event) -> None:
        await asyncio.sleep(delay)
        if stop.is_set():
            return
        browser = Browser(self.source, self.port)
        if not await asyncio.to_thread(browser.log_in, self.username):
            self.stats.fail("login")
            return
        self.stats.logged_in += 1
        self.cookie = f"sessionid={browser.cookies['sessionid']}"
        await asyncio.to_thread(browser.request, "GET", f"/match/arenas/{self.arena}/")  # the page, then its sockets
        try:
            notify = await self.open("/ws/notify/")
            await asyncio.wait_for(notify.recv(), 30)  # hello: in the user's group from now on
            arena = await self.open(f"/ws/match/arenas/{self.arena}/")
        except Exception as exc:
            self.tally.error(f"connect:{type(exc).__name__}")
            return
        loop = asyncio.get_running_loop()
        self.listeners = [loop.create_task(self.listen(notify, False)), loop.create_task(self.listen(arena, True))]
        self.entered = time.monotonic()
        status = await asyncio.to_thread(browser.request, "POST", f"/match/arenas/{self.arena}/join/", {})
        if status != 302:
            self.stats.fail(f"join:{status}")
            return
        self.stats.joined += 1
        await self.play(stop)

    async def play(self, stop: asyncio.Event) -> None:
        stopped = asyncio.get_running_loop().create_task(stop.wait())
        while not stop.is_set():
            got = asyncio.get_running_loop().create_task(self.seated.get())
            await asyncio.wait({got, stopped}, return_when=asyncio.FIRST_COMPLETED)
            if not got.done():
                got.cancel()
                break
            table, told = got.result()
            if self.entered is not None:
                self.stats.waits.append(max(0.0, told - self.entered))
            self.entered = None
            seat = self.seat = ArenaSeat(self, table, THINK)
            await seat.connect()
            if seat.ws is None:
                continue
            reading = asyncio.get_running_loop().create_task(seat.run())
            ended = asyncio.get_running_loop().create_task(seat.done.wait())
            await asyncio.wait({ended, stopped}, return_when=asyncio.FIRST_COMPLETED)
            if not ended.done():
                ended.cancel()
                break  # the run is over: close() hands the seat to the bots
            self.entered = seat.over_at
            self.seat = None
            await seat.close()
            await asyncio.gather(reading, return_exceptions=True)

    def still_waiting(self, now: float) -> float | None:
        return None if self.entered is None or self.seat is not None else now - self.entered

    async def close(self) -> None:
        self.stopping = True
        if self.seat is not None and self.seat.ws is not None:
            await self.seat.send({"type": "auto", "on": True})  # 托管: the bots finish the hand at once
            await self.seat.close()
        for ws in self.sockets:
            await ws.close()


# --- the run ------------------------------------------------------------------------------------


@dataclass
class ArenaRun:
    row: Row
    stats: ArenaTally
    open_waits: list[float]
    clients: int
    acks_by_phase: tuple[list[float], list[float]]  # ms: during the joins (logins hash passwords), after them
    others_cores: float  # the machine's CPU used by processes outside this run, in cores (other users add noise)
    loads: list[float]  # the 1-min load average every 10 s


def machine_ticks() -> tuple[int, int]:
    """(busy, all) CPU ticks of the whole machine since boot (/proc/stat)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return sum(fields[:8]) - idle, sum(fields[:8])


async def sample_load(loads: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        loads.append(os.getloadavg()[0])
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 10)


async def run_clients(
    ports: list[int], arena: int, names: list[str], meter: CpuMeter, join_seconds: float, seconds: float
) -> ArenaRun:
    asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(32))  # logins and joins block a thread
    tally, stats, stop = Tally(), ArenaTally(), asyncio.Event()
    clients = [Client(i, name, arena, ports[i % len(ports)], tally, stats) for i, name in enumerate(names)]
    rng = random.Random(46)
    tasks = [asyncio.get_running_loop().create_task(c.run(rng.uniform(0, join_seconds), stop)) for c in clients]
    loads: list[float] = []
    sampler = asyncio.get_running_loop().create_task(sample_load(loads, stop))
    busy_before = machine_ticks()[0]
    window = await measure(meter, tally, 0, join_seconds + seconds)
    start, end, cpu, _ = window
    machine_ms = (machine_ticks()[0] - busy_before) * 1000.0 / TICK
    others_cores = (machine_ms - sum(cpu.values())) / 1000.0 / (end - start)
    split = start + join_seconds
    by_phase: tuple[list[float], list[float]] = ([], [])
    for sent, acked, _, _ in tally.acks:
        if start <= sent <= end:
            by_phase[sent > split].append((acked - sent) * 1000)
    now = time.monotonic()
    open_waits = [w for c in clients if (w := c.still_waiting(now)) is not None]
    await asyncio.to_thread(time_up, arena)
    stop.set()
    await asyncio.gather(*tasks, sampler, return_exceptions=True)
    await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
    row = make_row("arena", "table action", len(ports), 0, tally, window)
    return ArenaRun(row, stats, open_waits, len(clients), by_phase, others_cores, loads)


def pushes_in_a_second(times: list[float], seconds: float = 1.0) -> int:
    """The most arrivals within any window of `seconds`."""
    most, first = 0, 0
    for last, t in enumerate(times):
        while t - times[first] >= seconds:
            first += 1
        most = max(most, last - first + 1)
    return most


def arena_scenario(bench: Bench) -> None:
    """table_load's `arena` scenario: the run, the checks, a row, notes and the goals of issue #46."""
    from table_load import coins_in_circulation, settlement_check, wait_settled

    from ledger.services import check_ledger

    args = bench.args
    bench.fresh()
    names = arena_players(args.arena_clients, "arena")
    arena = make_arena()
    coins_before = coins_in_circulation()
    stack = bench.stack(2, extra={"ARENA_DAILY": "off"})
    try:
        meter = stack.meter(bench.database, bench.redis_port)
        bench.load()
        run = asyncio.run(run_clients(stack.ports, arena, names, meter, args.arena_join_seconds, args.arena_seconds))
        bench.load()
        closed_at = time.monotonic()
        tables = arena_tables(arena)
        wait_settled(tables, SETTLE_WAIT_SECONDS)  # the bots play out the hands left under 托管
        settling = time.monotonic() - closed_at
    finally:
        stack.stop()
    hands, unsettled, twice = settlement_check(tables)
    seats, scores = score_check(arena, tables)
    ledger_ok = check_ledger().ok
    coins_after = coins_in_circulation()
    stats, row = run.stats, run.row
    row.tables = len(tables)
    waits = stats.waits
    per_watcher = [pushes_in_a_second(t) for t in stats.pushes.values() if t]
    most = max(per_watcher, default=0)
    gaps = [b - a for t in stats.pushes.values() for a, b in itertools.pairwise(t)]
    most10 = max((pushes_in_a_second(t, 10.0) for t in stats.pushes.values() if t), default=0)
    short, shorter = sum(g < 1.0 for g in gaps), sum(g < 0.9 for g in gaps)
    span = args.arena_join_seconds + args.arena_seconds
    mean_rate = sum(len(t) for t in stats.pushes.values()) / max(1, len(stats.pushes)) / span
    refused = ",".join(f"{k}={v}" for k, v in sorted(stats.refused.items()))
    row.note += (
        f" clients={run.clients} logged_in={stats.logged_in} joined={stats.joined} entries={entries(arena)}"
        f" {refused} hands={hands} unsettled={unsettled} settled_twice={twice} scores={scores}/{seats}"
        f" ledger_check={'ok' if ledger_ok else 'FAILED'} coins={coins_before}->{coins_after}"
        f" (checked {settling:.1f} s after the closes)"
    )
    bench.rows.append(row)
    longest_open = max(run.open_waits, default=0.0)
    bench.notes.append(
        f"arena: pairing wait p50 {pct(waits, 0.5):.2f} s, p99 {pct(waits, 0.99):.2f} s,"
        f" max {max(waits, default=0):.2f} s"
        f" over {len(waits)} seatings; still waiting at the end {len(run.open_waits)} (longest {longest_open:.1f} s)"
    )
    bench.notes.append(
        f"arena: standings pushes per watcher: most in any 1-s window {most} ({len(per_watcher)} watchers),"
        f" shortest gap {min(gaps, default=float('nan')):.3f} s,"
        f" gaps under 1 s {short} (under 0.9 s {shorter}) of {len(gaps)}, most in any 10-s window {most10},"
        f" mean {mean_rate:.2f}/s, version gaps {stats.push_gaps}"
    )
    joining, playing = run.acks_by_phase
    bench.notes.append(
        f"arena: ack p50/p99 during the joins {pct(joining, 0.5):.0f}/{pct(joining, 0.99):.0f} ms ({len(joining)}),"
        f" after them {pct(playing, 0.5):.0f}/{pct(playing, 0.99):.0f} ms ({len(playing)})"
    )
    loads = ", ".join(f"{x:.1f}" for x in run.loads)
    bench.notes.append(
        f"arena: CPU of processes outside this run {run.others_cores:.2f} cores (of {os.cpu_count()});"
        f" 1-min load average every 10 s: {loads}"
    )
    settled_ok = unsettled == 0 and twice == 0 and ledger_ok and seats == scores and hands > 0
    wait_ok = bool(waits) and pct(waits, 0.99) <= 5.0 and longest_open <= 5.0
    bench.goals += [
        ("arena: pairing wait p99 <= 5 s", f"{pct(waits, 0.99):.2f} s ({len(waits)} seatings)", wait_ok),
        ("arena: standings pushes <= 1/s per watcher", f"at most {most} in any 1-s window", most <= 1),
        ("arena: ack p99 <= 250 ms", f"{row.ack[1]:.0f} ms (p50 {row.ack[0]:.0f} ms)", row.ack[1] <= 250),
        ("arena: every hand settled once, ledger clean", f"{hands} hands, scores {scores}/{seats}", settled_ok),
    ]
