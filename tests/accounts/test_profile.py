"""阿明's profile page: who he is, and his display name to change."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_anonymous_visitor_is_sent_to_log_in(client):
    response = client.get(reverse("accounts:profile"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))


def test_profile_shows_username_and_display_name(client, ming):
    client.force_login(ming)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert "ming" in page
    assert "阿明" in page


def test_display_name_can_be_changed_to_chinese(client, ming):
    client.force_login(ming)
    response = client.post(reverse("accounts:profile"), {"display_name": "  明哥  ", "email": ""})
    assert response.status_code == 302
    ming.refresh_from_db()
    assert ming.display_name == "明哥"


def test_too_long_display_name_changes_nothing(client, ming):
    client.force_login(ming)
    response = client.post(reverse("accounts:profile"), {"display_name": "长" * 33, "email": ""})
    assert response.status_code == 200
    assert "display_name" in response.context["form"].errors
    ming.refresh_from_db()
    assert ming.display_name == "阿明"
