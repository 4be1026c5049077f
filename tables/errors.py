"""Why a request to a table was refused. Each reason is its own class with a stable `code`.

The consumer turns these (and the engine's `IllegalAction`) into
`{"type": "error", "code": ..., "reason": ...}`; raising one inside a
service's transaction rolls the transaction back, so a refusal changes nothing.

Players read the reason in their page's language: `REFUSALS` maps every code
(the tables' and the engine's, whose own reasons are English developer text) to
a translated message, `refusal_text` picks it, and the table page hands the same
map to its script so the client shows `code` in the page's language too.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


class TableError(Exception):
    """Base class: `code` is machine-readable, `reason` is for people (in the active language).

    `detail` is developer text (logs, `str(exc)`); `message` (a lazily translated template filled
    with `params`) says more than the code's usual text in `REFUSALS`, where the raiser knows more.
    """

    code = "table_error"

    def __init__(self, detail: str = "", *, message: Promise | None = None, **params: object) -> None:
        super().__init__(detail or self.__doc__ or self.code)
        self.message, self.params = message, params

    @property
    def reason(self) -> str:
        template = self.message if self.message is not None else REFUSALS.get(self.code, self.code)
        return str(template) % self.params if self.params else str(template)


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


class EscapeUnconfirmed(TableError):
    """Leaving a running hand is an escape: the player must confirm it, knowing the penalty."""

    code = "escape_unconfirmed"


class InviteExpired(TableError):
    """This friends' room is no longer open: it expired, was closed, or its session is over."""

    code = "invite_expired"


class NotHost(TableError):
    """Only the host of the friends' room may do this."""

    code = "not_host"


class BotsNotAllowed(TableError):
    """This friends' room was opened without bots."""

    code = "bots_not_allowed"


class SessionStarted(TableError):
    """The friends' room has started: this can only be done before the first hand."""

    code = "session_started"


class BadRoomSettings(TableError):
    """A friends' room setting is not one the game offers."""

    code = "bad_room_settings"


class NotInSession(TableError):
    """Only the players of the friends' session (those at its last hand) may do this."""

    code = "not_in_session"


class SessionNotOver(TableError):
    """The friends' session has not been played to its end (running, closed or expired)."""

    code = "session_not_over"


class RematchStarted(TableError):
    """再来一场 has already started: its new session is under way."""

    code = "rematch_started"


class RematchDeclined(TableError):
    """再来一场 is off: a player declined it or left."""

    code = "rematch_declined"


class RematchExpired(TableError):
    """再来一场 was not accepted by everyone in time."""

    code = "rematch_expired"


class AlreadySeated(TableError):
    """You already sit at another table."""

    code = "already_seated"


class AccountDisabled(TableError):
    """Your account is suspended or banned: you cannot sit."""

    code = "account_disabled"


class PublicHandsFirst(TableError):
    """An account with too few hands in public rooms may not sit with others at a coin friends' room (风控)."""

    code = "public_hands_first"


class SharedClient(TableError):
    """Accounts from one address or one browser may not sit together at a coin friends' room (风控)."""

    code = "shared_client"


