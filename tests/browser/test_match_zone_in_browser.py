"""The match zone (比赛专区) in the browser: a new player buys this season's pass with one click, wins a scripted
guangdong hand in a match room, sees "+N 龙珠" beside their name on the sheet and their row in the standings.

The guangdong room at base 50 deals from a scripted wall: 阿龙 (the dealer) discards 白 and self-draws 9s for
平胡 + 自摸 = 2 番; the bots hold pungs and lone honours (they can neither claim nor win)."""

from __future__ import annotations

import re

import pytest

from coins.models import DEFAULT_WELCOME_AMOUNT
from tests.browser.conftest import PASSWORD, console_errors, grant, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

HANDS = ["123m456m789m123p9s5z", "111777s999p2z3z4z6z", "333444s888p2z3z4z7z", "555666s777p2z3z6z7z"]
LIVE, BASE, COINS = "1z1z5z9s", 50, 4000


def open_the_season_and_script_the_room(app) -> int:
    out = app.shell(
        "from engine.hand_script import arrange; from tables.models import Room; from match import seasons; "
        f"room = Room.objects.get(variant='guangdong', base={BASE}); "
        f"room.options = arrange('guangdong', dealer=0, hands={HANDS!r}, live={LIVE!r}); room.save(); "
        "seasons.make_monthly_seasons(); print(seasons.current_season().pk)"
    )
    return int(out.strip().splitlines()[-1])


def test_a_new_player_buys_a_pass_wins_and_earns_pearls(live_app, browser, screenshots):
    season_id = open_the_season_and_script_the_room(live_app)
    page = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    errors = console_errors(page)
    sign_up(page, live_app, "long_match", "阿龙")
    grant(live_app, "long_match", COINS - DEFAULT_WELCOME_AMOUNT)

    page.goto(f"{live_app.url}/match/")
    assert "购买通行证（500 游戏币）" in page.inner_text("#buy-pass")
    page.click("#buy-pass")
    page.wait_for_selector("#match-pass .pass.held")
    page.screenshot(path=str(screenshots / "match-zone.png"), full_page=True)

    page.goto(f"{live_app.url}/tables/")
    assert "已持有通行证" in page.inner_text("#match-zone-card")
    page.click("#match-zone-card li.mine a")
    page.click("#quick-seat")
    page.wait_for_selector("#my-hand .tile.playable[data-tile='5z']", timeout=30000)
    page.click("#my-hand .tile.playable[data-tile='5z']")
    page.wait_for_selector("#actions button[data-action-type=win]", timeout=30000)
    page.click("#actions button[data-action-type=win]")

    badge = page.wait_for_selector("#sheet-card tr.me .pearls", timeout=30000)
    assert badge.inner_text().strip() == "+2 龙珠"
    assert len(page.query_selector_all("#sheet-card .pearls")) == 1  # the winner's row only
    page.screenshot(path=str(screenshots / "match-sheet.png"), full_page=True)

    page.goto(f"{live_app.url}/match/seasons/{season_id}/")
    mine = page.inner_text("#standings tr.mine")  # near the top: listed once, not pinned again
    assert "阿龙" in mine and re.search(r"\b2\b", mine)
    page.screenshot(path=str(screenshots / "match-standings.png"), full_page=True)
    assert errors == []


def test_the_admin_season_page(live_app, browser, screenshots):
    live_app.shell(
        "from accounts.models import User; "
        f"User.objects.create_superuser('match_boss', password={PASSWORD!r}, display_name='老板')"
    )
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(f"{live_app.url}/admin/login/")
    page.fill("input[name=username]", "match_boss")
    page.fill("input[name=password]", PASSWORD)
    page.click("input[type=submit]")
    page.goto(f"{live_app.url}/admin/match/season/")
    page.click("#result_list tbody tr:first-child th a")
    page.wait_for_selector("#season_form")
    page.screenshot(path=str(screenshots / "match-admin-season.png"), full_page=True)
