"""A sheet with the balance floor and the dealer's line, and the pages around it, in one language at a time.

A scripted pinghe deal (base 10): 阿明 deals, 小芳 sits after him, two bots fill the table. 小芳 passes the opening,
阿明 discards, and 小芳 draws her winning tile (自摸, 2番). Just before, an operator leaves 阿明 5 coins: he owes
10 × 2番 × 庄家 ×2 = 40 and pays 5, so 小芳's card shows his row with the dealer's line, the floor's
"余额不足，只付 5" line and −5 (screenshots in artifacts/screenshots/; 阿明 himself is moved out of the room his
balance left). Then 小芳's table, replay (with its review), history, wallet and profile (her record) are walked in
Chinese and in English: none shows the other language's text (the game's terms the English keeps beside their
translation, and people's names, aside).
"""

from __future__ import annotations

import pytest

from tests.admin.test_one_language_per_page import SWITCH, TECHNICAL, foreign_text, kept_chinese_terms
from tests.admin.test_one_language_per_page import words_of_the_chinese_texts as chinese_texts_words
from tests.browser.conftest import console_errors, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

# 阿明 (dealer, 17 tiles), 小芳 (waits on 6s/9s and draws 6s after his discard), then the bots' scattered hands.
HANDS = ["1357m1357p1357s1234z9s", "123456789m456p99s78s", "1357m1357p1357s5566z", "2468m2468p2468s5677z"]
LIVE, GOLD, BASE = "6s", "9p", 10
NAMES = ("ming_sheet", "fang_sheet", "阿明", "小芳")  # user content: never translated
# What the page shows as text: its body without scripts, styles, code (seeds and hashes are data) and the tiles'
# faces (pictures: an SVG's glyphs).
VISIBLE = """() => { const b = document.body.cloneNode(true);
  b.querySelectorAll("script, style, code, pre, textarea, bdi, svg").forEach((n) => n.remove());
  return b.textContent; }"""


def deal_to_order(app) -> None:
    """The room deals this hand; its bots wait long enough for both people to sit."""
    app.shell(
        "from engine.hand_script import arrange; from tables.models import Room; "
        f"room = Room.objects.get(variant='pinghe', base={BASE}); room.bot_wait_seconds = 8; "
        f"room.options = arrange('pinghe', dealer=0, hands={HANDS!r}, live={LIVE!r}, gold={GOLD!r}); room.save()"
    )


def leave_him_5_coins(app, username: str) -> None:
    app.shell(
        "from accounts.models import User; from ledger import services as ledger; "
        f"u = User.objects.get(username={username!r}); "
        "ledger.debit(u, ledger.balance_of(u) - 5, by=None, reason='browser test: 5 left', key='five-left')"
    )


def seated(browser, app, username: str, name: str):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    sign_up(page, app, username, name)
    page.goto(f"{app.url}/tables/")
    page.click(f"#variant-pinghe .room.own[data-base='{BASE}'] a.room-link")
    page.click("#quick-seat")
    page.wait_for_selector("#table-app, .table-app", timeout=30000)
    return context, page


def hand_id(app) -> int:
    out = app.shell(
        "from tables.models import Hand; print(Hand.objects.order_by('-id').values_list('id', flat=True)[0])"
    )
    return int(out.strip().splitlines()[-1])


def shown_text(page) -> str:
    text = str(page.evaluate(VISIBLE))
    for name in NAMES:
        text = text.replace(name, " ")
    return text


def test_the_short_dealer_s_lines_and_the_pages_around_them_speak_one_language(live_app, browser, screenshots):
    deal_to_order(live_app)
    _ming_context, ming = seated(browser, live_app, "ming_sheet", "阿明")
    context, fang = seated(browser, live_app, "fang_sheet", "小芳")
    errors = console_errors(fang)

    fang.wait_for_selector("#actions button[data-action-type=pass]", timeout=60000)  # the opening (抢金 or 过)
    fang.click("#actions button[data-action-type=pass]")
    ming.wait_for_selector("#my-hand .tile.playable", timeout=30000)
    leave_him_5_coins(live_app, "ming_sheet")
    ming.click("#my-hand .tile.playable[data-tile='1z']")
    fang.wait_for_selector("#actions button[data-action-type=win]", timeout=30000)
    fang.click("#actions button[data-action-type=win]")

    row = "#sheet-card[data-settled='1'] tr[data-seat='0']"
    fang.wait_for_selector(f"{row} td.total[data-paid='-5']", timeout=60000)
    his = fang.inner_text(row)
    assert "自摸：底 10 × 2番 × 庄家 ×2 = −40（付给 小芳）" in his
    assert "余额不足，只付 5（少付 35）：+35" in his and "合计 −5" in his
    assert "输家余额不足，少收 35：−35" in fang.inner_text("#sheet-card tr.me")
    assert fang.inner_text(f"{row} td.who") == "阿明"  # moved out of the room since, he is still named
    fang.screenshot(path=str(screenshots / "sheet-floor-and-dealer-line.png"), full_page=True)
    hand = hand_id(live_app)

    pages = ["/tables/history/", f"/tables/hands/{hand}/replay/", "/wallet/", "/accounts/profile/"]
    allowed = {"en": kept_chinese_terms() | SWITCH, "zh-hans": chinese_texts_words() | SWITCH | TECHNICAL}
    table_url, mixed = fang.url, {}
    for language in ("zh-hans", "en"):
        context.add_cookies([{"name": "django_language", "value": language, "url": live_app.url}])
        fang.goto(table_url)  # the table page: its card (the settled sheet) in the page's language
        fang.wait_for_selector(f"{row} td.total[data-paid='-5']", timeout=30000)
        if language == "en":
            assert "balance too low, pays only 5 (35 short): +35" in fang.inner_text(row)
            assert fang.inner_text(f"{row} td.who") == "阿明"  # not the bot sitting in his seat now
            fang.screenshot(path=str(screenshots / "sheet-floor-and-dealer-line-en.png"), full_page=True)
        if wrong := foreign_text(shown_text(fang), language, allowed[language]):
            mixed[(language, "table")] = wrong
        for url in pages:
            fang.goto(f"{live_app.url}{url}")
            if "replay" in url:
                fang.wait_for_selector("#step-board .seat-panel")
                fang.click("#every-step")  # every step, the table's passes too
                fang.click("#next")
                fang.screenshot(path=str(screenshots / f"replay-every-step-{language}.png"), full_page=True)
            if wrong := foreign_text(shown_text(fang), language, allowed[language]):
                mixed[(language, url)] = wrong
    assert mixed == {}, mixed
    assert errors == []
