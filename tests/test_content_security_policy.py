"""Every page carries a Content-Security-Policy that runs only our own script files, and no page
needs more: no inline <script>, no on*= handler, no javascript: link (an injected one would not run)."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


class InlineScriptFinder(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.inline: list[str] = []
        self._in_inline_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        # a JSON data block (json_script) is not script: it never runs
        is_data = (names.get("type") or "").lower() == "application/json"
        if tag == "script" and not names.get("src") and not is_data:
            self._in_inline_script = True
        for name, value in attrs:
            if name.startswith("on") or (value or "").strip().lower().startswith("javascript:"):
                self.inline.append(f"<{tag} {name}=...>")

    def handle_endtag(self, tag: str) -> None:
        self._in_inline_script = False

    def handle_data(self, data: str) -> None:
        if self._in_inline_script and data.strip():
            self.inline.append(f"<script>{data.strip()[:60]}</script>")


def inline_scripts(html: str) -> list[str]:
    finder = InlineScriptFinder()
    finder.feed(html)
    return finder.inline


def assert_guarded(response) -> None:
    policy = response["Content-Security-Policy"]
    directives = {d.split()[0]: d.split()[1:] for d in policy.split("; ")}
    assert directives["script-src"] == ["'self'"]  # no 'unsafe-inline', no 'unsafe-eval', no CDN
    assert directives["object-src"] == ["'none'"] and directives["frame-ancestors"] == ["'none'"]
    assert "ws://testserver" in directives["connect-src"]


@pytest.fixture
def table_id(make_player, funded, rooms):
    from tables.models import Room
    from tables.services import seating

    ming = funded(make_player("ming", "阿明"))
    return seating.quick_seat(ming, Room.objects.get(variant="pinghe", base=10)).pk, ming


PLAYER_PAGES = ["/", "/tables/", "/wallet/", "/rules/", "/tables/history/", "/accounts/profile/", "/accounts/password/"]
ANONYMOUS_PAGES = [
    "/",
    "/accounts/login/",
    "/accounts/signup/",
    "/rules/",
    "/admin/login/",
    "/api/docs/",
    "/api/redoc/",
]


@pytest.mark.parametrize("url", ANONYMOUS_PAGES)
def test_pages_for_visitors_are_guarded_and_need_no_inline_script(url):
    response = Client().get(url)
    assert response.status_code == 200
    assert_guarded(response)
    assert inline_scripts(response.content.decode()) == []


def test_player_pages_and_the_table_page_are_guarded_and_need_no_inline_script(table_id):
    pk, ming = table_id
    client = Client()
    client.force_login(ming)
    for url in [*PLAYER_PAGES, f"/tables/t/{pk}/"]:
        response = client.get(url)
        assert response.status_code == 200, url
        assert_guarded(response)
        assert inline_scripts(response.content.decode()) == [], url


@pytest.mark.parametrize("url", ["/admin/", "/admin/ledger/transaction/", "/admin/dashboard/"])
def test_operator_pages_are_guarded_and_need_no_inline_script(admin_client, url):
    response = admin_client.get(url)
    assert response.status_code == 200
    assert_guarded(response)
    assert inline_scripts(response.content.decode()) == []


def test_errors_and_api_answers_are_guarded_too(client):
    assert_guarded(client.get("/no-such-page/"))
    assert_guarded(client.get("/api/v1/wallet/"))


@pytest.mark.parametrize("host", ["evil.example", "bad host", "localhost:notaport"])
def test_the_400_for_a_bad_host_is_guarded_too(host):
    response = Client().get("/", HTTP_HOST=host)
    assert response.status_code == 400
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert host not in policy  # the refused host is never echoed into the policy


def test_a_control_character_refusal_is_guarded(client):
    response = client.get("/?q=%00")
    assert response.status_code == 400
    assert_guarded(response)
