"""The running app for browser tests: embedded Redis, daphne and a Celery worker (with beat)
as subprocesses on their own SQLite database, and Debian's Chromium driven by Playwright.

Nothing here touches the test process's own database: the browser talks to the app over
HTTP and WebSockets like a player, and setup that a player cannot do (an operator's coin
grant, short room timers) goes through `manage.py shell`, as an operator would.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
# The worker's lines for a sweep that found nothing due: sent by beat, received, done with every count 0.
IDLE_SWEEP = re.compile(
    r"Sending due task tables-sweep|tables\.tasks\.sweep\[[^]]*\] received"
    r"|tables\.tasks\.sweep\[[^]]*\] succeeded in \S+: \{(?:'\w+': 0(?:, )?)+\}"
)
# What a failure's report shows of the tables (run by `manage.py shell` in the live app).
TABLES_NOW = """
from tables.models import Table
for t in Table.objects.order_by("id"):
    print(f"table {t.pk} {t.room.variant}/{t.room.base} {t.status} v{t.version}", end=" ")
    print(f"bots_at={t.bots_at} next={t.next_hand_at}")
    for s in t.seats.select_related("user").order_by("index"):
        who = s.user.username if s.user else ("bot" if s.is_bot else "-")
        print(f"  seat {s.index} {who} conn={s.connections} auto={s.auto} ready={s.ready} seen={s.last_seen}")
    for h in t.hands.order_by("number"):
        print(f"  hand {h.number} {h.status} settled={h.settled} v{h.state_version}", end=" ")
        print(f"deadline={h.deadline} bot_due={h.bot_due}")
    print("  events:", " ".join(f"{e.version}:{e.kind}" for e in t.events.order_by("-version")[:16][::-1]))
"""
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
PASSWORD = "browser-麻将-2026"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class App:
    """The app's processes and how to reach them."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.procs: list[subprocess.Popen[bytes]] = []
        self.env = {
            **{k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")},
            "DEBUG": "0",
            "SECRET_KEY": "browser-test-secret-key-not-for-production-0123456789",
            "SECURE_SSL_REDIRECT": "0",
            "SECURE_COOKIES": "0",
            "SECURE_HSTS_SECONDS": "0",
            "VAR_DIR": str(workdir),
            "SQLITE_PATH": str(workdir / "db.sqlite3"),
            "TABLES_SWEEP_SECONDS": "1",
            "TABLES_ALLOW_SCRIPTED_DEALS": "1",  # test_scripted_hand_in_browser deals from a scripted wall
            "LEADERBOARD_MIN_HANDS": "1",  # one hand puts a player on the weekly leaderboard
            "LEADERBOARD_CACHE_SECONDS": "0",  # and the lobby shows it at once
            "LOG_LEVEL": "WARNING",
            "TABLES_CHAT_WINDOW_SECONDS": "4",  # the quick-chat test waits out one rate-limit window
        }

    def spawn(self, name: str, *args: str) -> subprocess.Popen[bytes]:
        log = open(self.workdir / f"{name}.log", "wb")  # noqa: SIM115 (closed with the process)
        proc = subprocess.Popen(
            args, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        self.procs.append(proc)
        return proc

    def manage(self, *args: str) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args], cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    def shell(self, code: str) -> str:
        return self.manage("shell", "-c", code)

    def start_redis(self) -> None:
        proc = subprocess.Popen(
            [sys.executable, str(ROOT / "bin" / "embedded_redis.py"), "--dir", str(self.workdir)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            start_new_session=True,
        )
        self.procs.append(proc)
        assert proc.stdout is not None
        self.env["REDIS_URL"] = proc.stdout.readline().decode().strip()
        assert self.env["REDIS_URL"].startswith("redis://"), "the embedded redis did not start"

    def wait_serving(self, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"{self.url}/accounts/login/", timeout=2)
                return
            except OSError:
                assert all(p.poll() is None for p in self.procs), "a server exited during start-up"
                time.sleep(0.3)
        raise AssertionError("daphne did not answer")

    def stop(self) -> None:
        for proc in reversed(self.procs):
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in reversed(self.procs):
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)

    def tables_now(self) -> str:
        """Each table's status, seats, hands and last events, as the database holds them now."""
        try:
            return self.shell(TABLES_NOW)
        except (AssertionError, subprocess.SubprocessError) as exc:
            return f"could not read the tables: {exc}"

    def log(self, name: str) -> str:
        """The tail of a server's log, without the beat's idle sweeps (one every second, they pushed
        what happened at the table out of a failure's report)."""
        path = self.workdir / f"{name}.log"
        if not path.exists():
            return ""
        lines = path.read_text(errors="replace").splitlines(keepends=True)
        return "".join(line for line in lines if not IDLE_SWEEP.search(line))[-8000:]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failed browser test's report carries the tail of the live app's logs: the servers' side of a
    failure on another machine is otherwise gone with its temporary directory."""
    report: pytest.TestReport = yield
    app = getattr(item, "funcargs", {}).get("live_app")
    if report.failed and isinstance(app, App):
        for name in ("daphne", "celery"):
            report.sections.append((f"live app: {name}.log (tail)", app.log(name)))
        report.sections.append(("live app: tables", app.tables_now()))
    return report


@pytest.fixture(scope="module")
def live_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    """daphne + a Celery worker with beat + embedded Redis, on a fresh SQLite database.

    Module-scoped: the servers stop when the browser tests are done, not at the end of the session."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing (bin/test installs Debian's chromium)")
    app = App(tmp_path_factory.mktemp("live-app"))
    try:
        app.start_redis()
        app.manage("migrate", "--noinput", "-v0")
        # Quick rooms for the test: bots fill empty seats after a second and think briefly; generous turn timers.
        app.shell(
            "from tables.models import Room; "
            "Room.objects.update(bot_wait_seconds=1, turn_seconds=60, claim_seconds=30, between_hands_seconds=600, "
            "bot_think_min_ms=50, bot_think_max_ms=150)"
        )
        app.spawn(
            "daphne", sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(app.port), "config.asgi:application"
        )
        app.spawn(
            "celery", sys.executable, "-m", "celery", "-A", "config", "worker", "-B", "--concurrency", "1",
            "--schedule", str(app.workdir / "celerybeat-schedule"), "--hostname", f"browser-{app.port}@%h",
            "--loglevel", "INFO",
        )  # fmt: skip
        app.wait_serving()
        yield app
    finally:
        app.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


def grant(app: App, username: str, coins: int) -> None:
    """An operator's opening grant through the ledger (what the wallet admin does)."""
    app.shell(
        "from accounts.models import User; from ledger import services as ledger; "
        f"ledger.grant(User.objects.get(username={username!r}), {coins}, by=None, "
        f"reason='browser test float', key='browser-test:{username}')"
    )


def ledger_balance(app: App, username: str) -> int:
    out = app.shell(
        f"from accounts.models import User; from ledger import services as ledger; "
        f"print(ledger.balance_of(User.objects.get(username={username!r})))"
    )
    return int(out.strip().splitlines()[-1])


def sign_up(page: Any, app: App, username: str, display_name: str) -> None:
    """Sign a new player up through the form; returns on their profile page."""
    page.goto(f"{app.url}/accounts/signup/")
    page.fill("input[name=username]", username)
    page.fill("input[name=display_name]", display_name)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("form.card button[type=submit]")
    page.wait_for_url(re.compile(r"/accounts/profile/"))


def console_errors(page: Any) -> list[str]:
    """Collect the page's console errors and uncaught exceptions (the list fills as the page runs)."""
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors
