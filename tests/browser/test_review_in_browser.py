"""The hand review (牌谱分析) opened from the settlement sheet, in the browser.

The same dealt-to-order pinghe hand as test_scripted_hand_in_browser: 小丽 deals with 17 tiles,
ready at the deal (so she is offered 抢金), passes it, lets 1z go (the one discard that keeps her
ready) and wins on her draw. After the settlement the sheet links her review; it opens on the
replay page with the passed 抢金 marked as a win passed up, and her 1z shown as the best discard.
"""

from __future__ import annotations

import pytest

from tests.browser.test_scripted_hand_in_browser import seated_at_the_dealt_table

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]


def test_the_review_opens_from_the_sheet_beside_the_replay(live_app, browser, screenshots):
    page = seated_at_the_dealt_table(live_app, browser, "li_review", "小丽", height=900)
    page.wait_for_selector("#actions button[data-action-type=pass]", timeout=30000)
    page.click("#actions button[data-action-type=pass]")  # she passes 抢金
    page.wait_for_selector("#my-hand .tile.playable")
    page.click("#my-hand .tile.playable[data-tile='1z']")
    page.wait_for_selector("#actions button[data-action-type=win]", timeout=30000)
    page.click("#actions button[data-action-type=win]")

    # Settled: the sheet links her review.
    page.wait_for_selector("#sheet-card[data-settled='1'] #sheet-review", timeout=30000)
    page.click("#sheet-review")
    page.wait_for_url("**/replay/#review")
    for _ in range(30):  # the review task runs right after the settlement; reload until it is stored
        if page.query_selector("#review-summary"):
            break
        page.wait_for_timeout(1000)
        page.reload()
    assert "效率 100%" in page.inner_text("#review-summary")

    # The marked decision (抢金 passed) jumps the replay to its step and shows the mark beside it.
    page.click("#review-list button")
    step = page.get_attribute("#review-list button", "data-step")
    assert page.inner_text("#step-label").startswith(f"{step} /")
    assert page.get_attribute("#review-step .mark", "data-mark") == "win_passed"

    # Her 1z: the replay's next step of hers shows the choice, the best one.
    for _ in range(10):
        page.click("#next")
        if page.query_selector("#review-step .review-choice"):
            break
    chosen = page.query_selector_all("#review-step .review-choice")
    assert chosen[0].get_attribute("data-tile") == "1z"
    assert any(line.get_attribute("data-tile") == "1z" and "最佳 ✓" in line.inner_text() for line in chosen[1:])
    page.screenshot(path=str(screenshots / "review-beside-replay.png"), full_page=True)
