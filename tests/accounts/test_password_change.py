"""阿明 changes his password: the old one stops working, his session stays."""

import pytest
from django.urls import reverse

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db
NEW_PASSWORD = "another-long-麻将-pass"


def change(client, old, new1, new2=None):
    data = {"old_password": old, "new_password1": new1, "new_password2": new2 or new1}
    return client.post(reverse("accounts:password_change"), data)


def test_password_change_keeps_the_session(client, ming):
    client.force_login(ming)
    response = change(client, PASSWORD, NEW_PASSWORD)
    assert response.status_code == 302
    ming.refresh_from_db()
    assert ming.check_password(NEW_PASSWORD)
    assert not ming.check_password(PASSWORD)
    assert client.get(reverse("accounts:profile")).status_code == 200


def test_wrong_old_password_changes_nothing(client, ming):
    client.force_login(ming)
    response = change(client, "not-it", NEW_PASSWORD)
    assert response.status_code == 200
    assert "old_password" in response.context["form"].errors
    ming.refresh_from_db()
    assert ming.check_password(PASSWORD)


def test_needs_a_login(client):
    assert client.get(reverse("accounts:password_change")).status_code == 302
