"""阿明 logs in with his password; a wrong password gets an error and no session."""

import pytest
from django.urls import reverse

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def log_in(client, username, password, **extra):
    return client.post(reverse("accounts:login"), {"username": username, "password": password}, **extra)


def test_right_password_logs_in_and_goes_home(client, ming):
    response = log_in(client, "ming", PASSWORD)
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert int(client.session["_auth_user_id"]) == ming.pk


def test_home_greets_the_logged_in_player_by_display_name(client, ming):
    log_in(client, "ming", PASSWORD)
    assert "阿明" in client.get("/").content.decode()


def test_wrong_password_is_refused(client, ming):
    response = log_in(client, "ming", "not-his-password")
    assert response.status_code == 200
    assert response.context["form"].non_field_errors()
    assert "_auth_user_id" not in client.session


def test_unknown_username_is_refused(client):
    response = log_in(client, "nobody", PASSWORD)
    assert response.status_code == 200
    assert response.context["form"].non_field_errors()


def test_banned_player_cannot_log_in(client, make_player):
    make_player("gone", "走了", is_active=False)
    response = log_in(client, "gone", PASSWORD)
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_login_follows_next(client, ming):
    response = client.post(
        reverse("accounts:login"), {"username": "ming", "password": PASSWORD, "next": reverse("accounts:profile")}
    )
    assert response["Location"] == reverse("accounts:profile")
