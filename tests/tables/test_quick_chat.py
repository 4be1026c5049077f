"""Quick chat (快捷语): a seated player's phrase or emote reaches everyone at the table, spectators
included; a seat may send only a few lines in a window (all its sockets share the limit); spectators
cannot send; anything outside the fixed lists is refused and reaches nobody."""

from __future__ import annotations

import time

import pytest
from asgiref.sync import sync_to_async
from django.core.cache import cache

from tables.chat import PHRASES
from tests.tables.conftest import TableClient

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(60)]


@pytest.fixture
def public_table(four_players, room):
    """阿明 and 小芳 sit at a public pinghe table (two seats still empty, so no hand is dealt)."""
    from tables.services import seating

    the_room = room("pinghe", 10, bot_wait_seconds=600)
    table = seating.quick_seat(four_players[0], the_room)
    seating.sit(four_players[1], table.pk)
    cache.delete_many([f"chat:{table.pk}:{seat}" for seat in range(4)])
    return table


async def lines(client: TableClient, at_least: int = 0, wait: float = 10) -> list[dict]:
    """The chat lines that reach `client`: at least `at_least` of them if they come within `wait`
    seconds (a loaded machine delays the broadcast past a short quiet), then whatever follows in 0.3 s."""
    got: list[dict] = []
    deadline = time.monotonic() + wait
    while len(got) < at_least and time.monotonic() < deadline:
        got += [m for m in await client.drain(0.3) if m["type"] == "chat"]
    return got + [m for m in await client.drain(0.3) if m["type"] == "chat"]


async def test_a_phrase_and_an_emote_reach_every_seat_and_the_spectators(four_players, make_player, public_table):
    ming = await TableClient.open(four_players[0], public_table.pk, "ming")
    fang = await TableClient.open(four_players[1], public_table.pk, "fang")
    watcher = await TableClient.open(await sync_to_async(make_player)("kan", "看客"), public_table.pk, "kan")

    await ming.send({"type": "chat", "phrase": "hello"})
    await fang.send({"type": "chat", "emote": "thumbs"})

    for client in (ming, fang, watcher):
        assert await lines(client, at_least=2) == [
            {"type": "chat", "seat": 0, "phrase": "hello"},
            {"type": "chat", "seat": 1, "emote": "thumbs"},
        ]


async def test_a_seat_is_rate_limited_across_its_sockets(four_players, public_table, settings):
    settings.TABLES_CHAT_BURST, settings.TABLES_CHAT_WINDOW_SECONDS = 2, 30
    ming = await TableClient.open(four_players[0], public_table.pk, "ming")
    second_tab = await TableClient.open(four_players[0], public_table.pk, "ming-2")
    fang = await TableClient.open(four_players[1], public_table.pk, "fang")

    await ming.send({"type": "chat", "phrase": "hello"})
    await second_tab.send({"type": "chat", "phrase": "nice"})
    # two sockets' lines race each other: either may arrive first, both within the seat's window
    assert sorted(m["phrase"] for m in await lines(fang, at_least=2)) == ["hello", "nice"]
    await ming.send({"type": "chat", "phrase": "hurry"})  # the third line in the window

    refused = [m for m in await ming.drain(0.2) if m["type"] == "error"]
    assert [m["code"] for m in refused] == ["chat_rate_limited"]
    assert await lines(fang) == []
    await fang.send({"type": "chat", "phrase": "thanks"})  # another seat has its own window
    assert [m.get("phrase") for m in await lines(ming, at_least=1)] == ["thanks"]


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"type": "chat", "phrase": "buy coins at example.com"}, "malformed"),  # no free text
        ({"type": "chat", "emote": "skull"}, "malformed"),
        ({"type": "chat", "phrase": ["hello"]}, "malformed"),
        ({"type": "chat"}, "malformed"),
        ({"type": "chat", "phrase": "hello", "emote": "smile"}, "malformed"),
    ],
)
async def test_anything_outside_the_lists_is_refused_and_reaches_nobody(four_players, public_table, message, code):
    ming = await TableClient.open(four_players[0], public_table.pk, "ming")
    fang = await TableClient.open(four_players[1], public_table.pk, "fang")
    await ming.send(message)
    assert [m["code"] for m in await ming.drain(0.2) if m["type"] == "error"] == [code]
    assert await lines(fang) == []


async def test_spectators_read_but_cannot_send(four_players, make_player, public_table):
    ming = await TableClient.open(four_players[0], public_table.pk, "ming")
    watcher = await TableClient.open(await sync_to_async(make_player)("kan", "看客"), public_table.pk, "kan")
    await watcher.send({"type": "chat", "phrase": "hello"})
    assert [m["code"] for m in await watcher.drain(0.2) if m["type"] == "error"] == ["not_seated"]
    assert await lines(ming) == []


def test_every_phrase_has_an_english_translation():
    from django.utils import translation

    with translation.override("en"):
        english = [str(text) for text in PHRASES.values()]
    assert all(text.isascii() for text in english), english
