"""Two-player mahjong (二人麻将) in the browser: the opening exchange offered as a tile picker,
then a whole hand against the bot by clicks, to the settlement sheet; the two seats face each other."""

from __future__ import annotations

import pytest

from tests.browser.conftest import sign_up
from tests.browser.test_play_pinghe_in_browser import play_until_sheet

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]


def test_a_player_plays_an_erren_hand_against_the_bot(live_app, browser, screenshots):
    page = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    sign_up(page, live_app, "zhen_erren", "阿珍")  # the welcome grant seats her in the lowest room
    page.goto(f"{live_app.url}/tables/")
    page.click("#variant-erren .room.own a.room-link")
    page.click("#quick-seat")

    page.wait_for_selector("#actions .picker .tile", timeout=30000)  # 换牌: pick any tiles to exchange
    assert page.locator("#pos-top .seat-panel").count() == 1 and page.locator("#pos-left .seat-panel").count() == 0
    page.screenshot(path=str(screenshots / "erren-exchange.png"), full_page=True)
    play_until_sheet(page, screenshots, "erren")
    page.wait_for_selector("#sheet-card[data-settled='1']", timeout=30000)
    rows = page.locator("#sheet-card tbody tr")
    assert rows.count() == 2
    assert sum(int(rows.nth(i).locator("td.total").get_attribute("data-paid") or "0") for i in range(2)) == 0
    page.screenshot(path=str(screenshots / "erren-sheet.png"), full_page=True)
