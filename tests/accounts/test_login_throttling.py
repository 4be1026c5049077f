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
    assert "登录失败次数过多" in errors(response)
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
    assert "请 10 分钟后再试" in errors(log_in(client, PASSWORD))


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
    assert "登录失败次数过多" in errors(log_in(client, PASSWORD))


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


# --- one throttle for every way to log in (issue #16) ------------------------------------


def admin_log_in(client, username, password, ip="10.0.0.1"):
    return client.post("/admin/login/?next=/admin/", {"username": username, "password": password}, REMOTE_ADDR=ip)


@pytest.fixture
def operator(make_player):
    return make_player("laoban", "老板", is_staff=True, is_superuser=True)


def test_the_admin_log_in_is_throttled_too(client, operator, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    for attempt in range(3):
        admin_log_in(client, "laoban", f"guess-{attempt}")
    response = admin_log_in(client, "laoban", PASSWORD)
    assert response.status_code == 200
    assert "登录失败次数过多" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_failures_at_the_site_form_lock_the_admin_form(client, operator, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    for attempt in range(3):
        log_in(client, f"guess-{attempt}", username="laoban")
    assert "_auth_user_id" not in admin_log_in(client, "laoban", PASSWORD).wsgi_request.session


def test_authenticate_itself_refuses_a_locked_attempt(rf, ming, settings):
    """Any endpoint that checks a password (an API token endpoint too) calls authenticate(): it is throttled."""
    from django.contrib.auth import authenticate

    settings.LOGIN_FAILURE_LIMIT = 2
    request = rf.post("/", REMOTE_ADDR="10.0.0.9")
    for attempt in range(2):
        assert authenticate(request, username="ming", password=f"guess-{attempt}") is None
    assert authenticate(request, username="ming", password=PASSWORD) is None
    assert authenticate(rf.post("/", REMOTE_ADDR="10.0.0.10"), username="ming", password=PASSWORD) == ming


def test_one_address_guessing_many_accounts_is_locked(client, ming, make_player, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 6
    for n in range(6):
        make_player(f"victim{n}")
        log_in(client, "guess", username=f"victim{n}", ip="10.6.6.6")
    assert "登录失败次数过多" in errors(log_in(client, PASSWORD, ip="10.6.6.6"))
    assert log_in(client, PASSWORD, ip="10.0.0.2").status_code == 302


def test_one_account_guessed_from_many_addresses_is_locked(client, ming, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    settings.LOGIN_USER_FAILURE_LIMIT = 8
    for n in range(8):
        log_in(client, "guess", ip=f"10.1.{n}.1")
    assert "登录失败次数过多" in errors(log_in(client, PASSWORD, ip="10.9.9.9"))


def test_logging_in_to_ones_own_account_does_not_reset_a_spraying_address(client, ming, make_player, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 4
    for n in range(3):
        make_player(f"victim{n}")
        log_in(client, "guess", username=f"victim{n}", ip="10.6.6.6")
    assert log_in(client, PASSWORD, ip="10.6.6.6").status_code == 302
    client.logout()
    log_in(client, "guess", username="victim0", ip="10.6.6.6")
    assert "登录失败次数过多" in errors(log_in(client, PASSWORD, ip="10.6.6.6"))
