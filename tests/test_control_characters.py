"""NUL and other control characters are refused with a clear 400 wherever input enters (query string,
form body, JSON body, path), before any view or database sees them: never a 500 (PostgreSQL refuses
NUL in text). Tabs and line breaks are text, and stay allowed."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(ming) -> Client:
    client = Client()
    client.force_login(ming)
    return client


@pytest.mark.parametrize("code", ["\x00", "AB\x00CD", "\x1b[31m", "\x7f"])
def test_joining_with_a_control_character_in_the_code_is_a_400(player, code):
    response = player.post("/tables/private/join/", {"code": code})
    assert response.status_code == 400
    assert "控制字符" in response.content.decode()
    assert "Content-Security-Policy" in response


@pytest.mark.parametrize(
    "query",
    ["q=%00", "username=%00", "is_active__exact=%00", "o=%00", "%00=1", "q=a%01b"],
)
def test_admin_list_filters_with_control_characters_are_a_400(admin_client, query):
    assert admin_client.get(f"/admin/accounts/user/?{query}").status_code == 400
    assert admin_client.get(f"/admin/ledger/transaction/?{query}").status_code == 400


def test_the_api_refuses_them_in_its_json_shape(ming):
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(ming)
    response = client.get("/api/v1/wallet/?cursor=%00")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_request"
    posted = client.post("/api/v1/relief/", {"note": "a\u0000b"}, format="json", HTTP_IDEMPOTENCY_KEY="k\x00")
    assert posted.status_code == 400


def test_a_control_character_in_the_path_is_a_400(player):
    assert player.get("/tables/%00/").status_code == 400


def test_tabs_and_line_breaks_are_text(player):
    response = player.post("/tables/private/join/", {"code": "\tNOPE\r\n"})
    assert response.status_code == 302  # an unknown code, refused as such
