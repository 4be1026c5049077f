"""老板 sets 阿明's password in the admin: as with the site's own password change, 阿明's open
sockets close at once (the closing frame says why) and his API tokens stop working; 小芳's do not."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from rest_framework.authtoken.models import Token

from tests.admin.test_ban_closes_sockets import open_socket
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(60)]
NEW_PASSWORD = "admin-set-麻将-pass-42"


def set_password_in_admin(client, user) -> None:
    """The admin's own page for it (auth's AdminPasswordChangeForm), as an operator uses it."""
    url = f"/admin/accounts/user/{user.pk}/password/"
    page = client.get(url)
    assert page.status_code == 200
    data = {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD, "usable_password": "true"}
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]


async def test_a_password_set_in_the_admin_closes_the_players_sockets(boss, ming, as_staff):
    from tests.admin.conftest import deal_with_bots

    table = await sync_to_async(deal_with_bots)(ming)
    notify = await open_socket(ming, "/ws/notify/")
    assert (await notify.receive_json_from(timeout=5))["type"] == "hello"
    at_table = await open_socket(ming, f"/ws/tables/{table.pk}/")
    assert (await at_table.receive_json_from(timeout=5))["type"] == "state"

    await sync_to_async(lambda: set_password_in_admin(as_staff(boss), ming))()

    for socket in (notify, at_table):
        message = await socket.receive_json_from(timeout=5)
        while message["type"] != "closing":  # table events may come first
            message = await socket.receive_json_from(timeout=5)
        assert message["code"] == "password_changed"
        assert (await socket.receive_output(timeout=5))["code"] == 4001


def test_a_password_set_in_the_admin_revokes_the_players_api_tokens(boss, ming, fang, as_staff):
    mings = Token.objects.create(user=ming)
    Token.objects.create(user=fang)

    set_password_in_admin(as_staff(boss), ming)

    ming.refresh_from_db()
    assert ming.check_password(NEW_PASSWORD) and not ming.check_password(PASSWORD)
    assert not Token.objects.filter(user=ming).exists()
    assert Token.objects.filter(user=fang).exists()
    refused = Client().get("/api/v1/wallet/", HTTP_AUTHORIZATION=f"Token {mings.key}")
    assert refused.status_code == 401
