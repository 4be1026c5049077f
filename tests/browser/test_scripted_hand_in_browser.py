"""A dealt-to-order pinghe hand in the browser: what the table offers and hints at each step.

The room deals from a scripted wall (engine.hand_script.arrange, as room options): 小芳 is the
dealer with 17 tiles, two discards away from a single wait; the bots hold pungs and lone honors
(they can neither claim nor win). So the page must offer 抢金 (the turned-up gold would complete
her hand) or 过, star the discards that leave her ready, show her waits after the discard, and
offer 自摸 when her winning tile comes; the sheet then shows her as the winner.
"""

from __future__ import annotations

import pytest

from coins.models import DEFAULT_WELCOME_AMOUNT
from tests.browser.conftest import grant, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

# mpsz: seat 0 (the player, dealer) then the three bots; live = the next four draws.
HANDS = ["123456789m123456p1z9s", "111777s999p222m2z3z4z6z", "333444s888p555m2z3z4z7z", "555666s777p333m2z3z6z7z"]
LIVE, GOLD, BASE, COINS = "7z6z4z9s", "8s", 50, 4000


def deal_to_order(app) -> None:
    app.shell(
        "from engine.hand_script import arrange; from tables.models import Room; "
        f"room = Room.objects.get(variant='pinghe', base={BASE}); "
        f"room.options = arrange('pinghe', dealer=0, hands={HANDS!r}, live={LIVE!r}, gold={GOLD!r}); room.save()"
    )


def seated_at_the_dealt_table(live_app, browser, username: str, name: str, height: int = 860):
    """A new player, funded, quick-seated in the room that deals this hand: their page."""
    deal_to_order(live_app)
    page = browser.new_context(viewport={"width": 1280, "height": height}).new_page()
    sign_up(page, live_app, username, name)
    grant(live_app, username, COINS - DEFAULT_WELCOME_AMOUNT)  # on top of their welcome grant
    page.goto(f"{live_app.url}/tables/")
    page.click(f"#variant-pinghe .room.own[data-base='{BASE}'] a.room-link")
    page.click("#quick-seat")
    return page


def tiles_of(page, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "nodes => nodes.map(n => n.dataset.tile)")


def test_the_table_offers_qiangjin_hints_the_waits_and_offers_zimo(live_app, browser, screenshots):
    page = seated_at_the_dealt_table(live_app, browser, "fang_scripted", "小芳")

    # The opening: 抢金 (one button per tile she could give up) or 过 — nothing else.
    page.wait_for_selector("#actions button[data-action-type=qiangjin]", timeout=30000)
    offered = set(page.eval_on_selector_all("#actions button", "bs => bs.map(b => b.dataset.actionType)"))
    assert offered == {"qiangjin", "pass"}
    assert tiles_of(page, "#gold .tile") == [GOLD, "5z"]  # the gold and its 白板 stand-in
    page.screenshot(path=str(screenshots / "scripted-qiangjin.png"), full_page=True)
    page.click("#actions button[data-action-type=pass]")

    # Her turn: the two discards that leave her ready carry a star.
    page.wait_for_selector("#my-hand .tile.playable")
    assert sorted(tiles_of(page, "#my-hand .tile.ready-after")) == ["1z", "9s"]
    # Hints off in the settings: no stars, no hint line; on again: both back (remembered by the browser).
    page.click("#settings summary")
    page.uncheck("#settings-form input[name=hints]")
    assert tiles_of(page, "#my-hand .tile.ready-after") == [] and page.inner_text("#hints") == ""
    page.screenshot(path=str(screenshots / "scripted-hints-off.png"), full_page=True)
    assert page.evaluate("JSON.parse(localStorage.getItem('mj.table.settings')).hints") is False
    page.check("#settings-form input[name=hints]")
    page.click("#settings summary")
    assert sorted(tiles_of(page, "#my-hand .tile.ready-after")) == ["1z", "9s"]
    assert "★" in page.inner_text("#hints")
    page.click("#my-hand .tile.playable[data-tile='1z']")

    # Ready: the waits are shown (9s, and the gold that stands in for it) until the winning draw.
    page.wait_for_selector("#hints .waits .tile")
    assert tiles_of(page, "#hints .waits .tile") == ["8s", "9s"]
    page.screenshot(path=str(screenshots / "scripted-waits.png"), full_page=True)
    page.wait_for_selector("#actions button[data-action-type=win]", timeout=30000)
    assert page.inner_text("#actions button[data-action-type=win]").startswith("自摸")
    page.click("#actions button[data-action-type=win]")

    page.wait_for_selector("#sheet-card tr.me.winner")
    assert int(page.get_attribute("#sheet-card tr.me td.total", "data-paid") or "0") > 0
    page.screenshot(path=str(screenshots / "scripted-sheet.png"), full_page=True)
