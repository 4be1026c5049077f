"""The operator console: the admin pages of every app's models live here, in the top layer.

The other apps (accounts, ledger, tables, coins) have no admin modules: operator pages need the
operations services (sanctions, audited coin movements, table closing), and nothing below
operations may import it (tests/test_layers.py). Importing this package registers them all.
"""

from operations.admin import coins, ledger, match, records, risk, tables, users

__all__ = ["coins", "ledger", "match", "records", "risk", "tables", "users"]
