"""The house's bot players: real users (so the ledger can settle with them) that never log in.

A bot seat has no `Seat.user`; at the deal each bot seat is given the bot user
of its seat index, recorded in `Hand.players`, so the ledger settles a hand with
bots like any other. The house keeps each bot funded before a deal: that coin
movement is the settlement module's (`tables.services.settlement.fund_bots`).
"""

from __future__ import annotations

from accounts.models import User
from engine import bot_levels
from tables.models import Room, Seat

BOT_USERNAME = "~bot{}"  # "~" cannot be chosen at sign-up (usernames are letters, digits and @.+-_)


def bot_user(seat: int) -> User:
    """The bot user that plays seat `seat` (created on first use; cannot log in)."""
    user, created = User.objects.get_or_create(
        username=BOT_USERNAME.format(seat + 1), defaults={"display_name": f"机器人 {seat + 1}", "is_active": False}
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def is_bot_user(user_id: int) -> bool:
    return User.objects.filter(pk=user_id, username__startswith="~bot").exists()


def level_for(seat: Seat, room: Room) -> bot_levels.BotLevel:
    """The level the bot plays `seat` at: a house bot the room's, 托管 and leavers always AUTOPLAY."""
    return bot_levels.get(room.bot_level if seat.is_bot else bot_levels.AUTOPLAY)
