"""In Chromium against a live server: 老板 opens the dashboard and a hand's replay from the admin.

Screenshots are saved to artifacts/screenshots/ (see README, "Operator admin").
Playwright drives Debian's chromium (`CHROMIUM_PATH` overrides the path, as in tests/browser).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import PASSWORD

sync_api = pytest.importorskip("playwright.sync_api")

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture
def page(monkeypatch) -> Iterator[Any]:
    # Playwright's sync API keeps an event loop in this thread; the test's own ORM calls are plain sync code.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    executable = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(executable).exists():
        pytest.skip(f"{executable} is missing (bin/test installs Debian's chromium)")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="zh-CN")
        yield context.new_page()
        context.close()
        browser.close()


def log_in(page: Any, base_url: str, username: str) -> None:
    page.goto(f"{base_url}/admin/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_selector("#operations-links")


def test_the_dashboard_and_a_replay_from_the_admin(live_server, boss, won_hand, page):
    log_in(page, live_server.url, "boss")
    page.click("#dashboard-link")
    page.wait_for_selector("#chart-coins svg")
    assert page.locator("svg.chart").count() == 5  # with the coins issued per day by kind
    assert page.locator("#players-seated b").inner_text() == "1"
    page.screenshot(path=str(SCREENSHOTS / "admin-dashboard.png"), full_page=True)

    page.goto(f"{live_server.url}/admin/tables/hand/?settled__exact=1")
    page.click(f"a[href^='/admin/tables/hand/{won_hand.pk}/change/']")
    page.wait_for_selector("#seed-check")
    assert "✓ 种子与承诺一致" in page.inner_text("#seed-check")
    page.screenshot(path=str(SCREENSHOTS / "admin-hand-record.png"), full_page=True)

    page.click("#replay-link")
    page.wait_for_selector("#seed-check.ok")
    first = page.inner_text("#step-label")
    for _ in range(3):
        page.click("#next")
    assert page.inner_text("#step-label") != first
    page.screenshot(path=str(SCREENSHOTS / "admin-hand-replay.png"), full_page=True)


def test_support_bans_a_player_from_the_users_page(live_server, li, ming, page):
    from accounts.models import User

    log_in(page, live_server.url, "li")
    page.goto(f"{live_server.url}/admin/accounts/user/?q=ming")
    page.click(f"a[href^='/admin/accounts/user/{ming.pk}/change/']")
    page.wait_for_selector("#player-file")
    page.screenshot(path=str(SCREENSHOTS / "admin-player-file.png"), full_page=True)
    page.click("#sanction-link")
    page.select_option("#id_kind", "suspend")
    page.fill("#id_days", "3")
    page.fill("#id_reason", "辱骂其他玩家 abusive chat")
    page.click("#sanction-form input[type=submit]")
    page.wait_for_selector("#lift-link")
    assert "abusive chat" in page.inner_text("#player-sanction")
    page.screenshot(path=str(SCREENSHOTS / "admin-player-suspended.png"), full_page=True)
    assert not User.objects.get(pk=ming.pk).is_active


def test_the_admin_closes_a_live_table(live_server, boss, running_table, page):
    from tables.models import Hand

    hand = Hand.objects.get(table=running_table, status="playing")
    log_in(page, live_server.url, "boss")
    page.goto(f"{live_server.url}/admin/tables/table/?live=yes")
    assert "1 真人 · 3 机器人" in page.inner_text("#result_list")
    page.click(f"a[href^='/admin/tables/table/{running_table.pk}/change/']")
    page.wait_for_selector("#public-state")
    page.screenshot(path=str(SCREENSHOTS / "admin-live-table.png"), full_page=True)
    page.click("#close-table-link")
    page.fill("#id_reason", "服务器维护 maintenance")
    page.click("#close-table-form input[type=submit]")
    page.wait_for_selector(".messagelist")
    assert f"牌局 #{hand.pk} 已作废" in page.inner_text(".messagelist")
    page.screenshot(path=str(SCREENSHOTS / "admin-table-closed.png"), full_page=True)
