"""`manage.py ledger_check`: verify every account's cached balance against its postings.

Exits with status 1 and lists each problem when an invariant is broken.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from ledger.services import check_ledger


class Command(BaseCommand):
    help = "Verify the coin ledger: cached balances == sum of postings, balanced transactions, no negative player."

    def handle(self, *args: Any, **options: Any) -> None:
        report = check_ledger()
        for problem in report.problems:
            self.stderr.write(problem)
        summary = f"{report.accounts} accounts, {report.transactions} transactions"
        if not report.ok:
            raise CommandError(f"ledger check failed: {len(report.problems)} problem(s) in {summary}")
        self.stdout.write(self.style.SUCCESS(f"ledger OK: {summary}"))
