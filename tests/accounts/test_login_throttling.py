"""Password guessing: after LOGIN_FAILURE_LIMIT failures one (username, address) pair is locked out."""

import time

import pytest
from django.urls import reverse

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def log_in(client, password, ip="10.0.0.1", username="ming"):
    return client.post(reverse("accounts:login"), {"username": username, "password": password}, REMOTE_ADDR=ip)


def guess_wrong(client, times, ip="10.0.0.1"):
    for attempt in range(times):
        log_in(client, f"guess-{attempt}", ip=ip)


def errors(response):
    return " ".join(response.context["form"].non_field_errors())


def test_locked_after_the_limit_even_with_the_right_password(client, ming, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    guess_wrong(client, 3)
    response = log_in(client, PASSWORD)
    assert response.status_code == 200
    assert "Too many failed log-in attempts" in errors(response)
    assert "登录失败次数过多" in errors(response)
    assert "_auth_user_id" not in client.session


def test_below_the_limit_the_right_password_still_works(client, ming, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    guess_wrong(client, 2)
    assert log_in(client, PASSWORD).status_code == 302


def test_the_lock_names_the_minutes_to_wait(client, ming, settings):
    settings.LOGIN_FAILURE_LIMIT = 2
    settings.LOGIN_LOCKOUT_SECONDS = 600
    guess_wrong(client, 2)
    assert "try again in 10 minute(s)" in errors(log_in(client, PASSWORD))


def test_another_address_is_not_locked(client, ming, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    guess_wrong(client, 3, ip="10.0.0.1")
    assert log_in(client, PASSWORD, ip="10.0.0.2").status_code == 302


def test_another_username_from_the_same_address_is_not_locked(client, ming, fang, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    guess_wrong(client, 3)
    assert log_in(client, PASSWORD, username="fang").status_code == 302


def test_username_case_does_not_dodge_the_lock(client, ming, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    for attempt in range(3):
        log_in(client, f"guess-{attempt}", username="MING" if attempt % 2 else "ming")
    assert "Too many failed" in errors(log_in(client, PASSWORD))


def test_success_clears_the_count(client, ming, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    guess_wrong(client, 2)
    assert log_in(client, PASSWORD).status_code == 302
    client.logout()
    guess_wrong(client, 2)
    assert log_in(client, PASSWORD).status_code == 302


def test_the_lock_expires(client, ming, settings):
    settings.LOGIN_FAILURE_LIMIT = 2
    settings.LOGIN_LOCKOUT_SECONDS = 1
    guess_wrong(client, 2)
    assert log_in(client, PASSWORD).status_code == 200
    time.sleep(1.2)
    assert log_in(client, PASSWORD).status_code == 302
