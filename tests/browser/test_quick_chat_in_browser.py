"""Quick chat (快捷语) at a live table: a player's phrase shows by her seat for a spectator, in the
spectator's own language, with a sound; the seat is rate-limited (the fourth line in a window is
refused and reaches nobody); the spectator has no chat panel, can mute the sound (remembered over a
reload) and can mute the player (her next line is not shown to him, while her own page shows it)."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import console_errors, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]


def bubble(page, seat: int) -> str:
    return str(page.inner_text(f".seat-panel[data-seat='{seat}'] .chat-bubble", timeout=5000))


def say(page, line: str) -> None:
    page.click("#chat-toggle")
    page.click(f"#chat-panel button[data-chat={line}]")


def shown(page) -> list[str]:
    return [x["line"] for x in page.evaluate("mjTable.chat.shown")]


def test_a_phrase_reaches_the_table_is_rate_limited_and_can_be_muted(live_app, browser, screenshots):
    mei = browser.new_context(viewport={"width": 1280, "height": 860}, locale="zh-CN").new_page()
    mei_errors = console_errors(mei)
    sign_up(mei, live_app, "mei_chat", "小美")
    mei.goto(f"{live_app.url}/tables/")
    mei.click("#variant-pinghe .room.own a.room-link")
    mei.click("#quick-seat")
    mei.wait_for_url(re.compile(r"/tables/t/\d+/"))
    table_url = mei.url
    mei.wait_for_selector("#pos-bottom .seat-panel", timeout=30000)
    seat = int(mei.evaluate("mjTable.state.seat"))

    # Her settings panel; an emote.
    mei.click("#settings summary")
    mei.screenshot(path=str(screenshots / "desktop-settings.png"), full_page=True)
    mei.click("#settings summary")
    assert mei.get_attribute("#table-app", "data-motion") == "full"

    # 老李 watches the table on a phone, in English, with reduced motion asked for by his system.
    li = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, reduced_motion="reduce"
    ).new_page()
    li_errors = console_errors(li)
    sign_up(li, live_app, "li_watch", "老李")
    li.click("#lang-switch button")
    li.wait_for_selector("html[lang=en]")
    li.goto(table_url)
    li.wait_for_selector(f".seat-panel[data-seat='{seat}']", timeout=30000)
    assert li.locator("#chat-toggle").count() == 0  # spectators read the chat but cannot send
    assert li.get_attribute("#table-app", "data-motion") == "reduced"
    li.click("#settings summary")
    li.screenshot(path=str(screenshots / "phone-settings.png"), full_page=True)
    li.click("#settings summary")
    li.click(f".seat-panel[data-seat='{seat}'] header")  # a first touch lets the page make sound

    mei.click("#chat-toggle")
    mei.click("#chat-panel button[data-chat=thumbs]")
    li.wait_for_selector(f".seat-panel[data-seat='{seat}'] .chat-bubble.emote-bubble svg.emote")
    mei.wait_for_timeout(4500)  # the emote was the first line of a window (4 s in these tests)
    say(mei, "hello")
    assert bubble(li, seat) == "Hello, everyone!"
    assert bubble(mei, seat) == "大家好！"
    assert li.evaluate("mjTable.sound.played") == ["chat", "chat"]  # the emote and the phrase
    li.screenshot(path=str(screenshots / "phone-chat-bubble.png"), full_page=True)
    mei.screenshot(path=str(screenshots / "desktop-chat-bubble.png"), full_page=True)

    # The sound toggle: muted, remembered over a reload; lines still show, silently.
    li.click("#sound-toggle")
    assert li.get_attribute("#sound-toggle", "aria-pressed") == "true"
    li.reload()
    li.wait_for_selector(f".seat-panel[data-seat='{seat}']", timeout=30000)
    assert li.get_attribute("#sound-toggle", "aria-pressed") == "true"
    li.click(f".seat-panel[data-seat='{seat}'] header")
    say(mei, "nice")
    assert bubble(li, seat) == "Well played!"
    assert li.evaluate("mjTable.sound.played") == []

    # Three lines in a window (4 s in these tests): the fourth is refused, she is told, nobody sees it.
    mei.wait_for_timeout(4500)
    for line in ("thanks", "oops", "hurry"):
        say(mei, line)
    li.wait_for_function("() => ['thanks', 'oops', 'hurry'].every((l) => mjTable.chat.shown.some((x) => x.line === l))")
    say(mei, "bye")
    mei.wait_for_selector(".toast:has-text('发言太快了')")
    mei.screenshot(path=str(screenshots / "desktop-chat-rate-limited.png"), full_page=True)
    li.wait_for_timeout(800)
    assert "bye" not in shown(li) and "bye" not in shown(mei)

    # 老李 mutes 小美: after the window her next line shows on her page, not on his.
    li.click(f".seat-panel[data-seat='{seat}'] header .mute")
    assert li.get_attribute(f".seat-panel[data-seat='{seat}'] header .mute", "aria-pressed") == "true"
    mei.wait_for_timeout(4500)
    say(mei, "again")
    assert bubble(mei, seat) == "再来一局！"
    li.wait_for_timeout(800)
    assert "again" not in shown(li)
    li.screenshot(path=str(screenshots / "phone-chat-muted.png"), full_page=True)
    assert mei_errors == [] and li_errors == []
