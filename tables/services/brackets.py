"""Bracket moves: which stake room a player's balance belongs in (RULINGS: a player sits only in the
room of their own bracket), checked when they sit and again after every settled hand."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext_lazy as _

from accounts.models import User
from ledger import services as ledger
from tables.errors import AccountDisabled, WrongBracket
from tables.models import Room


def balance_of(user: User | int) -> int:
    """The player's coin balance."""
    return int(ledger.balance_of(user))


def balances_of(user_ids: Iterable[int]) -> dict[int, int]:
    """The players' coin balances, in one query."""
    return ledger.balances_of(user_ids)


def bases_for_balances(balances: Iterable[int]) -> dict[int, int | None]:
    """`base_for_balance` of each balance, the brackets read once."""
    return {b: int(k.base) if k else None for b, k in ledger.brackets_for_balances(balances).items()}


def base_for_balance(balance: int) -> int | None:
    """The base of the bracket holding `balance`, or None below the lowest bracket (cannot sit)."""
    bracket = ledger.bracket_for_balance(balance)
    return int(bracket.base) if bracket else None


def matching_room(user: User | int, variant: str) -> int | None:
    """The id of the room of `variant` for the user's current bracket (None below the lowest bracket)."""
    base = base_for_balance(balance_of(user))
    return Room.objects.filter(variant=variant, base=base).values_list("id", flat=True).first() if base else None


def check_bracket(user: User, room: Room) -> None:
    """Raise WrongBracket unless the user's balance falls in the room's bracket (AccountDisabled if banned)."""
    if not user.is_active:
        raise AccountDisabled()
    balance = balance_of(user)
    base = base_for_balance(balance)
    if base != room.base:
        if base is None:
            raise WrongBracket(
                message=_("你的余额 %(balance)s 低于最低档，不能在底 %(base)s 的房间入座"),
                balance=balance,
                base=room.base,
            )
        raise WrongBracket(
            message=_("你的余额 %(balance)s 属于底 %(fits)s 的房间，不是底 %(base)s"),
            balance=balance,
            fits=base,
            base=room.base,
        )