# Every refusal code a player can meet, with what they are told (engine.actions and
# the variants' own IllegalAction classes, then the tables'). tests/tables/test_refusal_texts.py
# fails when a code has no entry here.
REFUSALS: dict[str, Promise] = {
    # engine: the action itself
    "illegal": _("现在不能这样做"),
    "malformed": _("消息格式不正确"),
    "hand_finished": _("这局已经结束"),
    "not_your_turn": _("现在还没轮到你"),
    "wrong_phase": _("现在不能做这个动作"),
    "already_answered": _("你已经回应过这次吃碰"),
    "tile_not_in_hand": _("你手里没有这张牌"),
    "gold_discard_forbidden": _("金只能在进入双游时打出"),
    "must_discard_drawn": _("有人双游时只能打出刚摸的牌"),
    "not_a_win": _("这手牌还不能胡"),
    "needs_three_points": _("点炮或抢杠胡需要 3 分（花、暗刻、杠、箭刻）"),
    "discard_win_with_gold": _("手里有这么多金时只能自摸"),
    "win_on_gold": _("打出的金不能胡、吃或碰"),
    "youjin_only": _("三张金只能游金或更大的牌型才能胡"),
    "youjin_no_discard_win": _("游金时只能自摸"),
    "passed_win": _("先弃后和：放过胡牌后，到你下次摸牌前不能胡别人打出的牌"),
    "chow_not_from_left": _("只能吃上家打出的牌"),
    "no_such_chow": _("这些牌和打出的牌组不成顺子"),
    "cannot_pong": _("碰需要手里有两张相同的牌"),
    "cannot_kong": _("现在不能杠这张牌"),
    "no_tiles_left": _("没有补杠的牌了"),
    "claim_not_offered": _("你不能吃碰这张牌"),
    "no_such_kong": _("没有可以抢的杠"),
    "bad_named_gold": _("金必须是花牌以外的牌"),
    "qiangjin_not_allowed": _("只有开局时已经听牌才能抢金"),
    "not_ready_to_declare": _("报听要求打出这张牌后听牌"),
    "already_declared": _("你已经报听"),
    "declared_hand_locked": _("报听后手牌不能再变：只能胡牌或打出摸到的牌"),
    "bad_exchange": _("要换的牌不都在你手里"),
    "not_offered": _("这张牌或这组刻子不在可选之列"),
    "lou_hu": _("漏胡：放过胡牌后，在碰、吃、杠或摸牌之前不能胡这张牌"),
    # tables: the request around the action
    "table_error": _("牌桌拒绝了这个请求"),
    "not_seated": _("你没有坐在这张牌桌上"),
    "no_hand": _("这张牌桌上没有进行中的牌局"),
    "stale_version": _("牌局已经往前走了，请按最新局面操作"),
    "rate_limited": _("消息太多，请慢一点"),
    "chat_rate_limited": _("发言太快了，请稍等几秒"),  # 快捷语 (tables/chat.py)
    "table_full": _("这张牌桌没有空位"),
    "wrong_bracket": _("你的余额不在这个房间的底注档位内"),
    "table_closed": _("这张牌桌已经关闭"),
    "bad_invite_code": _("没有使用这个邀请码的私人牌桌"),
    "hand_running": _("牌局进行中，现在不能这样做"),
    "already_seated": _("你已经坐在另一张牌桌上"),
    "escape_unconfirmed": _("牌局进行中：现在离开算作逃跑，要扣罚。请先确认"),
    "account_disabled": _("你的账号已被暂停或封禁，不能入座"),
    # 好友房 (tables/services/friends.py)
    "invite_expired": _("这个好友房已经结束、关闭或过期"),
    "not_host": _("只有房主可以这样做"),
    "bots_not_allowed": _("这个好友房不允许机器人"),
    "session_started": _("好友房已经开局，现在不能这样做"),
    "bad_room_settings": _("好友房的设置无效"),
    # 风控 at coin friends' rooms (coins.farming)
    "public_hands_first": _("在公共房间打够局数之前，不能和别人同坐游戏币好友房；积分好友房不受限制"),
    "shared_client": _("你和房间里的玩家使用同一网络地址或同一设备登录，不能同坐游戏币好友房；积分好友房不受限制"),
    "not_in_session": _("你不是这一场的玩家"),
    "session_not_over": _("这一场没有打完，不能再来一场"),
    "rematch_started": _("再来一场已经开始了"),
    "rematch_declined": _("再来一场已取消：有人不来了"),
    "rematch_expired": _("再来一场已过期：没有人人都在时限内接受"),
}


def refusal_text(exc: Exception) -> str:
    """What the player is told about a refused request, in the active language.

    Falls back to the exception's own reason only for a code nobody listed (the test above prevents that).
    """
    if isinstance(exc, TableError):
        return exc.reason
    message = REFUSALS.get(str(getattr(exc, "code", "")))
    return str(message) if message is not None else str(getattr(exc, "reason", None) or exc)


def refusal_texts() -> dict[str, str]:
    """Every code's message in the active language, for the table page's script."""
    return {code: str(message) for code, message in REFUSALS.items()}
