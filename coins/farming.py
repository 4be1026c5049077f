"""风控 at the tables: who may not sit together at a coin friends' room (RULINGS "Friends' rooms", issue 43).

A feeder account farms coins for a friend by losing to them where coins move: a private table. So at a
private table played for coins (a coin friends' room; points rooms are exempt), a player may not sit
beside others

- while either has fewer hands played in public rooms than the coin policy's `relief_public_hands`
  (the same N that relief asks for; 0 turns this rule off): a fresh account is a feeder's first shape;
- when the two logged in from one address or one browser (`accounts.services.accounts_sharing_a_client`).

`check_company` is registered with the tables' seating (`tables.services.friend_rules`) by `coins.apps`,
so tables never imports coins; it raises the tables' own refusals, shown to the player in the join flow.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from accounts.models import User
from accounts.services import accounts_sharing_a_client
from coins.models import CoinPolicy
from coins.services import public_hands
from tables.errors import PublicHandsFirst, SharedClient

YOU_FIRST = _("加入游戏币好友房前，需要先在公共房间打完 %(n)d 局（你已打 %(played)d 局）；积分好友房不受限制")
SOMEONE_SEATED_FIRST = _("这个游戏币好友房里有玩家还没在公共房间打完 %(n)d 局，暂时不能和别人同坐；积分好友房不受限制")


def check_company(user: User, others: list[int]) -> None:
    """Raise PublicHandsFirst or SharedClient unless `user` may sit with `others` (people already seated)
    at a coin friends' room; nothing is changed either way."""
    needed = CoinPolicy.current().relief_public_hands
    if needed:
        played = public_hands(user.pk, needed)
        if played < needed:
            raise PublicHandsFirst(message=YOU_FIRST, n=needed, played=played)
        if any(public_hands(other, needed) < needed for other in others):
            raise PublicHandsFirst(message=SOMEONE_SEATED_FIRST, n=needed)
    if any(user.pk in pair for pair in accounts_sharing_a_client({user.pk, *others})):
        raise SharedClient()
