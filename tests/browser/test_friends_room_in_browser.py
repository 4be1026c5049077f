"""好友房 in the browser: the host (a desktop window) and a friend (a phone), both new users, and a third
who comes too late (RULINGS "Friends' rooms").

The host opens an erren points room with bots off, shortened to 2 hands (the test-only lengths of
TABLES_ALLOW_SCRIPTED_DEALS, docs/rules/friends.md), and takes back her 准备 to hold the start. The QR
code of the invite panel decodes (zxing-cpp) to the join link; the friend opens the link and joins; the
waiting room shows both, and who is ready. 准备 deals the first hand; both play their hands under 托管
(the bots play for them, whatever the secret deal) and ready after each settlement, with the totals
strip on the table; the sheet of a points room speaks of points (已计分), never of coins. After the
second hand each reads the final account (总结算): the same totals, which add up to zero, a 大赢家
unless all are level, each hand's replay; on the phone every name and heading stays on one line. The
host asks for 再来一场 there; the friend's page shows who has accepted, she accepts, and both go to the
new session's table. The third user's code is refused as the room is over, and the ledger shows no coin
moved for the points room.
Screenshots: friends-{desktop,phone}-{invite,waiting,strip,account,rematch}.png.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

from tests.browser.conftest import App, console_errors, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.timeout(400)]

DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 360, "height": 740}


def decode_qr(png: bytes) -> str:
    import zxingcpp
    from PIL import Image

    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert found, "no QR code found in the invite panel"
    return str(found[0].text)


def postings_of(app: App, *usernames: str) -> int:
    out = app.shell(
        "from ledger.models import Posting; "
        f"print(Posting.objects.filter(account__user__username__in={list(usernames)!r})"
        ".filter(transaction__kind__in=['hand_settlement', 'escape_penalty']).count())"
    )
    return int(out.strip().splitlines()[-1])


def play_hand(pages: list[Any], number: int) -> None:
    """Each player turns 托管 on once hand `number` is dealt (unless it ended at its opening); returns when
    every page shows that hand settled."""
    dealt = (
        "n => { const S = mjTable.state; "
        "return Boolean((S.hand && S.hand.number === n) || (S.lastResult && S.lastResult.number === n)); }"
    )
    settled = "n => { const R = mjTable.state.lastResult; return Boolean(R && R.number === n && R.settled); }"
    for page in pages:
        page.wait_for_function(dealt, arg=number, timeout=30000)
        if page.evaluate("() => Boolean(mjTable.state.hand)"):
            page.click("#auto-toggle")
    for page in pages:
        page.wait_for_function(settled, arg=number, timeout=90000)
        page.wait_for_selector("#sheet-card[data-settled='1']", timeout=30000)


def account_text(page: Any) -> list[tuple[str, int]]:
    rows = page.locator("#final-account table.account tbody tr")
    # the name, without the 大赢家 badge the big winner's cell carries (checked on its own below)
    row = rows.nth
    return [(row(i).locator(".player-name").inner_text().strip(), int(row(i).get_attribute("data-total") or 0))
            for i in range(rows.count())]  # fmt: skip


# Whether each node's text takes one line (the tops of its line boxes): a name cut with … or a heading that
# fits does; the phone's account used to break names, the 大赢家 badge and 胡牌 a character a line.
ONE_LINE = """sel => [...document.querySelectorAll(sel)].map(n => {
  const range = document.createRange();
  range.selectNodeContents(n);
  return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size === 1; })"""


def test_friends_create_share_play_and_read_the_final_account(live_app, browser, screenshots):
    # Between hands the story photographs and checks the strip before both ready: on a loaded machine that
    # outlasts the default 15 s ready time, which would stand both up (the ready rule, tested elsewhere).
    live_app.shell(
        "from tables.models import Room; Room.objects.filter(variant='erren').update(between_hands_seconds=180)"
    )
    host = browser.new_context(viewport=DESKTOP).new_page()
    friend = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    late = browser.new_context(viewport=DESKTOP).new_page()
    errors = [console_errors(host), console_errors(friend)]
    sign_up(host, live_app, "fr_host", "小芳")
    sign_up(friend, live_app, "fr_friend", "阿明")
    sign_up(late, live_app, "fr_late", "老王")

    # Create: from the lobby, erren, 2 hands, points (the default), bots off (the default).
    host.goto(f"{live_app.url}/tables/")
    host.click("#create-friends-room")
    host.click("#game-erren")
    host.check("input[name=length][value='hands:2']")
    assert host.is_checked("input[name=stakes][value=points]") and not host.is_checked("input[name=bots]")
    host.click("#create-friends")
    host.wait_for_url(re.compile(r"/tables/friends/\d+/$"))
    code = host.inner_text("#invite-code").strip()
    link = host.input_value("#invite-link")
    assert link.endswith(f"/tables/join/{code}/")
    host.wait_for_function("() => document.getElementById('invite-qr').naturalWidth > 0")
    assert decode_qr(host.locator("#invite-qr").screenshot()) == link
    host.click("#unready")  # hold the start until she has seen her friend sit
    host.wait_for_selector("#friends-seats .badge.not-ready")
    host.screenshot(path=str(screenshots / "friends-desktop-invite.png"), full_page=True)

    # The friend opens the link (a phone) and joins; the waiting room shows both and who is ready.
    friend.goto(link)
    friend.click("#join-friends")
    friend.wait_for_url(re.compile(r"/tables/friends/\d+/$"))
    friend.wait_for_selector("#friends-seats li:not(.empty) >> nth=1")
    friend.screenshot(path=str(screenshots / "friends-phone-invite.png"), full_page=True)
    host.wait_for_function(
        "() => document.querySelectorAll('#friends-seats li:not(.empty)').length === 2", timeout=10000
    )
    assert "阿明" in host.inner_text("#friends-seats") and "未准备" in host.inner_text("#friends-seats")
    host.screenshot(path=str(screenshots / "friends-desktop-waiting.png"), full_page=True)
    friend.wait_for_selector("#friends-seats .badge.not-ready")
    friend.screenshot(path=str(screenshots / "friends-phone-waiting.png"), full_page=True)

    # 准备 deals the first hand: both pages go to the table.
    host.click("#ready")
    for page in (host, friend):
        page.wait_for_url(re.compile(r"/tables/t/\d+/$"), timeout=15000)
        page.wait_for_selector("#friends-strip")
    first_table = host.url
    play_hand([host, friend], 1)
    for page in (host, friend):
        page.wait_for_function(
            "() => document.querySelector('#strip-progress').textContent.includes('1 /')", timeout=10000
        )
    host.click("#look-table")
    friend.click("#look-table")
    host.screenshot(path=str(screenshots / "friends-desktop-strip.png"))
    friend.screenshot(path=str(screenshots / "friends-phone-strip.png"))
    strip_total = sum(int(n.get_attribute("data-total") or 0) for n in host.locator(".strip-row").all())
    assert strip_total == 0
    for page in (host, friend):
        page.click("#show-sheet")
        card = page.inner_text("#sheet-card")  # a points room: points counted, no coin, balance or wallet
        assert "已计分" in card and "得分" in card, card
        assert not any(word in card for word in ("游戏币", "入账", "余额", "钱包", "扣币")), card
        page.click("#ready-button")
    play_hand([host, friend], 2)

    # The final account: the same for both, adding up, a 大赢家 unless level, each hand's replay.
    accounts = []
    for page, size in ((host, "desktop"), (friend, "phone")):
        page.wait_for_selector("#strip-account:not([hidden])", timeout=15000)
        page.wait_for_selector("#sheet-card #sheet-account")  # the last sheet links the final account too
        page.goto(live_app.url + (page.get_attribute("#strip-account", "href") or ""))
        page.wait_for_selector("#final-account")
        page.screenshot(path=str(screenshots / f"friends-{size}-account.png"), full_page=True)
        accounts.append(account_text(page))
        assert page.locator(".account-hands a.replay-link").count() == 2
        assert all(page.evaluate(ONE_LINE, "#final-account .player-name")), size
        assert all(page.evaluate(ONE_LINE, "#final-account table.account th")), size
        assert all(page.evaluate(ONE_LINE, "#final-account .badge.winner")), size
    assert accounts[0] == accounts[1] and {name for name, _t in accounts[0]} == {"小芳", "阿明"}
    totals = [t for _n, t in accounts[0]]
    assert sum(totals) == 0
    assert host.locator(".badge.winner").count() == (0 if max(totals) == 0 else 1)

    # 再来一场: the host asks; the friend's account shows who has accepted (polled), she accepts, both go to
    # the new session's table.
    host.click("#rematch-propose")
    host.wait_for_selector("#rematch-players li[data-answer='accepted']")
    friend.wait_for_selector("#rematch-accept", timeout=10000)
    answers = friend.locator("#rematch-players li")
    assert {answers.nth(i).get_attribute("data-answer") for i in range(answers.count())} == {"accepted", "waiting"}
    assert "小芳" in friend.inner_text("#rematch-players") and "已接受" in friend.inner_text("#rematch-players")
    host.screenshot(path=str(screenshots / "friends-desktop-rematch.png"), full_page=True)
    friend.screenshot(path=str(screenshots / "friends-phone-rematch.png"), full_page=True)
    friend.click("#rematch-accept")
    for page in (host, friend):
        page.wait_for_url(re.compile(r"/tables/t/\d+/$"), timeout=15000)
        page.wait_for_selector("#friends-strip")
    assert host.url == friend.url != first_table
    host.goto(f"{live_app.url}/tables/history/")
    assert host.locator(".friends-sessions a").count() == 1

    # Too late: the code is refused, in words; the ledger moved nothing for the points room.
    late.goto(f"{live_app.url}/tables/")
    late.fill("#join-code", code)
    late.click("#join-by-code")
    late.wait_for_selector(".messages .error")
    assert "已经结束" in late.inner_text(".messages")
    assert postings_of(live_app, "fr_host", "fr_friend") == 0
    assert "ledger OK" in live_app.manage("ledger_check")
    assert errors == [[], []]
