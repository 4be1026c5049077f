"""Who sits with whom (match.arena_pairing.pick_tables), as a table of cases: players in standings order, four
seats (guangdong). Names are single letters; `@x` is a client address; `last=abcd` the full table they last sat at;
a number after `~` the seconds they have waited (the bot wait is 30 s)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from match.arena_pairing import Waiter, pick_tables

NOW = datetime(2026, 12, 7, 20, 10, tzinfo=UTC)
BOT_WAIT = timedelta(seconds=30)
IDS = {letter: n for n, letter in enumerate("abcdefghij", start=1)}
LETTERS = {n: letter for letter, n in IDS.items()}


def waiter(spec: str) -> Waiter:
    """'a@1~40 last=abcd' → player a, address 1, waiting 40 s, last full table a, b, c, d."""
    name, *options = spec.split()
    last = frozenset(IDS[c] for o in options if o.startswith("last=") for c in o[5:])
    name, _, waited = name.partition("~")
    name, _, address = name.partition("@")
    since = NOW - timedelta(seconds=float(waited or 1))
    return Waiter(IDS[name], address, since, last)


def tables(*specs: str) -> list[str]:
    groups = pick_tables([waiter(s) for s in specs], 4, NOW, BOT_WAIT)
    return ["".join(LETTERS[w.user_id] for w in group) for group in groups]


@pytest.mark.parametrize(
    ("pool", "seated"),
    [
        (["a", "b", "c"], []),  # not a table's worth, nobody waited 30 s: they wait
        (["a", "b", "c", "d"], ["abcd"]),  # a table's worth: seated at once
        (["a", "b", "c", "d", "e", "f", "g", "h", "i"], ["abcd", "efgh"]),  # close in the standings; i waits
        (["a~31", "b", "c"], ["abc"]),  # a waited past the limit: with the others and a bot
        (["a~31"], ["a"]),  # alone past the limit: three bots
        (["a", "b~31", "c", "d", "e"], ["abcd"]),  # a full table first; e has not waited long
        (["a@1", "b@1", "c", "d", "e"], ["acde"]),  # one address, two accounts: never one table
        (["a@1", "b@1", "c@1", "d@1", "e@1"], []),  # five accounts of one address: no table (flagged to operators)
        (["a@1~31", "b@1~31"], ["a", "b"]),  # past the limit, still apart: each with bots
    ],
)
def test_who_sits_together(pool, seated):
    assert tables(*pool) == seated


def test_the_same_full_table_is_not_made_twice_in_a_row_while_others_wait():
    last = "last=abcd"
    assert tables(f"a {last}", f"b {last}", f"c {last}", f"d {last}", "e") == ["abce"]


def test_the_same_full_table_again_when_nobody_else_waits():
    last = "last=abcd"
    assert tables(f"a {last}", f"b {last}", f"c {last}", f"d {last}") == ["abcd"]


def test_an_unknown_address_matches_nobody():
    assert tables("a@", "b@", "c@", "d@") == ["abcd"]
