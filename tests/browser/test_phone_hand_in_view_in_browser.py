"""On a phone, held upright (360×740) or sideways (740×360), the player's own tiles and the
action buttons stay on the screen, without scrolling the page, at every decision of a whole
hand, the late turns included (the rivers are long then).

The room deals from a scripted wall (engine.hand_script.arrange): the bots are dealt spread-out
junk (no pairs, no two tiles of a suit within two steps) and the wall is laid out so that, as
the engine's bots play and the player throws back every tile she draws and passes every claim
and win, nobody completes a hand: it runs to the 流局 at the reserve, and the player has her
turns down to the last tiles of the wall. `test_the_script_runs_to_the_end_of_the_wall` checks
that premise against the engine (without a browser), so a change to the bots that breaks it
shows up there first. What each turn asserts holds for any outcome.
"""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest

from coins.models import DEFAULT_WELCOME_AMOUNT
from engine import bot_levels
from engine.actions import Discard, Pass
from engine.hand import Phase, apply, legal_actions, new_hand
from engine.hand_script import arrange
from engine.tiles import Tile
from tests.browser.conftest import console_errors, grant, sign_up
from tests.browser.test_play_pinghe_in_browser import app_data

# mpsz: seat 0 (the player, dealer, 17 tiles) then the three bots' junk. LIVE is every draw down to the
# reserve (16 tiles); BACK the replacement draws (补杠), four ordinary tiles before the gold's three other
# copies and the flowers, which lie in the reserve with the rest of the flowers: nobody draws a gold or a flower.
HANDS = [
    "112345679m258p2356s2z",
    "2m5m8m2p5p8p2s5s8s1z2z3z4z6z7z5z",
    "3m6m9m3p6p9p3s6s8s1z2z3z4z6z7z5z",
    "1m4m7m1p4p7p1s4s7s1z2z3z4z6z7z5z",
]
LIVE = (
    "7m4p3z79p7z6m66s4p5s5m3s2p1s45p8m6p7s9m1p4s96p8m6p1z3m8p3s9p156m6z3p5z3p58s9m272s1p4z2m8s3p41s7p4s8p1s7m7s2m125p8m"
)
BACK = "7p443m9s9s9s1f2f3f4f"
GOLD, BASE, COINS = "9s", 50, 4000
LATE = 20  # tiles left in the wall: the phone lost the hand at 19
PHONES: dict[str, dict[str, Any]] = {
    "portrait": {"viewport": {"width": 360, "height": 740}},
    "landscape": {"viewport": {"width": 740, "height": 360}},
}
# Where each own tile and action button is, in page coordinates (as at scroll 0), once the hand's and the
# buttons' own animations (the drawn tile sliding in) have finished.
BOXES = """async () => {
  const mine = (a) => a.effect && a.effect.target instanceof Element && a.effect.target.closest(".my-area");
  const moving = document.getAnimations()
    .filter((a) => mine(a) && a.effect.getComputedTiming().iterations !== Infinity);
  const settled = Promise.all(moving.map((a) => a.finished.catch(() => null)));
  await Promise.race([settled, new Promise((r) => setTimeout(r, 1500))]);
  const S = mjTable.state;
  return {
    width: innerWidth, height: innerHeight, wall: S.hand ? S.hand.state.wall_remaining : null,
    boxes: [...document.querySelectorAll("#my-hand .tile, #actions button")].map((el) => {
      const r = el.getBoundingClientRect();
      return { kind: el.closest("#actions") ? "button" : "tile", what: el.dataset.tile || el.dataset.actionType,
               left: r.left + scrollX, right: r.right + scrollX, top: r.top + scrollY, bottom: r.bottom + scrollY };
    }),
  };
}"""


def play_as_scripted(state: Any, choose: Any, rng: random.Random) -> Any:
    """The hand as the browser test plays it: the bots choose; the player discards what she drew
    (her first tile at the dealer's opening turn) and passes everything else."""
    while not state.finished:
        seat = state.to_act[0]
        if seat != 0:
            action = choose(state, seat, rng)
        elif state.phase == Phase.TURN:
            own = state.seats[0]
            action = Discard(own.drawn if own.drawn is not None else min(own.hand))
        else:
            action = Pass()
            assert action in legal_actions(state, 0)
        state = apply(state, seat, action).state
    return state


@pytest.mark.parametrize("noise", range(3))
def test_the_script_runs_to_the_end_of_the_wall(noise):
    options = arrange("pinghe", dealer=0, hands=HANDS, live=LIVE, back=BACK, gold=GOLD)
    state = new_hand("pinghe", seed=f"phone-{noise}", dealer=0, options=options)
    state = play_as_scripted(state, bot_levels.get(bot_levels.DEFAULT).choose, random.Random(noise))
    assert state.result is not None and state.result.winner is None  # a 流局
    assert state.remaining == state.reserve
    assert not any(seat.flowers or Tile.parse(GOLD) in seat.hand for seat in state.seats)


