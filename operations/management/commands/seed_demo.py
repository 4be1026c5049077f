"""Create the demo accounts (an operator and a few players) if missing, and print their credentials.

Idempotent: existing accounts keep their password unless --reset-passwords is given,
so running it on every start never undoes a password a player changed. Each demo
player gets one opening grant of DEMO_COINS (default 5000) through the ledger,
keyed per player so it is paid once however often this runs.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from accounts.models import User
from ledger import services as ledger


@dataclass(frozen=True, slots=True)
class DemoAccount:
    username: str
    display_name: str
    operator: bool = False


DEMO_ACCOUNTS = (
    DemoAccount("operator", "管理员", operator=True),
    DemoAccount("ming", "阿明"),
    DemoAccount("fang", "小芳"),
    DemoAccount("chen", "老陈"),
    DemoAccount("zhen", "阿珍"),
)


def demo_password() -> str:
    """The demo password (DEMO_PASSWORD overrides it); these accounts are for local use only."""
    return os.environ.get("DEMO_PASSWORD", "mahjong-demo-2026")


def demo_coins() -> int:
    return int(os.environ.get("DEMO_COINS", "5000"))


def ensure_coins(player: User, operator: User) -> int:
    """Pay the player's one opening grant (idempotent by key); return their balance."""
    if demo_coins() > 0:
        key = f"seed-demo:{player.username}"
        ledger.grant(player, demo_coins(), by=operator, reason="demo account opening grant", key=key)
    return ledger.balance_of(player)


def ensure_account(spec: DemoAccount, password: str, reset: bool) -> tuple[User, bool]:
    """Create the account when missing (or reset its password); True when the password was set now."""
    user, created = User.objects.get_or_create(
        username=spec.username,
        defaults={"display_name": spec.display_name, "is_staff": spec.operator, "is_superuser": spec.operator},
    )
    if created or reset:
        user.set_password(password)
        user.save(update_fields=["password"])
    return user, created or reset


class Command(BaseCommand):
    help = "Create the demo operator and players (idempotent) and print their credentials."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--reset-passwords", action="store_true", help="set the demo password again")

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        password = demo_password()
        self.stdout.write("Demo accounts (change these before exposing the site):")
        operator: User | None = None
        for spec in DEMO_ACCOUNTS:
            user, fresh = ensure_account(spec, password, options["reset_passwords"])
            operator = operator or (user if spec.operator else None)
            coins = "" if spec.operator or operator is None else f"  {ensure_coins(user, operator)} coins"
            note = "" if fresh else "  (existing; password unchanged)"
            role = "operator" if spec.operator else "player"
            self.stdout.write(f"  {role:8}  {spec.username:10}  {password}  {spec.display_name}{coins}{note}")
