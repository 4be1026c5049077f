"""Create the demo accounts (an operator and a few players) if missing, and print their credentials.

Idempotent: existing accounts keep their password unless --reset-passwords is given,
so running it on every start never undoes a password a player changed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from accounts.models import User


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


def ensure_account(spec: DemoAccount, password: str, reset: bool) -> bool:
    """Create the account when missing (or reset its password); True when the password was set now."""
    user, created = User.objects.get_or_create(
        username=spec.username,
        defaults={"display_name": spec.display_name, "is_staff": spec.operator, "is_superuser": spec.operator},
    )
    if created or reset:
        user.set_password(password)
        user.save(update_fields=["password"])
    return created or reset


class Command(BaseCommand):
    help = "Create the demo operator and players (idempotent) and print their credentials."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--reset-passwords", action="store_true", help="set the demo password again")

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        password = demo_password()
        self.stdout.write("Demo accounts (change these before exposing the site):")
        for spec in DEMO_ACCOUNTS:
            fresh = ensure_account(spec, password, options["reset_passwords"])
            role = "operator" if spec.operator else "player"
            note = "" if fresh else "  (existing; password unchanged)"
            self.stdout.write(f"  {role:8}  {spec.username:10}  {password}  {spec.display_name}{note}")
