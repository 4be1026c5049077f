"""A new player's coins and record in the browser, with no operator at the table.

1. A player whose welcome grant is small loses a dealt-to-order hand, is too broke to sit, claims
   relief (救济金) in the lobby and sits again. The deal (engine.hand_script.arrange, as room
   options): 阿强 deals (seat 0) a scattered hand; the first bot holds a hand one tile from complete,
   and the gold turned up is that tile, so the bot robs it (抢金) at the opening and 阿强, the dealer,
   pays 40 of his 190 coins: 150 is under the 160 the lowest room needs.
2. A new player robs the gold herself (the scripted browser test's deal) and finds the hand on her
   profile's record (战绩, with its replay and her balance chart) and herself on the lobby's weekly
   leaderboard (周排行榜). Screenshots: relief-lobby.png, profile-record.png, lobby-leaderboard.png.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import App, ledger_balance, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

HANDS = ["1357m1357p1357s1234z9s", "123456789m456p999s8s", "1357m1357p1357s5566z", "2468m2468p2468s5677z"]
GOLD, SMALL_GRANT, LOSS = "8s", 190, 40
# test_scripted_hand_in_browser's deal: the dealer (the player) may rob the gold at the opening.
WINNING = ["123456789m123456p1z9s", "111777s999p222m2z3z4z6z", "333444s888p555m2z3z4z7z", "555666s777p333m2z3z6z7z"]


def set_policy(app: App, **changes: int) -> None:
    """What finance does in the admin's coin policy form (through the same service, audited)."""
    app.shell(
        f"from operations.services import change_coin_policy; change_coin_policy({changes!r}, 'browser test', by=None)"
    )


def set_bot_wait(app: App, seconds: int) -> None:
    """The wait before bots fill the pinghe room's empty seats (an operator's room setting)."""
    rooms = "Room.objects.filter(variant='pinghe', base=10)"
    app.shell(f"from tables.models import Room; {rooms}.update(bot_wait_seconds={seconds})")


def deal_pinghe(app: App, hands: list[str] | None, live: str = "") -> None:
    options = f"arrange('pinghe', dealer=0, hands={hands!r}, live={live!r}, gold={GOLD!r})" if hands else "{}"
    app.shell(
        "from engine.hand_script import arrange; from tables.models import Room; "
        f"Room.objects.filter(variant='pinghe', base=10).update(options={options})"
    )


def test_a_broke_player_claims_relief_in_the_lobby_and_sits_again(live_app, browser, screenshots):
    set_policy(live_app, welcome_amount=SMALL_GRANT)
    deal_pinghe(live_app, HANDS)
    page = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
    sign_up(page, live_app, "qiang_broke", "阿强")
    set_policy(live_app, welcome_amount=2000)  # back to the default for the other stories
    page.goto(f"{live_app.url}/tables/")
    assert page.inner_text("#balance strong") == str(SMALL_GRANT)
    assert page.locator("#claim-relief").count() == 0  # 190 can sit: no relief offered
    set_bot_wait(live_app, 600)  # the bots come when his table is on screen (below), not before
    page.click("#variant-pinghe .room.own a.room-link")
    page.click("#quick-seat")

    # The bot robs the gold at the opening: the hand ends before 阿强 has anything to do, and once it is
    # settled his balance fits no room, so the table sends him back to the lobby. Were the bots to fill
    # before his socket connects, the hand would be over and he moved out before he arrived: the page
    # would show the table he no longer sits at.
    page.wait_for_url(re.compile(r"/tables/t/\d+/"))
    page.wait_for_selector("#pos-bottom .seat-panel.me", timeout=30000)
    set_bot_wait(live_app, 1)
    live_app.shell(
        "from django.utils import timezone; from tables.models import Table; "
        "Table.objects.filter(seats__user__username='qiang_broke').update(bots_at=timezone.now())"
    )
    page.wait_for_url(re.compile(r"/tables/$"), timeout=60000)
    assert page.inner_text("#balance strong") == str(SMALL_GRANT - LOSS)
    assert page.locator("#variant-pinghe .room.own").count() == 0  # too broke for any room
    page.screenshot(path=str(screenshots / "relief-lobby.png"), full_page=True)

    page.click("#claim-relief")
    page.wait_for_url(re.compile(r"/tables/$"))
    assert "救济金 1000 游戏币已到账" in page.inner_text(".messages")
    assert page.inner_text("#balance strong") == str(SMALL_GRANT - LOSS + 1000)
    assert ledger_balance(live_app, "qiang_broke") == SMALL_GRANT - LOSS + 1000

    deal_pinghe(live_app, None)  # the next table deals from its own committed seed
    page.click("#variant-pinghe .room.own a.room-link")
    page.click("#quick-seat")
    page.wait_for_url(re.compile(r"/tables/t/\d+/"))
    page.wait_for_selector("#pos-bottom .seat-panel", timeout=30000)
    assert "ledger OK" in live_app.manage("ledger_check")  # exits non-zero (and manage asserts) otherwise


def test_her_first_win_is_on_her_record_and_on_the_weekly_leaderboard(live_app, browser, screenshots):
    deal_pinghe(live_app, WINNING, live="7z6z4z9s")
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    sign_up(page, live_app, "mei_record", "阿美")
    page.goto(f"{live_app.url}/tables/")
    page.click("#variant-pinghe .room.own a.room-link")
    page.click("#quick-seat")
    page.wait_for_selector("#actions button[data-action-type=qiangjin]", timeout=30000)
    page.locator("#actions button[data-action-type=qiangjin]").first.click()
    page.wait_for_selector("#sheet-card[data-settled='1'] tr.me.winner", timeout=30000)
    won = int(page.get_attribute("#sheet-card tr.me td.total", "data-paid") or "0")
    assert won > 0
    page.click("#sheet-leave")
    page.wait_for_url(re.compile(r"/tables/$"))
    deal_pinghe(live_app, None)

    mine = page.locator("#leaderboard-pinghe li", has_text="阿美")
    assert mine.locator(".coins").inner_text() == f"+{won}"
    assert page.locator("#leaderboard-pinghe li").first.inner_text().startswith("阿美")  # nobody won more
    page.locator("#leaderboard").screenshot(path=str(screenshots / "lobby-leaderboard.png"))

    page.goto(f"{live_app.url}/accounts/profile/")
    row = page.locator("#record tr[data-variant=pinghe]")
    assert (row.locator(".hands").inner_text(), row.locator(".win-rate").inner_text()) == ("1", "100%")
    assert row.locator(".self-drawn").inner_text() == "100%"  # 抢金 takes no one's discard
    assert page.locator("#balance-chart svg polyline").count() == 1
    assert page.inner_text("#biggest-hand").startswith(f"+{won}")
    page.screenshot(path=str(screenshots / "profile-record.png"), full_page=True)
    page.click("#biggest-hand a")
    page.wait_for_url(re.compile(r"/tables/hands/\d+/replay/"))
    assert "✓" in page.inner_text("#seed-check")
