"""seed_demo creates the operator and players once, and never undoes a changed password."""

import io

import pytest
from django.core.management import call_command

from ledger.services import balance_of, bracket_for_balance

pytestmark = pytest.mark.django_db


def seed(*args):
    call_command("seed_demo", *args, stdout=io.StringIO())


def test_creates_an_operator_and_players(django_user_model, monkeypatch):
    monkeypatch.setenv("DEMO_PASSWORD", "demo-pass-for-test")
    seed()
    operator = django_user_model.objects.get(username="operator")
    assert operator.is_staff and operator.is_superuser
    players = django_user_model.objects.filter(is_staff=False)
    assert players.count() >= 3
    assert all(p.display_name and p.check_password("demo-pass-for-test") for p in players)
    assert "阿明" in {p.display_name for p in players}


def test_running_twice_changes_nothing(django_user_model):
    seed()
    before = {u.username: u.password for u in django_user_model.objects.all()}
    seed()
    assert {u.username: u.password for u in django_user_model.objects.all()} == before


def test_changed_password_survives_until_reset(django_user_model, monkeypatch):
    monkeypatch.setenv("DEMO_PASSWORD", "demo-pass-for-test")
    seed()
    ming = django_user_model.objects.get(username="ming")
    ming.set_password("his-own-secret-pass")
    ming.save()
    seed()
    ming.refresh_from_db()
    assert ming.check_password("his-own-secret-pass")
    seed("--reset-passwords")
    ming.refresh_from_db()
    assert ming.check_password("demo-pass-for-test")


def test_prints_the_credentials(capsys, monkeypatch):
    monkeypatch.setenv("DEMO_PASSWORD", "demo-pass-for-test")
    call_command("seed_demo")
    out = capsys.readouterr().out
    assert "operator" in out and "ming" in out and "demo-pass-for-test" in out


def test_players_get_one_opening_grant_enough_to_sit(django_user_model, monkeypatch):
    monkeypatch.setenv("DEMO_COINS", "5000")
    seed()
    seed()
    for player in django_user_model.objects.filter(is_staff=False):
        assert balance_of(player) == 5000
        assert bracket_for_balance(5000) is not None
    assert balance_of(django_user_model.objects.get(username="operator")) == 0
