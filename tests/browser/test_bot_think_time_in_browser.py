"""A bot takes its time: at a table with a person, each bot discard is played one think time after the
move before it (the room's think time is set to a second), never at once.

阿珍 plays an erren hand against the bot by clicks. The times are the server's: each logged move's
commit stamp (ActionLog.created_at), not when a frame reached the page, which on a loaded machine can
lag a batch behind the next and make two moves a think time apart look simultaneous. Holds for any
deal: a hand that ends before the bot's first discard leaves nothing to time. After the bot declares
报听 the system lets each drawn tile go for it (an `auto_discard` inside the move that gave it the draw,
not a logged move of its own), so only the bot's own decisions are timed.
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
# A move's stamp is taken as its row is written, a moment before its commit, which the think time is
# counted from: the gap between two stamps can only be longer than the think time, by the commit's cost.
SLACK_MS = 50


def test_each_bot_discard_comes_a_think_time_after_the_move_before_it(live_app, browser):
    live_app.shell(
        "from tables.models import Room; "
        f"Room.objects.filter(variant='erren').update(bot_think_min_ms={THINK_MS}, bot_think_max_ms={THINK_MS})"
    )
    page = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
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

    moves = logged_moves(live_app, "zhen_think")
    gaps = [
        (at - moves[i - 1][0]) * 1000
        for i, (at, source, kind) in enumerate(moves)
        if i and source == "bot" and kind == "discard"
    ]
    assert all(gap >= THINK_MS - SLACK_MS for gap in gaps), gaps


def logged_moves(app: Any, username: str) -> list[tuple[float, str, str]]:
    """The player's erren hand's logged moves in order: (commit stamp in seconds, source, action type)."""
    out = app.shell(
        "import json; from tables.models import ActionLog; "
        f"rows = ActionLog.objects.filter(hand__variant='erren', table__seats__user__username={username!r})"
        ".order_by('id'); "
        "print(json.dumps([(r.created_at.timestamp(), r.source, r.action.get('type')) for r in rows]))"
    )
    return [tuple(row) for row in json.loads(out.strip().splitlines()[-1])]
