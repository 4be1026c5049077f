#!/usr/bin/env python
"""The table's own work per action, in one process: what a daphne database thread does for an action.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/mahjong_perf .venv/bin/python bench/table_act.py \\
        [--hands 6] [--profile N]

On a throwaway PostgreSQL database (the URL's name + `_act`, dropped and migrated anew), four
players sit at a private pinghe table and play whole hands by calling `tables.services.actions.act`
as the table socket does (each seat to act takes its first listed legal action: a win, else a pass,
else the first discard), with the broadcasts collected, not sent, as on a socket's database thread.
Printed: actions, CPU ms per action of this process (the Python side: ORM, psycopg, engine, views)
and of the PostgreSQL backend serving it (read from /proc), wall ms per action, and the CPU ms per
action this process spent in garbage collection (after the warm-up hand the process freezes its
objects as daphne and the workers do, config.gc_tuning; `--no-freeze` measures without). `--profile N`
prints the N most expensive functions (cProfile, cumulative) instead.
This is the part of bench/table_load.py's "daphne" and "pg" columns that the table's code owns; the
load test measures the whole stack.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import os
import pstats
import sys
import time
from pathlib import Path
from urllib.parse import urlparse, urlunparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
TICK = os.sysconf("SC_CLK_TCK")


def setup(db_url: str) -> None:
    from table_load import fresh_database, server_env

    fresh_database(db_url)
    os.environ.update(server_env(db_url, os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/3")))
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "0"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def backend_ticks() -> int:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def new_table() -> int:
    from table_load import make_players, make_tables

    from tables.services import presence

    players = make_players(4, f"act{time.monotonic_ns()}_")
    table_id = make_tables(players)[0]
    for user_id, _ in players:  # as if their sockets were open
        presence.connected(table_id, user_id)
    return table_id


def play(table_id: int, hands: int, clock: list[float]) -> int:
    """Play `hands` hands at the table through `act`; the number of actions. `clock` gathers the
    CPU seconds of this process and of the PostgreSQL backend spent inside `act` only."""
    from engine.hand import HandState, legal_actions
    from tables.models import Hand, HandStatus
    from tables.services import actions
    from tables.services.events import collecting

    n = 0
    for _ in range(hands):
        hand = Hand.objects.filter(table_id=table_id, status=HandStatus.PLAYING).first()
        while hand is not None:
            state = HandState.from_json(hand.state)  # the client's side: not counted
            seat = min(state.to_act)
            legal = legal_actions(state, seat)
            choice = next((a for t in ("win", "pass", "discard") for a in legal if a.to_json()["type"] == t), legal[0])
            pg0, cpu0, wall0 = backend_ticks(), time.process_time(), time.perf_counter()
            with collecting():
                actions.act(table_id, hand.players[seat], f"a{n}", choice.to_json(), None)
            clock[0] += time.process_time() - cpu0
            clock[1] += time.perf_counter() - wall0
            clock[2] += (backend_ticks() - pg0) / TICK
            n += 1
            hand = Hand.objects.filter(pk=hand.pk, status=HandStatus.PLAYING).first()
        deal_next(table_id)
    return n


def deal_next(table_id: int) -> None:
    """Settle at once and deal the next hand (the worker and the players' `ready` would)."""
    from tables.models import Hand, HandStatus, Seat
    from tables.services import between_hands, settlement

    for hand in Hand.objects.filter(table_id=table_id, status=HandStatus.FINISHED, settled=False):
        settlement.settle_hand(hand.pk)
    seated = Seat.objects.filter(table_id=table_id, user__isnull=False).values_list("user_id", flat=True)
    if len(seated) < 4:
        raise SystemExit(f"a player left the table: {list(seated)}")
    for user_id in seated:
        between_hands.set_ready(table_id, user_id)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--profile", type=int, default=0)
    parser.add_argument("--no-freeze", action="store_true", help="leave the start-up objects to the collector")
    args = parser.parse_args()
    base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/mahjong_perf")
    parts = urlparse(base)
    setup(urlunparse(parts._replace(path=parts.path + "_act")))
    table_id = new_table()
    play(table_id, 1, [0.0, 0.0, 0.0])  # warm up: imports, caches
    if not args.no_freeze:
        from config.gc_tuning import freeze_startup_objects

        freeze_startup_objects()
    collecting = GcClock()
    clock = [0.0, 0.0, 0.0]
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        n = play(table_id, args.hands, clock)
        profiler.disable()
        print(f"{n} actions")
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.profile)
        return
    n = play(table_id, args.hands, clock)
    cpu, wall, pg = clock
    print(
        f"{n} actions: this process {1000 * cpu / n:.2f} ms CPU/action, PostgreSQL backend "
        f"{1000 * pg / n:.2f} ms, wall {1000 * wall / n:.2f} ms, "
        f"garbage collection {1000 * collecting.seconds / n:.2f} ms"
        f" ({collecting.full} full collections; start-up objects {'not ' if args.no_freeze else ''}frozen)"
    )


class GcClock:
    """The CPU seconds this process spends in the garbage collector from now on, and its full collections."""

    def __init__(self) -> None:
        self.seconds, self.full, self.started = 0.0, 0, 0.0
        gc.callbacks.append(self.tick)

    def tick(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.started = time.process_time()
            return
        self.seconds += time.process_time() - self.started
        self.full += info["generation"] == 2


if __name__ == "__main__":
    main()
