"""Why a request to a table was refused. Each reason is its own class with a stable `code`.

The consumer turns these (and the engine's `IllegalAction`) into
`{"type": "error", "code": ..., "reason": ...}`; raising one inside a
service's transaction rolls the transaction back, so a refusal changes nothing.
"""

from __future__ import annotations


class TableError(Exception):
    """Base class: `code` is machine-readable, the message is for people."""

    code = "table_error"

    def __init__(self, reason: str = "") -> None:
        super().__init__(reason or self.__doc__ or self.code)

    @property
    def reason(self) -> str:
        return str(self)


class NotSeated(TableError):
    """You are not seated at this table."""

    code = "not_seated"


class NoRunningHand(TableError):
    """No hand is running at this table."""

    code = "no_hand"


class NotYourTurn(TableError):
    """It is not your turn to act."""

    code = "not_your_turn"


class StaleVersion(TableError):
    """The hand has moved on since the version you acted on."""

    code = "stale_version"


class MalformedMessage(TableError):
    """The message is not valid JSON of a known shape."""

    code = "malformed"


class RateLimited(TableError):
    """Too many messages; slow down."""

    code = "rate_limited"


class TableFull(TableError):
    """No free seat at this table."""

    code = "table_full"


class WrongBracket(TableError):
    """Your balance is not in this room's bracket."""

    code = "wrong_bracket"


class TableClosed(TableError):
    """This table is closed."""

    code = "table_closed"


class BadInviteCode(TableError):
    """No open private table has this invite code."""

    code = "bad_invite_code"


class HandRunning(TableError):
    """A hand is running: you cannot do that now."""

    code = "hand_running"


class AlreadySeated(TableError):
    """You already sit at another table."""

    code = "already_seated"


class AccountDisabled(TableError):
    """Your account is suspended or banned: you cannot sit."""

    code = "account_disabled"
