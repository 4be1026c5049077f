"""Smoke checks against a running bin/run: /healthz all up, then a demo player logs in.

Usage: python .ci/smoke.py BASE_URL USERNAME PASSWORD [--wait SECONDS]
Exits 0 when both pass, 1 with a message otherwise. Standard library only.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request


def fetch_health(base: str) -> tuple[int, dict[str, object]]:
    try:
        with urllib.request.urlopen(f"{base}/healthz", timeout=5) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as err:
        return err.code, json.load(err)


def wait_for_health(base: str, seconds: float) -> dict[str, object]:
    """Poll /healthz until it answers 200 (database, Redis and a worker up)."""
    deadline = time.monotonic() + seconds
    last: object = "no answer"
    while time.monotonic() < deadline:
        try:
            status, body = fetch_health(base)
        except OSError as err:  # not listening yet
            last = err
        else:
            if status == 200:
                return body
            last = body
        time.sleep(1)
    raise SystemExit(f"FAIL /healthz never answered 200 within {seconds:g}s; last: {last}")


def log_in(base: str, username: str, password: str) -> str:
    """Log in through the real form (CSRF included); return the profile page's HTML."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    page = opener.open(f"{base}/accounts/login/", timeout=10).read().decode()
    match = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    if not match:
        raise SystemExit("FAIL no CSRF token on the login page")
    form = {"csrfmiddlewaretoken": match.group(1), "username": username, "password": password}
    request = urllib.request.Request(
        f"{base}/accounts/login/", data=urllib.parse.urlencode(form).encode(), headers={"Origin": base}
    )
    landed = opener.open(request, timeout=10)
    if urllib.parse.urlparse(landed.geturl()).path != "/":
        raise SystemExit(f"FAIL log-in did not redirect home (ended at {landed.geturl()})")
    return opener.open(f"{base}/accounts/profile/", timeout=10).read().decode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("base")
    parser.add_argument("username")
    parser.add_argument("password")
    parser.add_argument("--wait", type=float, default=300)
    args = parser.parse_args()
    base = args.base.rstrip("/")
    health = wait_for_health(base, args.wait)
    print(f"ok   /healthz 200: {json.dumps(health['checks'], ensure_ascii=False)}")
    profile = log_in(base, args.username, args.password)
    if f'id="profile-username">{args.username}<' not in profile:
        raise SystemExit("FAIL the profile page after log-in does not show the user")
    print(f"ok   logged in as {args.username} and saw the profile page")


if __name__ == "__main__":
    sys.exit(main())
