"""Around the hand, in the browser, on a desktop window and on a phone (RULINGS "Between hands, and leaving").

The pinghe base-10 room deals to order (engine.hand_script.arrange, as room options): the bot after the
player robs the gold (抢金) at the opening, so each such hand ends at once and the player, the dealer,
pays 40. Three tables, one story:

1. Quick seat in an empty room offers 和机器人开始 with the bots' countdown; the hand is dealt within 2 s
   of the click. The sheet shows the ready time's countdown; 看牌桌 keeps 准备, the countdown and the sheet
   one click away. 准备 deals the next hand (a scattered one, which runs). 离开 during it states the
   exact penalty and offers 托管; cancelling keeps the seat; confirming lands in the lobby with the
   balance after the penalty.
2. At a fresh table the player leaves between hands, from the sheet: no coin moves.
3. At another he does not ready: when the ready time runs out he is stood up, told why, no coin moved.
Screenshots: {desktop,phone}-{start-bots,countdown,leave-confirm,stood-up}.png.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser.conftest import App, console_errors, ledger_balance, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

ROBBED = ["1357m1357p1357s1234z9s", "123456789m456p999s8s", "1357m1357p1357s5566z", "2468m2468p2468s5677z"]
SCATTERED = ["1357m1357p1357s1234z9s", "2468m2468p2468s1234z", "1357m1357p1357s5566z", "2468m2468p2468s5677z"]
ROOM = "Room.objects.filter(variant='pinghe', base=10)"
SIZES = {"desktop": {"width": 1280, "height": 860}, "phone": {"width": 360, "height": 740}}


def set_room(app: App, **fields: Any) -> None:
    app.shell(f"from engine.hand_script import arrange; from tables.models import Room; {ROOM}.update(**{fields!r})")


def robbed_deal(app: App) -> None:
    app.shell(
        "from engine.hand_script import arrange; from tables.models import Room; "
        f"{ROOM}.update(options=arrange('pinghe', dealer=0, hands={ROBBED!r}, gold='8s'))"
    )


def scattered_deal_for_the_next_dealer(app: App, username: str) -> None:
    """A scattered deal (nobody can win for rounds) arranged for the dealer the player's table has now."""
    app.shell(
        "from engine.hand_script import arrange; from tables.models import Room, Table; "
        f"d = Table.objects.filter(seats__user__username={username!r}).exclude(status='closed').get().dealer; "
        f"hands = {SCATTERED!r}; hands = hands[-d:] + hands[:-d] if d else hands; "
        f"{ROOM}.update(options=arrange('pinghe', dealer=d, hands=hands, gold='9p'))"
    )


def hands_at(app: App, username: str) -> int:
    out = app.shell(
        "from tables.models import Table; "
        f"t = Table.objects.filter(seats__user__username={username!r}).exclude(status='closed').first(); "
        "print(t.hands.count() if t else -1)"
    )
    return int(out.strip().splitlines()[-1])


def escape_penalties(app: App, username: str) -> int:
    """What the ledger moved on the player's account for escapes (逃跑惩罚)."""
    out = app.shell(
        "from django.db.models import Sum; from ledger.models import Posting; "
        f"print(Posting.objects.filter(account__user__username={username!r}, "
        "transaction__kind='escape_penalty').aggregate(s=Sum('amount'))['s'])"
    )
    return int(out.strip().splitlines()[-1])


def seat_with_bots(page: Any, app: App, shots: Any, prefix: str | None = None) -> None:
    """Quick seat in the empty pinghe room; 和机器人开始 deals within 2 s of the click."""
    page.goto(f"{app.url}/tables/")
    page.click("#variant-pinghe .room.own a.room-link")
    page.click("#quick-seat")
    page.wait_for_url(re.compile(r"/tables/t/\d+/"))
    page.wait_for_selector("#between #start-bots")
    page.wait_for_selector("#between [data-clock=bots]")
    assert re.search(r"\d+", page.inner_text("#between [data-clock=bots]"))
    if prefix:
        page.screenshot(path=str(shots / f"{prefix}-start-bots.png"))
    clicked = time.monotonic()
    page.click("#start-bots")
    page.wait_for_selector("#pos-top .seat-panel .holdings, #sheet-card", timeout=10000)
    assert time.monotonic() - clicked < 2.5  # the deal follows the click (the page's own round trip included)