def seat_at_the_scripted_table(live_app: Any, page: Any, username: str) -> None:
    live_app.shell(
        "from engine.hand_script import arrange; from tables.models import Room; "
        f"room = Room.objects.get(variant='pinghe', base={BASE}); "
        f"room.options = arrange('pinghe', dealer=0, hands={HANDS!r}, live={LIVE!r}, back={BACK!r}, gold={GOLD!r}); "
        # she answers every decision herself: on a loaded machine a 20 s turn could run out and hand her seat
        # to 托管, which would play the rest without her (no more own turns to check)
        "room.turn_seconds = room.claim_seconds = 300; "
        "room.save()"
    )
    sign_up(page, live_app, username, "小雨")
    grant(live_app, username, COINS - DEFAULT_WELCOME_AMOUNT)  # on top of the welcome grant: the base-50 room
    page.goto(f"{live_app.url}/tables/")
    page.click(f"#variant-pinghe .room.own[data-base='{BASE}'] a.room-link")
    page.click("#quick-seat")
    page.wait_for_url(re.compile(r"/tables/t/\d+/"))


def outside(seen: dict[str, Any]) -> list[str]:
    """Each own tile or button not wholly on the screen, as the page opens (no scrolling)."""
    w, h = seen["width"], seen["height"]
    return [
        f"{b['what']} at x {b['left']:.0f}–{b['right']:.0f}, y {b['top']:.0f}–{b['bottom']:.0f} ({w}×{h})"
        for b in seen["boxes"]
        if b["left"] < 0 or b["top"] < 0 or b["right"] > w + 0.5 or b["bottom"] > h + 0.5
    ]


def answer(page: Any) -> None:
    """Throw back the drawn tile (the first one at the opening turn); pass any claim or win."""
    offered = app_data(page, "actions").split()
    if "discard" in offered:
        drawn = page.locator("#my-hand .drawn.playable")
        (drawn if drawn.count() else page.locator("#my-hand .hand-row .tile.playable").first).click(timeout=2000)
    else:
        page.click("#actions button[data-action-type=pass]", timeout=2000)


@pytest.mark.browser
@pytest.mark.timeout(900)
@pytest.mark.parametrize("hold", list(PHONES))
def test_the_own_hand_stays_on_a_phone_screen_to_the_end_of_the_wall(live_app, browser, screenshots, hold):

    context = browser.new_context(**PHONES[hold], is_mobile=True, has_touch=True, device_scale_factor=2, locale="zh-CN")
    page = context.new_page()
    errors = console_errors(page)
    seat_at_the_scripted_table(live_app, page, f"yu_{hold}")
    page.wait_for_function("() => window.mjTable")

    checked: list[tuple[int, float]] = []  # (tiles left, the hand's lowest edge) at each decision
    problems: list[str] = []
    # One hand to the end of the wall: a socket that drops on a loaded machine reconnects to the same seat
    # (the seat keeps its own 300 s timers while she is away; nobody plays it for her).
    late_shot = play_the_hand(page, screenshots, hold, checked, problems)

    print(f"\n{hold}: (tiles left, own hand's lowest edge) at each decision:", checked)
    assert not problems, "\n".join(problems)
    assert min(wall for wall, _ in checked) <= LATE, "the scripted hand ended early"
    assert late_shot
    assert errors == []
    context.close()


def play_the_hand(
    page: Any, screenshots: Any, hold: str, checked: list[tuple[int, float]], problems: list[str]
) -> bool:
    """Answer every decision to the hand's end, noting at each the own hand's lowest edge and anything
    off the screen; whether a late decision was photographed."""
    from playwright.sync_api import Error

    late_shot = False
    deadline = time.monotonic() + 300
    while not page.is_visible("#sheet-card"):
        assert time.monotonic() < deadline, "the hand did not finish"
        if not app_data(page, "actions") or page.evaluate("mjTable.state.pending"):
            page.wait_for_timeout(100)
            continue
        seen = page.evaluate(BOXES)
        hand = [b["bottom"] for b in seen["boxes"] if b["kind"] == "tile"]
        checked.append((seen["wall"], max(hand, default=0)))
        problems += [f"{seen['wall']} tiles left: {p}" for p in outside(seen)]
        if seen["wall"] <= LATE and "discard" in app_data(page, "actions"):
            page.screenshot(path=str(screenshots / f"phone-late-{hold}.png"))  # the last one stays
            late_shot = True
        try:
            answer(page)
            page.wait_for_function("() => !mjTable.state.pending", timeout=15000)
        except Error:
            continue  # the table redrew under the click: look again
    return late_shot
