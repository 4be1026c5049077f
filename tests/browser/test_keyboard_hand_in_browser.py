"""A scripted pinghe hand played with the keyboard only, on a desktop and on a phone-sized window.

The room deals from a scripted wall (engine.hand_script.arrange): the player (dealer, 17 tiles)
holds pairs of 2z 3z 4z and eleven lone suited tiles; the next bot holds four pungs and lone
2z 3z 4z 5z and draws a second 5z, so whichever lone honor it throws, the player can 碰 it.
She picks 9m with the arrow keys and discards it with Enter, answers the 碰 with P (the call-out
shows), and plays on with Enter (the drawn tile), H (any win) and Esc (pass any other claim) to
the sheet, where Enter readies the next hand. How the rest of the hand goes is the bots' and the
wall's business: only what holds for any outcome is asserted after the claim. The page logs no
console errors, and the cost of drawing one event is measured beside a full redraw.
"""

from __future__ import annotations

import re
import time

import pytest

from coins.models import DEFAULT_WELCOME_AMOUNT
from tests.browser.conftest import ROOT, console_errors, grant, sign_up
from tests.browser.test_play_pinghe_in_browser import VIEWPORTS, app_data

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

HANDS = ["22z33z44z14679m1356p29s", "111777s999p222m2z3z4z5z", "333444s888p555m1z5z6z7z", "555666s777p333m1z5z6z7z"]
LIVE, GOLD, BASE, COINS = "5z", "8s", 50, 4000


def deal_to_order(app) -> None:
    app.shell(
        "from engine.hand_script import arrange; from tables.models import Room; "
        f"room = Room.objects.get(variant='pinghe', base={BASE}); "
        f"room.options = arrange('pinghe', dealer=0, hands={HANDS!r}, live={LIVE!r}, gold={GOLD!r}); room.save()"
    )


def focused_tile(page) -> str:
    return str(page.evaluate("document.activeElement && document.activeElement.dataset.tile || ''"))


def choose_with_arrows(page, tile: str) -> None:
    """Walk the hand with → until `tile` has the focus (at most once round the hand)."""
    page.keyboard.press("ArrowRight")
    for _ in range(20):
        if focused_tile(page) == tile:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"{tile} never got the focus")


def one_key_move(page) -> bool:
    """Answer whatever is offered with the keyboard; True when a key was pressed for a decision."""
    offered = app_data(page, "actions").split()
    if not offered or page.evaluate("mjTable.state.pending"):
        return False
    if "win" in offered:
        page.keyboard.press("h")
    elif "pass" in offered:
        page.keyboard.press("Escape")
    elif "discard" in offered:
        if not focused_tile(page):
            page.keyboard.press("Enter")  # the first Enter chooses the drawn tile
        page.keyboard.press("Enter")
    else:
        return False
    return True


def play_on_by_keyboard(page, deadline: float) -> int:
    moves = 0
    while not page.is_visible("#sheet-card"):
        assert time.monotonic() < deadline, "the hand did not finish"
        if one_key_move(page):
            moves += 1
            page.wait_for_function("() => !mjTable.state.pending", timeout=15000)
        else:
            page.wait_for_timeout(150)
    return moves


RENDER_COST = """() => {
  // Each recorded step (state k-1 drawn, then state k arrives) drawn twice, on the same page at a quiet
  // moment: as the client draws a frame (what changed), and as the first client did (everything).
  const S = mjTable.state, frames = mjTable.frames.map((f) => JSON.parse(f));
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
  const step = (k, full) => {
    S.take(JSON.parse(JSON.stringify(frames[k - 1])));
    mjTable.render({ full: true });
    S.take(JSON.parse(JSON.stringify(frames[k])));
    return mjTable.render({ full });
  };
  const diff = [], whole = [];
  for (let k = 1; k < frames.length; k++) { diff.push(step(k, false)); whole.push(step(k, true)); }
  S.take(frames[frames.length - 1]);
  mjTable.render({ full: true });
  return { steps: diff.length, event_ms: median(diff), full_ms: median(whole) };
}"""


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_hand_played_by_keyboard_only(live_app, browser, screenshots, device):
    deal_to_order(live_app)
    page = browser.new_context(**VIEWPORTS[device], locale="zh-CN").new_page()
    errors = console_errors(page)
    username = f"lan_keys_{device}"
    sign_up(page, live_app, username, "阿兰")
    grant(live_app, username, COINS - DEFAULT_WELCOME_AMOUNT)  # on top of the welcome grant: the base-50 room
    page.goto(f"{live_app.url}/tables/")
    page.click(f"#variant-pinghe .room.own[data-base='{BASE}'] a.room-link")
    page.click("#quick-seat")
    page.wait_for_url(re.compile(r"/tables/t/\d+/"))
    page.wait_for_function("() => window.mjTable")
    page.evaluate("mjTable.recording = true")
    shot = lambda name: page.screenshot(path=str(screenshots / f"{device}-{name}.png"), full_page=True)  # noqa: E731

    # Her opening turn: the keyboard walks the hand; Enter discards the chosen tile.
    page.wait_for_selector("#my-hand .tile.playable", timeout=30000)
    assert page.get_attribute("#my-hand [role=group]", "aria-label") == "手牌"
    choose_with_arrows(page, "9m")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "打出 九万"
    shot("keyboard-turn")
    page.keyboard.press("Enter")

    # The bot's lone honor: 碰 or 过, each with its key on the button; P claims it with a call-out.
    page.wait_for_selector("#actions button[data-action-type=pong]", timeout=30000)
    assert page.inner_text("#actions button[data-action-type=pong] kbd") == "P"
    assert page.inner_text("#actions button[data-action-type=pass] kbd") == "空格"
    shot("claim-offered")
    page.keyboard.press("p")
    callout = page.wait_for_selector("#callouts .callout.at-bottom", timeout=5000)
    assert callout.inner_text() == "碰"
    shot("callout")
    page.wait_for_selector("#pos-bottom .meld.pung .tile.claimed")  # the claimed tile is marked in the meld
    assert page.locator("#pos-bottom .meld").count() == 1

    # After the claim she must discard: the focus is back in her hand, Enter plays a tile.
    page.wait_for_selector("#my-hand .tile.playable")
    page.keyboard.press("ArrowLeft")
    assert focused_tile(page), "the arrow keys reach the hand after the claim"
    page.keyboard.press("Enter")
    moves = play_on_by_keyboard(page, time.monotonic() + 200)
    shot("sheet")

    # The sheet has the focus on 准备下一局: Enter readies the next hand (with bots, the only other seats,
    # always ready, the next hand is dealt at once and the sheet gives way to it: count its rows first).
    assert moves >= 0 and page.locator("#sheet-card tbody tr").count() == 4
    assert page.evaluate("document.activeElement.id") == "ready-button"
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('#ready-button:not([disabled])')")
    assert {"discard", "call"} <= set(page.evaluate("mjTable.sound.played"))  # the game was heard
    cost = page.evaluate(RENDER_COST)
    ratio = cost["full_ms"] / max(cost["event_ms"], 0.01)
    line = (
        f"{device}: one event drawn as the client does (what changed): {cost['event_ms']:.2f} ms; "
        f"the same step as a full redraw (the old client, every frame): {cost['full_ms']:.2f} ms; "
        f"medians over {cost['steps']} recorded steps of this hand; ratio {ratio:.1f}x"
    )
    print("\n" + line)
    with open(ROOT / "artifacts" / "render-cost.txt", "a", encoding="utf-8") as out:
        out.write(line + "\n")
    assert errors == []
    page.context.close()