def settled_sheet(page: Any) -> None:
    page.wait_for_selector("#sheet-card[data-settled='1']", timeout=30000)


@pytest.mark.parametrize("size", SIZES)
def test_ready_leave_and_the_ready_time_around_the_hand(live_app, browser, screenshots, size):
    set_room(live_app, bot_wait_seconds=600, between_hands_seconds=15)
    robbed_deal(live_app)
    user = f"ming_{size}"
    page = browser.new_context(viewport=SIZES[size]).new_page()
    errors = console_errors(page)
    sign_up(page, live_app, user, "阿明")

    # 1. Start with bots; the sheet's countdown; 看牌桌 keeps 准备 and the countdown; the next hand on 准备.
    seat_with_bots(page, live_app, screenshots, size)
    settled_sheet(page)
    assert re.search(r"\d+", page.inner_text("#sheet-card [data-clock=ready]"))
    page.click("#look-table")
    page.wait_for_selector("#between #between-ready")
    assert re.search(r"\d+", page.inner_text("#between [data-clock=ready]"))
    page.screenshot(path=str(screenshots / f"{size}-countdown.png"))
    page.click("#show-sheet")
    page.wait_for_selector("#sheet-card #ready-button")
    scattered_deal_for_the_next_dealer(live_app, user)
    page.click("#ready-button")
    page.wait_for_selector("#my-hand .tile", timeout=10000)
    assert hands_at(live_app, user) == 2

    # 离开 mid-hand: the exact penalty, 托管 offered; cancel keeps the seat; confirm pays it.
    before = ledger_balance(live_app, user)
    page.click("#leave-button")
    page.wait_for_selector("#leave-dialog #escape-cost")
    assert "120" in page.inner_text("#escape-cost") and page.locator("#escape-auto").count() == 1
    page.screenshot(path=str(screenshots / f"{size}-leave-confirm.png"))
    page.click("#escape-cancel")
    assert page.locator("#leave-dialog").is_hidden()
    assert hands_at(live_app, user) == 2 and ledger_balance(live_app, user) == before  # still seated, nothing paid
    page.click("#leave-button")
    page.click("#confirm-escape")
    page.wait_for_url(re.compile(r"/tables/$"))
    assert escape_penalties(live_app, user) == -120
    # The lobby's balance has the penalty in it (the bots play his seat on: that hand's result may follow).
    assert int(page.inner_text("#balance strong")) <= before - 120

    # 2. Leaving between hands is free.
    robbed_deal(live_app)
    seat_with_bots(page, live_app, screenshots)
    settled_sheet(page)
    settled = ledger_balance(live_app, user)
    page.click("#sheet-leave")
    page.wait_for_url(re.compile(r"/tables/$"))
    assert ledger_balance(live_app, user) == settled and page.inner_text("#balance strong") == str(settled)

    # 3. Not ready when the ready time runs out: stood up, told why, nothing paid.
    set_room(live_app, between_hands_seconds=4)
    seat_with_bots(page, live_app, screenshots)
    settled_sheet(page)
    settled = ledger_balance(live_app, user)
    page.wait_for_selector("#sheet-card .stood-up", timeout=20000)  # on top of the sheet still open
    assert "不扣游戏币" in page.inner_text("#sheet-card .stood-up")
    assert page.locator("#sheet-leave").count() == 0 and page.locator("#leave-button").is_hidden()
    page.click("#look-table")
    assert "不扣游戏币" in page.inner_text("#between .stood-up")
    page.screenshot(path=str(screenshots / f"{size}-stood-up.png"))
    assert hands_at(live_app, user) == -1 and ledger_balance(live_app, user) == settled
    assert errors == []
