"""An arena (竞技场) in the browser, told whole: three new players join a short guangdong arena from its page
(each its own browser, from its own address: the arena never seats two accounts of one address together),
are seated together with a bot once the start comes and the bot wait is over, play under 托管 (whatever the
secret deal: a hand may end at its opening or in a 流局) and are sent on from table to table until time is up.
A fourth player watches the event page: the standings move without a reload, and when the last hands are
settled the podium appears with its prizes; the winner's record shows the finish.

The live app's beat runs the arenas' tick every second (start, pairing, time up, finish) and its worker the
pushes; nothing is driven from here but the players' clicks.
Screenshots: arena-{zone,joined-phone,live,table-next,podium,record}.png (arena-live and arena-podium are
copied to docs/screenshots/ too with UPDATE_DOC_SHOTS=1).
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import ROOT, App, console_errors, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.timeout(540)]

DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 800}
PLAYERS = [("ar_ming", "阿明"), ("ar_fang", "小芳"), ("ar_wang", "老王")]
PRIZES = [300, 200, 100]
DOCS_SHOTS = ROOT / "docs" / "screenshots"

# On every table page: turn 托管 on once a hand runs at the player's seat (again if it was not taken up).
AUTO_PLAY = """
setInterval(() => {
  const T = window.mjTable;
  if (!T || !T.state.hand || T.state.seat === null) return;
  const mine = T.state.seatInfo(T.state.seat);
  if (!mine || mine.auto) return;
  if (window.__autoAsked && Date.now() - window.__autoAsked < 3000) return;
  window.__autoAsked = Date.now();
  document.getElementById("auto-toggle")?.click();
}, 400);
"""


@pytest.fixture(scope="module", autouse=True)
def _players_behind_a_proxy() -> Iterator[None]:
    """The live app believes X-Forwarded-For from 127.0.0.1 (as behind the site's proxy), so each player's
    browser has its own address. Autouse and module-scoped: set before this module's live app starts."""
    before = os.environ.get("TRUSTED_PROXIES")
    os.environ["TRUSTED_PROXIES"] = "127.0.0.1"
    yield
    if before is None:
        os.environ.pop("TRUSTED_PROXIES", None)
    else:
        os.environ["TRUSTED_PROXIES"] = before


def make_the_arena(app: App, starts_in: int) -> int:
    """A free one-minute guangdong arena in the new players' room, starting in `starts_in` seconds; bots take
    the empty seats after 2 s; short turn timers (a seat whose time runs out is put on 托管)."""
    out = app.shell(
        "from datetime import timedelta; from django.utils import timezone; "
        "from coins.models import DEFAULT_WELCOME_AMOUNT; from tables.models import Room; "
        "from tables.services import brackets; from match.models import Arena; "
        "room = Room.objects.get(variant='guangdong', base=brackets.base_for_balance(DEFAULT_WELCOME_AMOUNT)); "
        "Room.objects.filter(pk=room.pk).update(turn_seconds=6, claim_seconds=4); "
        f"starts = timezone.now() + timedelta(seconds={starts_in}); "
        "a = Arena.objects.create(name='浏览器杯', room=room, starts_at=starts, "
        f"minutes=1, min_hands=1, bot_wait_seconds=2, prizes={PRIZES!r}); print(a.pk)"
    )
    return int(out.strip().splitlines()[-1])


def start_now(app: App, arena_id: int) -> None:
    """Bring the start forward to now (everyone has joined): the beat's next tick starts it."""
    app.shell(
        "from django.utils import timezone; from match.models import Arena; "
        f"Arena.objects.filter(pk={arena_id}).update(starts_at=timezone.now())"
    )


def arena_state(app: App, arena_id: int) -> str:
    return app.shell(
        "from match.models import Arena, ArenaEntry, ArenaTable; "
        f"a = Arena.objects.get(pk={arena_id}); print(a.status, a.starts_at, a.ends_at); "
        "[print(e.user.username, e.state, e.points, e.hands, e.table_id) for e in ArenaEntry.objects.filter(arena=a)]; "
        "[print('table', t.table_id, t.table.status, t.players) for t in ArenaTable.objects.filter(arena=a)]"
    )


def shoot(page: Any, path: Path, **kw: Any) -> bool:
    """A screenshot that a page navigating at that very moment (sent on to its next table) does not fail."""
    try:
        page.screenshot(path=str(path), **kw)
    except Exception:
        return False
    return True


def test_three_players_play_an_arena_while_a_fourth_watches_the_standings_and_the_podium(
    live_app, browser, screenshots
):
    contexts = []
    for n in range(len(PLAYERS)):
        viewport = PHONE if n == 0 else DESKTOP
        context = browser.new_context(
            viewport=viewport, is_mobile=n == 0, has_touch=n == 0,
            extra_http_headers={"X-Forwarded-For": f"10.46.0.{n + 1}"},
        )  # fmt: skip
        context.add_init_script(AUTO_PLAY)
        contexts.append(context)
    players = [context.new_page() for context in contexts]
    watcher = browser.new_context(viewport=DESKTOP, extra_http_headers={"X-Forwarded-For": "10.46.0.9"}).new_page()
    errors = console_errors(watcher)
    for page, (username, name) in zip(players, PLAYERS, strict=True):
        sign_up(page, live_app, username, name)
    sign_up(watcher, live_app, "ar_watch", "看客")
    arena_id = make_the_arena(live_app, starts_in=600)
    arena_url = f"{live_app.url}/match/arenas/{arena_id}/"

    # The watcher finds it in the match zone and opens its page: not started, counting down.
    watcher.goto(f"{live_app.url}/match/")
    row = watcher.locator(f"#match-arenas tr[data-arena='{arena_id}']")
    assert "浏览器杯" in row.inner_text() and "未开始" in row.inner_text()
    shoot(watcher, screenshots / "arena-zone.png", full_page=True)
    row.locator("a").first.click()
    watcher.wait_for_url(arena_url)
    watcher.wait_for_function("() => /距开始 \\d\\d:\\d\\d/.test(document.getElementById('arena-clock').textContent)")
    assert watcher.inner_text("#arena-status") == "未开始"
    assert [int(n) for n in re.findall(r"(\d+) 游戏币", watcher.inner_text("#arena-prizes"))] == PRIZES
    watcher.evaluate("() => { window.__samePage = true; }")  # gone if the page reloads

    # The players join from the event page; the watcher's standings list them as they come (pushed).
    for page in players:
        page.goto(arena_url)
        page.click("#arena-join")
        page.wait_for_selector("#arena-withdraw")
        assert "已报名" in page.inner_text("#arena-actions")
    shoot(players[0], screenshots / "arena-joined-phone.png", full_page=True)
    watcher.wait_for_function(
        "() => document.querySelectorAll('#arena-standings tbody tr[data-user]').length === 3", timeout=15000
    )
    start_now(live_app, arena_id)

    # The start (brought forward): the three sit together with a bot (after the 2 s wait); each page goes there.
    try:
        for page in players:
            page.wait_for_url(re.compile(r"/tables/t/\d+/$"), timeout=90000)
    except Exception:
        print(arena_state(live_app, arena_id))
        raise
    first_tables = {page.url for page in players}
    assert len(first_tables) == 1, first_tables  # one table: three people from three addresses, and a bot
    watcher.wait_for_function("() => document.getElementById('arena-status').textContent === '进行中'", timeout=15000)

    # A hand is settled: the watcher's standings move (hands, and points for a winner), without a reload.
    watcher.wait_for_function(
        "() => [...document.querySelectorAll('#arena-standings tbody tr[data-user]')].some(r => +r.dataset.hands >= 1)",
        timeout=150000,
    )
    assert watcher.evaluate("() => window.__samePage === true")
    assert watcher.evaluate("() => window.mjArena.live.version") >= 1
    status = watcher.inner_text("#arena-status")
    assert status in ("进行中", "最后几局"), status
    shoot(watcher, screenshots / "arena-live.png", full_page=True)

    # A player's table, its hand over: the banner over the settlement links the arena (best effort for the
    # picture: the page goes on to its next table three seconds after the seating).
    try:
        players[1].wait_for_selector("#arena-next", timeout=60000)
        shoot(players[1], screenshots / "arena-table-next.png")
    except Exception:
        pass

    # Time is up, the last hands are settled: the podium, three places with the prizes, on the same page.
    try:
        watcher.wait_for_selector("#arena-podium:not([hidden]) li.place", timeout=240000)
    except Exception:
        print(arena_state(live_app, arena_id))
        raise
    assert watcher.evaluate("() => window.__samePage === true")
    assert watcher.inner_text("#arena-status") == "已结束"
    places = watcher.locator("#arena-podium li.place")
    assert places.count() == 3
    names = [places.nth(i).locator(".who").inner_text() for i in range(3)]
    assert sorted(names) == sorted(name for _u, name in PLAYERS)
    prizes = [int(re.sub(r"\D", "", places.nth(i).locator(".prize").inner_text())) for i in range(3)]
    assert prizes == PRIZES
    points = [int(re.sub(r"\D", "", places.nth(i).locator(".pts").inner_text())) for i in range(3)]
    assert points == sorted(points, reverse=True)
    ranked = watcher.locator("#arena-standings tbody tr[data-user]:not(.unranked) td.rank")
    assert [ranked.nth(i).inner_text() for i in range(ranked.count())] == ["1", "2", "3"]
    assert watcher.locator("#arena-join, #arena-withdraw").count() == 0
    shoot(watcher, screenshots / "arena-podium.png", full_page=True)

    # Each player ends on their last arena table (none is left in the lobby), whose banner says the arena is
    # over and links it (from its `arena_next` event, or asked afresh when a full state already held the close).
    for page in players:
        assert re.search(r"/tables/t/\d+/$", page.url), page.url
        page.wait_for_selector("#arena-next[data-more='0']", timeout=15000)
        assert "比赛即将结束" in page.inner_text("#arena-next")
        assert page.get_attribute("#arena-back", "href") == f"/match/arenas/{arena_id}/"

    # The winner's record shows the finish.
    winner = players[[name for _u, name in PLAYERS].index(names[0])]
    winner.goto(f"{live_app.url}/accounts/profile/")
    record = winner.inner_text("#arena-podium-record")
    assert "浏览器杯" in record and "第 1 名" in record and f"{PRIZES[0]} 游戏币" in record
    shoot(winner, screenshots / "arena-record.png", full_page=True)

    if os.environ.get("UPDATE_DOC_SHOTS") == "1":  # a test run leaves the checkout as it found it
        DOCS_SHOTS.mkdir(parents=True, exist_ok=True)
        for name in ("arena-live", "arena-podium"):
            shutil.copyfile(screenshots / f"{name}.png", DOCS_SHOTS / f"{name}.png")
    assert "ledger OK" in live_app.manage("ledger_check")
    assert errors == []
