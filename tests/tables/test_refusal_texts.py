"""A refused request is explained in the player's language: every refusal code has a translated text,
the socket answers in the language of the page that opened it, and the table page hands its script
the same texts for the client's own use."""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.urls import reverse

import engine
from config.asgi import application
from engine.actions import IllegalAction
from tables.errors import REFUSALS, TableError
from tests.tables.conftest import OUR_ORIGIN, session_cookie_for


def subclasses(cls: Any) -> list[Any]:
    return [s for c in cls.__subclasses__() for s in (c, *subclasses(c))]


def refusal_codes() -> list[str]:
    """The code of every way the engine (all variants) or a table can refuse a player."""
    for module in pkgutil.walk_packages(engine.__path__, "engine."):
        if not re.search(r"(^|\.)(cli\w*|__main__)$", module.name):
            importlib.import_module(module.name)
    return sorted({str(c.code) for c in [*subclasses(IllegalAction), *subclasses(TableError)]})


@pytest.mark.parametrize("code", refusal_codes())
def test_every_refusal_has_a_text_for_players(code):
    assert code in REFUSALS


@pytest.mark.django_db(transaction=True)
@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    "language, told", [("", "消息格式不正确"), ("zh-hans", "消息格式不正确"), ("en", "The message is not well formed")]
)
async def test_the_socket_refuses_in_the_language_of_its_page(four_players, seat_at_table, language, told):
    ming = four_players[0]
    table = await sync_to_async(seat_at_table)([ming], "pinghe")
    cookie = await session_cookie_for(ming) + (f"; django_language={language}".encode() if language else b"")
    headers = [(b"host", b"localhost"), (b"origin", OUR_ORIGIN), (b"cookie", cookie)]
    socket = WebsocketCommunicator(application, f"/ws/tables/{table.pk}/", headers=headers)
    assert (await socket.connect(timeout=10))[0]
    await socket.send_json_to({"type": "dance"})
    message = await socket.receive_json_from(timeout=5)
    while message["type"] != "error":
        message = await socket.receive_json_from(timeout=5)
    assert (message["code"], message["reason"]) == ("malformed", told)
    await socket.disconnect()


@pytest.mark.django_db
@pytest.mark.parametrize("language, told", [("zh-hans", "现在还没轮到你"), ("en", "It is not your turn to act")])
def test_the_table_page_gives_its_script_the_refusal_texts_of_its_language(
    client, four_players, seat_at_table, language, told
):
    ming = four_players[0]
    table = seat_at_table([ming], "pinghe")
    client.force_login(ming)
    client.post(reverse("set_language"), {"language": language, "next": "/"})
    page = client.get(reverse("tables:table", args=[table.pk])).content.decode()
    script = re.search(r'<script id="refusal-texts" type="application/json">(.*?)</script>', page)
    assert script is not None
    texts = json.loads(script.group(1))
    assert texts["not_your_turn"] == told and set(texts) == set(REFUSALS)
