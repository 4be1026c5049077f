"""RULINGS: nothing hidden leaks. No message to a player or a spectator holds another seat's concealed
tiles or the wall order, at any point of a hand (the seed is revealed only once the hand is over)."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from asgiref.sync import sync_to_async

from engine.tiles import parse_tiles
from tests.tables.conftest import TableClient, finished, play_until

MPSZ = re.compile(r"(?:[1-9]+[mpsz]|[1-8]+f)+")
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(120)]


def tile_lists(message: Any) -> list[list[str]]:
    """Every list of tiles anywhere in a message: JSON lists of tiles and compact mpsz strings ("123m45p")."""
    found: list[list[str]] = []

    def walk(node: Any) -> None:
        if isinstance(node, list):
            if node and all(isinstance(x, str) and len(x) == 2 and x[1] in "mpszf" for x in node):
                found.append(node)
            for x in node:
                walk(x)
        elif isinstance(node, dict):
            for x in node.values():
                walk(x)
        elif isinstance(node, str) and len(node) > 2 and MPSZ.fullmatch(node):
            found.append([str(t) for t in parse_tiles(node)])

    walk(message)
    return found


def secrets_of(hand_id: int) -> tuple[list[list[Counter]], list[str], str]:
    """Per seat, the multiset of its concealed tiles after every step; the wall order; the seed."""
    from tables.models import Hand
    from tables.services.replay import rebuild

    hand = Hand.objects.get(pk=hand_id)
    first, steps = rebuild(hand)
    states = [first, *[state for _, state in steps]]
    concealed = [[Counter(str(t) for t in s.seats[i].hand) for s in states] for i in range(first.n_seats)]
    return concealed, [str(t) for t in first.wall], hand.seed


def is_wall_slice(tiles: list[str], wall: list[str]) -> bool:
    """Whether `tiles` (8 or more) appear in this order, contiguously, in the wall."""
    n = len(tiles)
    return n >= 8 and any(wall[i : i + n] == tiles for i in range(len(wall) - n + 1))


def assert_nothing_hidden(name: str, seat: int | None, messages: list[dict], concealed, wall, seed) -> None:
    for message in messages:
        assert seed not in str(message), f"{name} saw the seed before the end"
        for tiles in tile_lists(message):
            assert not is_wall_slice(tiles, wall), f"{name} saw the wall order: {tiles}"
            if len(tiles) < 5:
                continue  # short lists (melds, a pair) are public or too common to tell
            as_counter = Counter(tiles)
            for other, history in enumerate(concealed):
                if other != seat:
                    assert as_counter not in history, f"{name} saw seat {other}'s concealed tiles: {tiles}"


async def test_players_and_spectators_see_only_what_their_seat_may_see(
    four_players, make_player, funded, seat_at_table
):
    from tables.models import Hand, Table

    table = await sync_to_async(seat_at_table)(four_players, "pinghe")
    await sync_to_async(lambda: Table.objects.filter(pk=table.pk).update(private=False))()
    watcher_user = await sync_to_async(lambda: funded(make_player("kan", "看客")))()
    players = [await TableClient.open(p, table.pk, p.username) for p in four_players]
    watcher = await TableClient.open(watcher_user, table.pk, "watcher")
    await play_until([*players, watcher], finished(players, "hand_finished"))
    await watcher.sync()  # the watcher has the end of the hand too

    hand = await sync_to_async(Hand.objects.get)(table=table, number=1)
    concealed, wall, seed = await sync_to_async(secrets_of)(hand.pk)
    for client in [*players, watcher]:
        before_end = []
        for message in client.received:
            if message["type"] == "events" and any(e["type"] == "hand_finished" for e in message["events"]):
                break
            before_end.append(message)
        assert before_end  # at least the state on connect
        assert_nothing_hidden(client.name, client.seat, before_end, concealed, wall, seed)
    # Each player did see their own tiles (the check above is not vacuous).
    own = [
        any(Counter(t) in concealed[int(c.seat or 0)] for m in c.received for t in tile_lists(m) if len(t) >= 5)
        for c in players
    ]
    assert all(own)
    for client in [*players, watcher]:
        await client.close()
