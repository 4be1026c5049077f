#!/usr/bin/env python
"""Settlement postings per second on PostgreSQL, against plain single-row INSERTs in the same run.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/mj_ledger /work/venv/bin/python bench/ledger_bench.py [--hands 400]

Builds a throwaway database (test_<name>, migrated like production), then measures:
- settlement: `ledger.services.post_hand_settlement` for random 4-seat hands (one
  winner paid by three losers: idempotency check, 4 row locks in id order, pay-down
  computation, a transaction row, 4 postings, 4 balance updates, one commit each);
- baseline: the same number of rows written as plain single-row INSERTs, each in
  its own autocommit transaction, into a scratch table with only a primary key;
the two workloads alternate in chunks so machine load affects both alike.
It prints postings/s, rows/s and their ratio. The database is dropped afterwards.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "1")
os.environ.setdefault("ALLOW_INSECURE_KEY", "1")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402

from engine.payments import Transfer  # noqa: E402
from ledger.models import Posting  # noqa: E402


def make_players(n: int) -> list[int]:
    from accounts.models import User
    from ledger import services

    ids = []
    for i in range(n):
        user = User.objects.create_user(f"bench{i}", password=None)
        services.grant(user, 10**12, by=None, reason="bench", key=f"bench-start-{i}")
        ids.append(user.pk)
    return ids


def random_hand(players: list[int], rng: random.Random) -> tuple[list[int], list[Transfer]]:
    seats = rng.sample(players, 4)
    winner = rng.randrange(4)
    return seats, [Transfer(s, winner, rng.randrange(10, 5_000)) for s in range(4) if s != winner]


def bench_settlement(players: list[int], hands: int, rng: random.Random, prefix: str) -> tuple[int, float]:
    from tables.services import settlement

    work = [random_hand(players, rng) for _ in range(hands)]
    before = Posting.objects.count()
    start = time.perf_counter()
    for n, (seats, owed) in enumerate(work):
        settlement.post_hand_settlement(f"{prefix}-{n}", seats, owed)
    elapsed = time.perf_counter() - start
    return Posting.objects.count() - before, elapsed


def create_plain_table() -> None:
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE bench_plain (id bigserial PRIMARY KEY, account_id bigint, amount bigint)")


def bench_plain_inserts(rows: int, rng: random.Random) -> float:
    values = [(rng.randrange(1, 9), rng.randrange(-5_000, 5_000)) for _ in range(rows)]
    start = time.perf_counter()
    with connection.cursor() as cursor:
        for account_id, amount in values:  # autocommit: one transaction per row
            cursor.execute("INSERT INTO bench_plain (account_id, amount) VALUES (%s, %s)", [account_id, amount])
    return time.perf_counter() - start


def interleaved(players: list[int], hands: int, rounds: int, rng: random.Random) -> tuple[int, float, float]:
    """Alternate settlement and baseline chunks, so a busy machine slows both alike."""
    postings = settle_s = plain_s = 0.0
    for r in range(rounds):
        n, elapsed = bench_settlement(players, hands // rounds, rng, f"bench{r}")
        postings, settle_s = postings + n, settle_s + elapsed
        plain_s += bench_plain_inserts(n, rng)
    return int(postings), settle_s, plain_s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=8, help="alternating chunks of each workload")
    args = parser.parse_args()
    if not settings.DB_IS_POSTGRES:
        sys.exit("set DATABASE_URL to a PostgreSQL database: this benchmark is about PostgreSQL")
    original = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        rng = random.Random(2026)
        players = make_players(args.players)
        create_plain_table()
        bench_settlement(players, 20, rng, "warm")  # warm up connections and caches
        postings, settle_s, plain_s = interleaved(players, args.hands, args.rounds, rng)
    finally:
        connection.creation.destroy_test_db(original, verbosity=0)
    settle_rate, plain_rate = postings / settle_s, postings / plain_s
    print(f"PostgreSQL {connection.cursor().connection.info.server_version}: {args.hands} hands, {postings} postings")
    print(f"settlement postings/s         : {settle_rate:10.0f}  ({args.hands / settle_s:.0f} hands/s)")
    print(f"plain single-row INSERTs/s    : {plain_rate:10.0f}  (baseline)")
    print(f"ratio settlement / baseline   : {settle_rate / plain_rate:10.3f}")


if __name__ == "__main__":
    main()
