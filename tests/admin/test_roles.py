"""Staff roles: the groups a migration made, and what each role may open in the admin (and may not)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group

pytestmark = pytest.mark.django_db


def codes(group: str) -> set[str]:
    return {f"{p.content_type.app_label}.{p.codename}" for p in Group.objects.get(name=group).permissions.all()}


def test_the_three_roles_exist_with_their_powers():
    support, finance, admin = codes("support"), codes("finance"), codes("admin")
    assert {"operations.sanction_user", "operations.view_dashboard", "accounts.view_user"} <= support
    assert "ledger.operate_coins" not in support and "operations.close_table" not in support
    assert {"ledger.operate_coins", "ledger.view_transaction", "operations.view_dashboard"} <= finance
    assert "operations.sanction_user" not in finance and "ledger.change_bracket" not in finance
    assert support | finance | {"operations.close_table", "ledger.change_bracket", "tables.change_room"} <= admin
    assert {"coins.view_riskpair", "coins.freeze_account"} <= finance & admin
    assert not {"coins.view_riskpair", "coins.freeze_account"} & support  # the 风控 page is finance's


PAGES = [
    # (url, support, finance, admin): 200 may open it, 403 may not
    ("/admin/", 200, 200, 200),
    ("/admin/dashboard/", 200, 200, 200),
    ("/admin/operations/auditentry/", 200, 200, 200),
    ("/admin/accounts/user/", 200, 200, 200),
    ("/admin/ledger/transaction/", 200, 200, 200),
    ("/admin/tables/table/", 200, 200, 200),
    ("/admin/tables/hand/", 200, 200, 200),
    ("/admin/ledger/transaction/adjust/", 403, 200, 200),
    ("/admin/ledger/bracket/table/", 403, 403, 200),
    ("/admin/coins/riskpair/", 403, 200, 200),  # 风控: finance's, not support's
]


@pytest.mark.parametrize(("url", "support", "finance", "admin"), PAGES)
def test_what_each_role_may_open(as_staff, li, cai, boss, url, support, finance, admin):
    got = tuple(as_staff(user).get(url).status_code for user in (li, cai, boss))
    assert got == (support, finance, admin)


def test_a_player_cannot_open_the_admin_or_the_dashboard(client, ming):
    client.force_login(ming)
    assert client.get("/admin/dashboard/").status_code == 302  # to the admin log-in
    assert client.get("/admin/accounts/user/").status_code == 302


def test_staff_without_a_role_sees_no_dashboard(as_staff, make_player):
    nobody = make_player("temp", "临时工", is_staff=True)
    assert as_staff(nobody).get("/admin/dashboard/").status_code == 403


def test_roles_survive_a_flush(django_db_blocker):
    """post_migrate re-creates the groups after a test database flush (transactional tests)."""
    from django.apps import apps

    from operations.roles import sync_roles

    Group.objects.filter(name="support").delete()
    sync_roles(apps)
    assert "operations.sanction_user" in codes("support")
