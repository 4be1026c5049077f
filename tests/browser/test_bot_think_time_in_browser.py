"""A bot takes its time: at a table with a person, each bot move reaches the browser one think
time after the move before it (the room's think time is set to a second), never at once.

阿珍 plays an erren hand against the bot by clicks; the page's socket frames are timed. Holds
for any deal: a hand that ends before the bot's first discard leaves nothing to time. After the
bot declares 报听 the system lets each drawn tile go for it (an `auto_discard`, the rule, not a
bot's decision): that discard lands with the move that gave the bot its draw, so it is not timed.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.browser.conftest import sign_up
from tests.browser.test_play_pinghe_in_browser import click_one_move

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]
THINK_MS = 1000
# The move before may reach the page a little after its commit (its broadcast), which the think
# time is counted from.
SLACK_MS = 300


def test_each_bot_discard_arrives_a_think_time_after_the_move_before_it(live_app, browser):
    live_app.shell(
        "from tables.models import Room; "
        f"Room.objects.filter(variant='erren').update(bot_think_min_ms={THINK_MS}, bot_think_max_ms={THINK_MS})"
    )
    page = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    frames: list[tuple[float, dict[str, Any]]] = []
    page.on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda payload: frames.append((time.monotonic(), json.loads(payload)))),
    )
    sign_up(page, live_app, "zhen_think", "阿珍")
    page.goto(f"{live_app.url}/tables/")
    page.click("#variant-erren .room.own a.room-link")
    page.click("#quick-seat")
    deadline = time.monotonic() + 200
    while not page.is_visible("#sheet-card"):
        assert time.monotonic() < deadline, "the hand did not finish"
        if click_one_move(page):
            page.wait_for_function("() => !mjTable.state.pending", timeout=15000)
        else:
            page.wait_for_timeout(100)

    batches = [(t, m["events"]) for t, m in frames if m.get("type") == "events" and m.get("events")]
    mine = next(e["hand"]["you"] for _, events in batches for e in events if e.get("type") == "prompt")
    gaps = [
        (t - batches[i - 1][0]) * 1000
        for i, (t, events) in enumerate(batches)
        if i and bot_decided_a_discard(events, mine)
    ]
    assert all(gap >= THINK_MS - SLACK_MS for gap in gaps), gaps


def bot_decided_a_discard(events: list[dict[str, Any]], mine: int) -> bool:
    """Does this batch hold a discard the bot chose (not one the system played after its 报听)?"""
    auto = {e.get("seat") for e in events if e.get("type") == "auto_discard"}
    return any(e.get("type") == "discard" and e.get("seat") not in (mine, *auto) for e in events)
