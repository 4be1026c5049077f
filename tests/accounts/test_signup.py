"""A visitor signs up with a Chinese display name and is logged straight in."""

import pytest
from django.urls import reverse

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def signup(client, username="lan", display_name="阿兰", password1=PASSWORD, password2=PASSWORD):
    data = {"username": username, "display_name": display_name, "password1": password1, "password2": password2}
    return client.post(reverse("accounts:signup"), data)


def test_signup_creates_the_player_and_logs_in(client, django_user_model):
    response = signup(client)
    assert response.status_code == 302
    assert response["Location"] == reverse("accounts:profile")
    player = django_user_model.objects.get(username="lan")
    assert player.display_name == "阿兰"
    assert player.check_password(PASSWORD)
    assert int(client.session["_auth_user_id"]) == player.pk


def test_signup_page_renders(client):
    response = client.get(reverse("accounts:signup"))
    assert response.status_code == 200
    assert "display_name" in response.content.decode()


def test_mismatched_passwords_create_nothing(client, django_user_model):
    response = signup(client, password2=PASSWORD + "x")
    assert response.status_code == 200
    assert response.context["form"].errors["password2"]
    assert not django_user_model.objects.filter(username="lan").exists()
    assert "_auth_user_id" not in client.session


def test_taken_username_is_refused(client, ming, django_user_model):
    response = signup(client, username="ming", display_name="假阿明")
    assert response.status_code == 200
    assert "username" in response.context["form"].errors
    assert django_user_model.objects.get(username="ming").display_name == "阿明"


def test_weak_password_is_refused(client, django_user_model):
    response = signup(client, password1="12345678", password2="12345678")
    assert response.status_code == 200
    assert response.context["form"].errors["password2"]
    assert not django_user_model.objects.filter(username="lan").exists()
