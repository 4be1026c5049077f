"""A season page's standings are live: its socket gets the standings on connecting and again when 龙珠 change,
at most one push a second however many hands settle in it."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.core.cache import cache

from config.asgi import application
from match import live
from tables.services.settlement import settle_hand
from tests.match.conftest import CAPPED, CHICKEN, sheet_of
from tests.tables.conftest import OUR_ORIGIN, session_cookie_for

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _fresh_layer(fresh_channel_layer, eager_celery) -> None:
    cache.delete_many([f"match:push:{n}" for n in range(1, 50)])


async def open_page(user, season_id: int) -> WebsocketCommunicator:
    headers = [(b"host", b"localhost"), (b"origin", OUR_ORIGIN), (b"cookie", await session_cookie_for(user))]
    socket = WebsocketCommunicator(application, f"/ws/match/seasons/{season_id}/", headers=headers)
    connected, _code = await socket.connect(timeout=10)
    assert connected
    return socket


async def test_the_page_gets_the_standings_then_each_change(holders, season, finished_hand):
    socket = await open_page(holders[0], season.pk)
    first = await socket.receive_json_from(timeout=5)
    assert first["type"] == "standings" and [r["pearls"] for r in first["rows"]] == [0, 0, 0, 0]
    await sync_to_async(settle_hand)((await sync_to_async(finished_hand)(sheet_of(CAPPED))).pk)
    pushed = await socket.receive_json_from(timeout=5)
    assert (pushed["rows"][0]["name"], pushed["rows"][0]["pearls"]) == ("小芳", 3)
    await socket.disconnect()


def test_many_changes_in_a_second_queue_one_push(holders, season, finished_hand, monkeypatch):
    queued: list[int] = []
    monkeypatch.setattr("match.tasks.push_standings.apply_async", lambda args, countdown: queued.append(args[0]))
    for sheet in (sheet_of(CAPPED), sheet_of(CHICKEN), sheet_of(CAPPED)):
        settle_hand(finished_hand(sheet).pk)
    assert queued == [season.pk]
    assert live.push(season.pk) == 4  # the push frees the next second's slot
    settle_hand(finished_hand(sheet_of(CHICKEN)).pk)
    assert queued == [season.pk, season.pk]


async def test_a_stranger_is_refused(season):
    socket = WebsocketCommunicator(
        application, f"/ws/match/seasons/{season.pk}/", headers=[(b"host", b"localhost"), (b"origin", OUR_ORIGIN)]
    )
    connected, _code = await socket.connect(timeout=10)
    assert not connected
