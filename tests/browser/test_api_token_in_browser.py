"""A player makes a personal API token in the browser and reads their wallet with it (issue 43).

阿信 signs up (the welcome grant: 2000 coins), opens the API docs from the footer, makes a read-only
token on the profile page, copies it from the page (shown once), and a script of theirs reads the
wallet with it; after revoking it on the page the script is refused. Screenshot: api-token.png."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from typing import Any

import pytest

from tests.browser.conftest import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]


def get_wallet(url: str, token: str) -> tuple[int, Any]:
    request = urllib.request.Request(f"{url}/api/v1/wallet/", headers={"Authorization": f"Token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_a_player_makes_a_token_and_reads_the_wallet_with_it(live_app, browser, screenshots):
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    sign_up(page, live_app, "xin_api", "阿信")
    page.click("#footer-api-docs")
    page.wait_for_url(re.compile(r"/api/docs/$"))
    page.goto(f"{live_app.url}/accounts/profile/")
    page.fill("#token-form input[name=name]", "记账脚本")
    page.click("#token-form button[type=submit]")
    token = page.inner_text("#new-token-value").strip()
    assert token.startswith("mjp_")
    assert "记账脚本" in page.inner_text("#token-list") and "只读" in page.inner_text("#token-list")
    page.screenshot(path=str(screenshots / "api-token.png"), full_page=True)

    status, wallet = get_wallet(live_app.url, token)
    assert status == 200 and wallet["balance"] == 2000

    page.goto(f"{live_app.url}/accounts/profile/")
    assert token not in page.content()  # shown once
    page.click("#token-list button[type=submit]")
    page.wait_for_url(re.compile(r"/accounts/profile/$"))
    assert page.locator("#token-list").count() == 0
    status, body = get_wallet(live_app.url, token)
    assert status == 401 and body["error"]["code"] == "authentication_failed"
