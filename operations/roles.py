"""Staff roles as Django groups: `support` reads and bans, `finance` moves coins, `admin` does everything.

`finance` also sets the coin policy (the welcome grant and relief 救济金), runs the match zone's
seasons (pass price, prizes), passes and arenas (scheduled, their fee and prizes, cancelled), and
reviews coin farming on the 风控 page (the scored pairs of accounts, which support does not see) with
its freeze.

The groups are created by migration 0002 and kept in step after every migrate
(and every test-database flush) by a `post_migrate` handler, so permissions of
models added later reach the roles too. A staff user's role is their group;
the admin enforces it through these permissions. Staff users also need
`is_staff` to open the admin at all.
"""

from __future__ import annotations

from typing import Any

SUPPORT = "support"
FINANCE = "finance"
ADMIN = "admin"
ROLES = (SUPPORT, FINANCE, ADMIN)

# Apps whose records every role may read.
READABLE_APPS = ("accounts", "ledger", "tables", "coins", "match", "operations")
DASHBOARD = ("operations", "view_dashboard")
SANCTION = ("operations", "sanction_user")
OPERATE_COINS = ("ledger", "operate_coins")
COIN_POLICY = ("coins", "change_coinpolicy")  # the welcome grant and relief settings
# the match zone: seasons (their pass price and prizes), passes granted and revoked
MATCH_FINANCE = (
    ("match", "add_season"), ("match", "change_season"), ("match", "set_season_prices"),
    ("match", "grant_pass"), ("match", "add_matchpass"), ("match", "change_matchpass"),
    ("match", "add_arena"), ("match", "change_arena"), ("match", "cancel_arena"),
)  # fmt: skip

RISK_REVIEW = (("coins", "view_riskpair"), ("coins", "freeze_account"))  # the 风控 page and its freeze

ROLE_EXTRAS: dict[str, tuple[tuple[str, str], ...]] = {
    SUPPORT: (DASHBOARD, SANCTION),
    FINANCE: (DASHBOARD, OPERATE_COINS, COIN_POLICY, *MATCH_FINANCE, *RISK_REVIEW),
}
# Records of the readable apps that a role may still not read.
ROLE_HIDDEN: dict[str, tuple[tuple[str, str], ...]] = {SUPPORT: (("coins", "view_riskpair"),)}


def role_permissions(role: str, permission_model: Any, using: str = "default") -> list[Any]:
    """The permission rows a role holds (`permission_model` may be a migration's historical model)."""
    everything = permission_model.objects.using(using).all()
    if role == ADMIN:
        return list(everything)
    hidden = ROLE_HIDDEN.get(role, ())
    chosen = [
        p
        for p in everything.select_related("content_type")
        if (
            p.content_type.app_label in READABLE_APPS
            and p.codename.startswith("view_")
            and (p.content_type.app_label, p.codename) not in hidden
        )
        or (p.content_type.app_label, p.codename) in ROLE_EXTRAS[role]
    ]
    return chosen


def sync_roles(apps: Any, using: str = "default") -> None:
    """Create the three groups if missing and give each exactly its role's permissions."""
    group_model = apps.get_model("auth", "Group")
    permission_model = apps.get_model("auth", "Permission")
    for role in ROLES:
        group, _ = group_model.objects.using(using).get_or_create(name=role)
        group.permissions.set(role_permissions(role, permission_model, using))
