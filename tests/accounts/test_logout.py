"""Logging out is a POST (a link cannot log you out) and ends the session."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_logout_ends_the_session(client, ming):
    client.force_login(ming)
    response = client.post(reverse("accounts:logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session
    assert client.get(reverse("accounts:profile")).status_code == 302


def test_logout_by_get_is_refused(client, ming):
    client.force_login(ming)
    assert client.get(reverse("accounts:logout")).status_code == 405
    assert int(client.session["_auth_user_id"]) == ming.pk
