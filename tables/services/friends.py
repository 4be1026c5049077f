"""好友房 (friends' rooms): open one, fill it by invite, play a session of a set length, read the 总结算.

RULINGS "Friends' rooms". The session is a private table with a `FriendRoom` row: the settings, and at
the end the final account. What the shared services do differently for it is asked of `friend_rules`.
Every function that changes a table runs in one transaction with the table row locked (through the
services it calls); events go out after commit.

- `create`: the host's choices are checked against `LENGTHS` and `TABLE_OPTIONS` (data per game,
  the options as docs/rules/ documents them); a coin room sits in the host's bracket room, a points
  room in the game's lowest-base room (its base is the 底分 of the points).
- The waiting room: seats, who is ready, the host's controls (`remove`, `close`, start with bots where
  allowed through `between_hands.start_with_bots`). A room that has not started by `expires_at`
  (`FRIENDS_EXPIRE_MINUTES`, default 30) is closed by the sweeper (`expire`).
- `after_settlement`: after each settled hand, whether the session is over (its hands, or its 圈: the
  deal passing from the last seat back to the first); then the account is kept and the table closes.
- 再来一场 (`propose_rematch`, `answer_rematch`): the people at a finished session's last hand are asked
  to play another with the same settings; it starts when all have accepted, one declining or leaving
  (sitting at another table: `friend_rules.leave_rematches`) calls it off, and it expires as a waiting
  room does (`expire_rematch`, the sweeper's). These lock the players asked (their user rows, as
  `seating.sit` does before a table), the session's table, then its `FriendRoom`, then the `Rematch` (the
  order `after_settlement` takes those two in).
- `closed_by_operator`: an operator closed the room's table: the session ends as closed, with the
  account of the hands it played.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from engine.sheet import DISCARD_WINS, WinType
from ledger.models import Transaction
from tables.errors import (
    AccountDisabled,
    AlreadySeated,
    BadRoomSettings,
    NotHost,
    NotInSession,
    NotSeated,
    RematchDeclined,
    RematchExpired,
    RematchStarted,
    SessionNotOver,
    SessionStarted,
    TableClosed,
    WrongBracket,
)
from tables.friend_models import LIVE_REMATCH, Ending, FriendRoom, LengthUnit, Rematch, RematchStatus, Stakes
from tables.models import VARIANT_IDS, Escape, Hand, Room, Seat, Table, TableEvent, TableStatus, seats_of
from tables.services import actions, between_hands, brackets, closing, seating, seats
from tables.services.events import EventRecorder, same_for_all
from tables.services.friend_rules import escape_points

EXPIRE_MINUTES = 30


@dataclass(frozen=True, slots=True)
class TableOption:
    """A table option the host may set: the engine's option name, its name and one line on what it does,
    and the values offered (value, label), the first the default."""

    key: str
    label: Promise
    about: Promise
    choices: tuple[tuple[Any, Promise | str], ...]


_OFF_ON = ((False, _("关")), (True, _("开")))
_CHANCES = ((0, _("关")), (0.1, "10%"), (0.2, "20%"))

# Each game's table options (docs/rules/: pinghe's 喊金, erren's "Table options"); nanping and guangdong
# have none a host may set (guangdong's 风圈 is the table's own bookkeeping).
TABLE_OPTIONS: dict[str, tuple[TableOption, ...]] = {
    "pinghe": (
        TableOption("named_gold", _("喊金"), _("庄家开局前自己喊一张牌作金：四张金都在牌里，可能打出十六游"), _OFF_ON),
    ),
    "nanping": (),
    "erren": (
        TableOption("swap_probability", _("游戏中换牌"), _("摸牌后有机会用三张手牌换一副未出现的刻子"), _CHANCES),
        TableOption("pick_probability", _("搓牌"), _("摸牌前有机会点名摸一张还没出现的牌"), _CHANCES),
    ),
    "guangdong": (),
}

HAND_LENGTHS = (4, 8, 16)
ROUND_LENGTHS = (1, 2)  # 圈, in the 4-player games
TEST_LENGTHS = (1, 2)  # hands, only where settings.TABLES_ALLOW_SCRIPTED_DEALS (tests: a shortened session)


def lengths(variant: str) -> list[tuple[str, int]]:
    """The lengths a host may choose for `variant`: (unit, n), hands first."""
    offered = [(LengthUnit.HANDS.value, n) for n in HAND_LENGTHS]
    if variant in VARIANT_IDS and seats_of(variant) == 4:
        offered += [(LengthUnit.ROUNDS.value, n) for n in ROUND_LENGTHS]
    if settings.TABLES_ALLOW_SCRIPTED_DEALS:
        offered = [(LengthUnit.HANDS.value, n) for n in TEST_LENGTHS] + offered
    return offered


@dataclass(frozen=True, slots=True)
class Choices:
    """What the host chose (from the create form, checked by `create`)."""

    variant: str
    length: int
    unit: str = LengthUnit.HANDS
    stakes: str = Stakes.POINTS
    options: tuple[tuple[str, Any], ...] = ()
    bots_allowed: bool = False
    spectators_allowed: bool = False


def create(host: User, choices: Choices, now: datetime | None = None) -> Table:
    """Open a friends' room with the host seated; BadRoomSettings for a choice the game does not offer."""
    now = now or timezone.now()
    room = _room_for(host, choices)
    options = _checked_options(choices)
    seating.not_seated_elsewhere(host)
    with transaction.atomic():
        table = seating.create_table(room, private=True, by=host, options=options)
        FriendRoom.objects.create(
            table=table, host=host, length=choices.length, unit=choices.unit, stakes=choices.stakes,
            bots_allowed=choices.bots_allowed, spectators_allowed=choices.spectators_allowed,
            expires_at=_expiry(now),
        )  # fmt: skip
    return seating.sit(host, table.pk, now)


def _expiry(now: datetime) -> datetime:
    """When a waiting room (or a rematch) opened at `now` expires unless it has started."""
    return now + timedelta(minutes=getattr(settings, "FRIENDS_EXPIRE_MINUTES", EXPIRE_MINUTES))


def _room_for(host: User, choices: Choices) -> Room:
    if choices.variant not in VARIANT_IDS or choices.stakes not in Stakes.values:
        raise BadRoomSettings()
    if (choices.unit, choices.length) not in lengths(choices.variant):
        raise BadRoomSettings()
    rooms = Room.objects.filter(variant=choices.variant)
    if choices.stakes == Stakes.POINTS:
        room = rooms.order_by("base").first()  # points: the game's lowest base is the 底分
    else:
        room = rooms.filter(base=brackets.base_for_balance(brackets.balance_of(host)) or 0).first()
        if room is not None:
            brackets.check_bracket(host, room)
    if room is None:
        brackets.check_bracket(host, rooms.order_by("base").first() or Room(variant=choices.variant, base=0))
        raise BadRoomSettings()
    return room


def _checked_options(choices: Choices) -> dict[str, Any]:
    offered = {o.key: [value for value, _label in o.choices] for o in TABLE_OPTIONS[choices.variant]}
    chosen = dict(choices.options)
    if any(key not in offered or value not in offered[key] for key, value in chosen.items()):
        raise BadRoomSettings()
    return {key: chosen.get(key, values[0]) for key, values in offered.items()}


# --- the waiting room ------------------------------------------------------------------


def _host_before_start(table_id: int, user_id: int) -> tuple[Table, FriendRoom]:
    table = actions.lock_table(table_id)
    friend = FriendRoom.objects.get(table=table)
    if friend.host_id != user_id:
        raise NotHost()
    if table.status == TableStatus.CLOSED:
        raise TableClosed()
    if table.hands_played or table.status != TableStatus.WAITING:
        raise SessionStarted()
    return table, friend


def remove(table_id: int, host_id: int, user_id: int) -> None:
    """The host takes a player's seat back before the first hand (the player is told: code `removed`)."""
    with transaction.atomic():
        table, _friend = _host_before_start(table_id, host_id)
        seat = table.seats.filter(user_id=user_id).first()
        if seat is None or user_id == host_id:
            raise NotSeated()
        events = EventRecorder(table)
        view = {"type": "moved_out", "seat": seat.index, "user": user_id, "code": "removed"}
        events.add("moved_out", same_for_all(table.room.n_seats, view))
        seats.free_seat(seat)
        seats.announce_seats(table, events)
        events.finish()


def close(table_id: int, host_id: int) -> None:
    """The host closes the room before the first hand; everyone seated stands up."""
    with transaction.atomic():
        _table, friend = _host_before_start(table_id, host_id)
        closing.close_table(table_id, str(_("房主关闭了好友房")))
        FriendRoom.objects.filter(pk=friend.pk).update(ending=Ending.CLOSED, finished_at=timezone.now())


def set_ready(table_id: int, user_id: int, ready: bool) -> None:
    """准备 / 取消准备 in the waiting room (sitting down is being ready; the first hand waits for all)."""
    if ready:
        between_hands.set_ready(table_id, user_id)
        return
    with transaction.atomic():
        table = actions.lock_table(table_id)
        seat = table.seats.filter(user_id=user_id).first()
        if seat is None:
            raise NotSeated()
        if table.status != TableStatus.WAITING:
            raise SessionStarted()
        Seat.objects.filter(pk=seat.pk).update(ready=False)
        events = EventRecorder(table)
        seats.announce_seats(table, events)
        events.finish()


def due_to_expire(now: datetime) -> list[int]:
    """Tables of friends' rooms still waiting for their first hand past their expiry (the sweeper's)."""
    due = FriendRoom.objects.filter(ending="", expires_at__lte=now, table__hands_played=0)
    return list(due.exclude(table__status=TableStatus.CLOSED).values_list("table_id", flat=True))


def expire(table_id: int, now: datetime | None = None) -> bool:
    """Close a friends' room that never started by its expiry; False if it started or closed meanwhile."""
    now = now or timezone.now()
    with transaction.atomic():
        table = actions.lock_table(table_id)
        friend = FriendRoom.objects.get(table=table)
        if table.hands_played or table.status == TableStatus.CLOSED or friend.expires_at > now:
            return False
        closing.close_table(table_id, str(_("好友房没有在时限内开局，已关闭")), now)
        FriendRoom.objects.filter(pk=friend.pk).update(ending=Ending.EXPIRED, finished_at=now)
        return True


# --- the session ---------------------------------------------------------------------------


def after_settlement(table: Table, hand: Hand, events: EventRecorder) -> bool:
    """A hand of the locked `table` is settled (inside the settlement's transaction): whether it ended the
    session. If so the final account is kept, the table closes and everyone is told (`session_over`)."""
    friend = FriendRoom.objects.select_for_update().filter(table=table).first()
    if friend is None or friend.ending:
        return False
    n = table.room.n_seats
    if hand.dealer == n - 1 and table.dealer == 0:  # the deal went round: one 圈
        friend.rounds_done += 1
        friend.save(update_fields=["rounds_done"])
    done = friend.rounds_done if friend.unit == LengthUnit.ROUNDS else _settled_hands(table).count()
    if done < friend.length:
        return False
    _finish(table, friend, events)
    return True


def _settled_hands(table: Table) -> Any:
    return table.hands.filter(settled=True, sheet__isnull=False).order_by("number")


def _finish(table: Table, friend: FriendRoom, events: EventRecorder) -> None:
    account = final_account(friend)
    friend.account, friend.players = account, [int(r["user"]) for r in account["rows"] if r["user"]]
    friend.ending, friend.finished_at = Ending.FINISHED, timezone.now()
    friend.save(update_fields=["account", "players", "ending", "finished_at"])
    table.seats.update(user=None, is_bot=False, auto=False, leaving=False, connections=0, ready=False)
    table.status, table.next_hand_at, table.bots_at = TableStatus.CLOSED, None, None
    table.save(update_fields=["status", "next_hand_at", "bots_at"])
    seats.announce_seats(table, events)
    view = {"type": "session_over", "friend_room": friend.pk}
    events.add("session_over", same_for_all(table.room.n_seats, view))


# --- totals and the final account (总结算) ----------------------------------------------------


def _key(hand: Hand, seat: int) -> str:
    """Who played `seat` of `hand`: a person by user id, a house bot by its seat."""
    return f"bot{seat}" if seat in hand.bots else str(hand.players[seat])


def _hand_rows(hand: Hand) -> list[dict[str, int]]:
    """The hand's result as transfer rows (what was paid) plus its escapes' penalties."""
    rows = list((hand.sheet or {}).get("transfers", []))
    for escape in Escape.objects.filter(hand=hand):
        rows += _escape_rows(hand, escape)
    return rows


def _escape_rows(hand: Hand, escape: Escape) -> list[dict[str, int]]:
    if escape.penalized and not hand.table.friend_room.points:
        posted = Transaction.objects.filter(idempotency_key=f"hand:{hand.pk}:escape:{escape.seat}").first()
        return list(posted.detail.get("transfers", [])) if posted else []
    return escape_points(hand, escape.seat) if hand.table.friend_room.points else []


def _wins(hand: Hand) -> list[dict[str, Any]]:
    """The hand's wins (一炮多响: one per winner): seat, win type (Chinese name), discarder (None: self-drawn)."""
    found = []
    for public in TableEvent.objects.filter(hand=hand, kind="win").values_list("public", flat=True):
        if public and public.get("seat") is not None:
            found.append({"seat": int(public["seat"]), "type": public.get("win_type_zh"),
                          "discarder": public.get("discarder")})  # fmt: skip
    return found


def final_account(friend: FriendRoom) -> dict[str, Any]:
    """The session as it stands: each player's total, wins, 自摸, 点炮 and biggest hand, the 大赢家, and
    every hand with what each player won or lost in it (the final account once the session is over)."""
    rows: dict[str, dict[str, Any]] = {}
    hands = []
    names = _names(friend.table)
    for hand in _settled_hands(friend.table).select_related("table__friend_room"):
        deltas = _deltas(hand, rows, names)
        _count_wins(hand, deltas, rows)
        sheet = hand.sheet or {}
        hands.append({"id": hand.pk, "number": hand.number, "win_type": sheet.get("win_type"),
                      "fan": sheet.get("total_fan", 0), "deltas": deltas})  # fmt: skip
    top = max((r["total"] for r in rows.values()), default=0)
    for row in rows.values():
        row["big_winner"] = top > 0 and row["total"] == top
    return {"rows": sorted(rows.values(), key=lambda r: (-r["total"], r["key"])), "hands": hands,
            "stakes": friend.stakes}  # fmt: skip


def _names(table: Table) -> dict[int, str]:
    ids = {pk for hand in table.hands.all() for pk in hand.players}
    return {u.pk: u.shown_name for u in User.objects.filter(pk__in=ids)}


def _row(rows: dict[str, dict[str, Any]], hand: Hand, seat: int, names: dict[int, str]) -> dict[str, Any]:
    key = _key(hand, seat)
    if key not in rows:
        person = seat not in hand.bots
        rows[key] = {"key": key, "user": hand.players[seat] if person else None, "bot_seat": None if person else seat,
                     "name": names.get(hand.players[seat], "") if person else "", "total": 0, "hands": 0,
                     "wins": 0, "zimo": 0, "dianpao": 0, "biggest": None}  # fmt: skip
    return rows[key]


def _deltas(hand: Hand, rows: dict[str, dict[str, Any]], names: dict[int, str]) -> dict[str, int]:
    deltas = {_key(hand, seat): 0 for seat in range(len(hand.players))}
    for seat in range(len(hand.players)):
        _row(rows, hand, seat, names)["hands"] += 1
    for r in _hand_rows(hand):
        deltas[_key(hand, int(r["payer"]))] -= int(r["paid"])
        deltas[_key(hand, int(r["receiver"]))] += int(r["paid"])
    for key, delta in deltas.items():
        rows[key]["total"] += delta
    return deltas


_DISCARD_WIN_NAMES = {w.zh for w in DISCARD_WINS} | {WinType.QIANG_ANGANG_WRONG.zh}


def _count_wins(hand: Hand, deltas: dict[str, int], rows: dict[str, dict[str, Any]]) -> None:
    fan = int((hand.sheet or {}).get("total_fan", 0))
    for win in _wins(hand):
        row = rows[_key(hand, win["seat"])]
        row["wins"] += 1
        if win["discarder"] is None and win["type"] not in _DISCARD_WIN_NAMES:
            row["zimo"] += 1
        if win["discarder"] is not None:
            rows[_key(hand, int(win["discarder"]))]["dianpao"] += 1
        gain = deltas[row["key"]]
        if row["biggest"] is None or gain > row["biggest"]["gain"]:
            row["biggest"] = {"gain": gain, "fan": fan, "type": win["type"], "hand": hand.number}


def totals(friend: FriendRoom) -> dict[str, Any]:
    """The running totals strip: each player's total so far (seat order of the last hand), hands done."""
    account = friend.account or final_account(friend)
    done = len(account["hands"])
    return {"rows": account["rows"], "hands_done": done, "rounds_done": friend.rounds_done,
            "length": friend.length, "unit": friend.unit, "stakes": friend.stakes,
            "over": friend.ending == Ending.FINISHED}  # fmt: skip


def waiting_room(friend: FriendRoom) -> dict[str, Any]:
    """The waiting room as its page polls it: status, seats (name, ready, host), whether it started."""
    table = friend.table
    table_seats = list(table.seats.select_related("user").order_by("index"))
    people = [
        {"seat": s.index, "user": s.user_id, "name": s.shown_name, "ready": s.ready or s.is_bot,
         "bot": s.is_bot, "host": s.user_id == friend.host_id, "empty": s.empty}
        for s in table_seats
    ]  # fmt: skip
    return {"status": table.status, "started": table.hands_played > 0, "ending": friend.ending, "seats": people,
            "expires_at": friend.expires_at.isoformat()}  # fmt: skip


# --- an operator's close ----------------------------------------------------------------------


def closed_by_operator(table_id: int, now: datetime | None = None) -> bool:
    """An operator closed this table (`operations.services.close_table`, in its transaction, the table
    locked): a friends' room's session ends as closed, keeping the account of the hands it played so its
    players can still read it. False for another table, or a session already ended."""
    friend = FriendRoom.objects.select_for_update().filter(table_id=table_id, ending="").first()
    if friend is None:
        return False
    friend.ending, friend.finished_at = Ending.CLOSED, now or timezone.now()
    if _settled_hands(friend.table).exists():
        friend.account = final_account(friend)
        friend.players = [int(r["user"]) for r in friend.account["rows"] if r["user"]]
    friend.save(update_fields=["ending", "finished_at", "account", "players"])
    return True


# --- 再来一场 (rematch) ------------------------------------------------------------------------


def rematch_players(friend: FriendRoom) -> list[int]:
    """Who is asked to play again: the people at the session's last hand (seat order), but one who escaped
    from it. House bots are not asked: they sit again where the room allows bots."""
    last = _settled_hands(friend.table).only("players", "bots").last()
    if last is None:
        return []
    escaped = set(Escape.objects.filter(hand=last).values_list("seat", flat=True))
    return [int(pk) for seat, pk in enumerate(last.players) if seat not in last.bots and seat not in escaped]


def propose_rematch(friend_id: int, user_id: int, now: datetime | None = None) -> Rematch:
    """再来一场: a player at the end of a finished session asks the others to play another with the same
    settings. Asking is accepting; if someone asked first, this accepts theirs (and the last acceptance
    starts it). Refused, nothing changed: not a player at the session's end (NotInSession), a session not
    played out (SessionNotOver), a rematch that already started (RematchStarted), a player who may no
    longer sit in it (`_check_players`)."""
    now = now or timezone.now()
    unlocked = FriendRoom.objects.filter(pk=friend_id).first()
    with transaction.atomic():
        _lock_people(rematch_players(unlocked) if unlocked else [])  # a finished session's: they never change
        table, friend = _lock_session(friend_id)
        players = _players_asked(friend, user_id)
        events = EventRecorder(table)
        live = Rematch.objects.select_for_update().filter(session=friend, status__in=LIVE_REMATCH).first()
        if live is not None and live.status == RematchStatus.PENDING and live.expires_at <= now:
            _end(table, live, RematchStatus.EXPIRED, None, events)  # its time ran out before the sweeper came
            live = None
        if live is None:  # a new one (`_accept` checks its players: a refusal rolls it back)
            live = Rematch.objects.create(
                session=friend, proposed_by_id=user_id, players=players, accepted=[], expires_at=_expiry(now)
            )
        _accept(table, friend, live, user_id, now, events)
        events.finish()
        return live


def answer_rematch(rematch_id: int, user_id: int, accept: bool, now: datetime | None = None) -> Rematch:
    """A player asked answers: accept (the last acceptance starts the new session) or decline (calls it off
    for all). Refused, nothing changed: not asked (NotInSession), already started (RematchStarted), called
    off (RematchDeclined), expired (RematchExpired), and when accepting, a player who may no longer sit."""
    now = now or timezone.now()
    asked = Rematch.objects.filter(pk=rematch_id).values_list("session_id", "players").first()
    if asked is None:
        raise Rematch.DoesNotExist()
    session_id, players = asked
    with transaction.atomic():
        _lock_people(players)
        table, friend = _lock_session(session_id)
        rematch = Rematch.objects.select_for_update().get(pk=rematch_id)
        if user_id not in rematch.players:
            raise NotInSession()
        events = EventRecorder(table)
        if accept:
            _accept(table, friend, rematch, user_id, now, events)
        else:
            _check_open(rematch, now)
            _end(table, rematch, RematchStatus.DECLINED, user_id, events)
        events.finish()
        return rematch


def due_rematches(now: datetime) -> list[int]:
    """Rematches still waiting for answers past their expiry (the sweeper's)."""
    return list(Rematch.objects.filter(status=RematchStatus.PENDING, expires_at__lte=now).values_list("id", flat=True))


def expire_rematch(rematch_id: int, now: datetime | None = None) -> bool:
    """Call off a rematch not accepted by all in time; False if it was answered or ended meanwhile."""
    now = now or timezone.now()
    session_id = Rematch.objects.filter(pk=rematch_id).values_list("session_id", flat=True).first()
    if session_id is None:
        return False
    with transaction.atomic():
        table, _friend = _lock_session(session_id)
        rematch = Rematch.objects.select_for_update().get(pk=rematch_id)
        if rematch.status != RematchStatus.PENDING or rematch.expires_at > now:
            return False
        events = EventRecorder(table)
        _end(table, rematch, RematchStatus.EXPIRED, None, events)
        events.finish()
        return True


def _lock_people(user_ids: list[int]) -> None:
    """The players' rows, locked in id order before any table: starting a rematch seats them, and seating
    locks a player before the table sat at (`seating.sit`), so the two never wait on each other in a ring."""
    list(User.objects.select_for_update().filter(pk__in=user_ids).order_by("pk").values_list("pk", flat=True))


def _lock_session(friend_id: int) -> tuple[Table, FriendRoom]:
    """The session's table locked, then its FriendRoom row (FriendRoom.DoesNotExist if there is none)."""
    table_id = FriendRoom.objects.filter(pk=friend_id).values_list("table_id", flat=True).first()
    if table_id is None:
        raise FriendRoom.DoesNotExist()
    table = actions.lock_table(table_id)
    return table, FriendRoom.objects.select_for_update().select_related("host").get(pk=friend_id)


def _players_asked(friend: FriendRoom, user_id: int) -> list[int]:
    """The players a rematch of `friend` asks, if `user_id` is one of them; else why not."""
    if friend.ending != Ending.FINISHED:
        if user_id == friend.host_id or user_id in _people_of(friend.table):
            raise SessionNotOver()
        raise NotInSession()
    players = rematch_players(friend)
    if user_id not in players:
        if user_id in friend.players:  # played, but left before the end (or escaped from the last hand)
            raise NotInSession(message=_("只有打到最后一局的玩家可以再来一场"))
        raise NotInSession()
    return players


def _people_of(table: Table) -> set[int]:
    """Everyone who sits at the table or played one of its hands (house bots aside)."""
    people = set(table.seats.filter(user__isnull=False).values_list("user_id", flat=True))
    for players, bots in table.hands.values_list("players", "bots"):
        people |= {int(pk) for seat, pk in enumerate(players) if seat not in bots}
    return people


def _check_open(rematch: Rematch, now: datetime) -> None:
    """Refuse an answer to a rematch that is no longer waiting for answers."""
    if rematch.status == RematchStatus.STARTED:
        raise RematchStarted()
    if rematch.status in (RematchStatus.DECLINED, RematchStatus.LEFT):
        name = rematch.ended_by.shown_name if rematch.ended_by else "?"
        if rematch.status == RematchStatus.LEFT:
            raise RematchDeclined(message=_("再来一场已取消：%(name)s 去了别的牌桌"), name=name)
        raise RematchDeclined(message=_("再来一场已取消：%(name)s 不来了"), name=name)
    if rematch.status == RematchStatus.EXPIRED or rematch.expires_at <= now:
        raise RematchExpired()


def _check_players(table: Table, friend: FriendRoom, players: list[int]) -> None:
    """Everyone asked may still sit in the new session, or the player who may not is named: an active
    account, at no other table, and in a coin room a balance in the room's bracket (RULINGS "Friends'
    rooms": a coin room admits players of its bracket; points rooms admit anyone)."""
    users = {u.pk: u for u in User.objects.filter(pk__in=players)}
    for user in (users[pk] for pk in players):
        name = user.shown_name
        if not user.is_active:
            raise AccountDisabled(message=_("%(name)s 的账号已被暂停或封禁，不能再来一场"), name=name)
        elsewhere = seating.seated_table(user)
        if elsewhere is not None:
            raise AlreadySeated(message=_("%(name)s 已经坐在牌桌 #%(table)s 上，不能再来一场"), name=name,
                                table=elsewhere.pk)  # fmt: skip
        if not friend.points:
            balance = brackets.balance_of(user)
            if brackets.base_for_balance(balance) != table.room.base:
                raise WrongBracket(
                    message=_("%(name)s 的余额 %(balance)s 已不在底 %(base)s 的档位，不能再来一场游戏币房"),
                    name=name, balance=balance, base=table.room.base,
                )  # fmt: skip


def _accept(
    table: Table, friend: FriendRoom, rematch: Rematch, user_id: int, now: datetime, events: EventRecorder
) -> None:
    _check_open(rematch, now)
    _check_players(table, friend, rematch.players)
    if user_id not in rematch.accepted:
        rematch.accepted = [*rematch.accepted, user_id]
    if not rematch.waiting_for:
        rematch.started = _start(table, friend, rematch, now)
    rematch.save()
    _announce(table, rematch, events)


def _start(table: Table, friend: FriendRoom, rematch: Rematch, now: datetime) -> FriendRoom:
    """Everyone accepted: the new session, with the game, room, table options and settings of the last, its
    players seated in the order they sat. A full table deals its first hand; where seats are left and the
    room allows bots, the host starts with bots as before; otherwise the room waits for friends by code."""
    rematch.status = RematchStatus.STARTED
    rematch.save(update_fields=["status"])  # first: sitting down calls off the player's *pending* rematches
    users = {u.pk: u for u in User.objects.filter(pk__in=rematch.players)}
    host = friend.host if friend.host_id in users else users[rematch.players[0]]
    new_table = seating.create_table(table.room, private=True, by=host, options=table.options)
    new = FriendRoom.objects.create(
        table=new_table, host=host, length=friend.length, unit=friend.unit, stakes=friend.stakes,
        bots_allowed=friend.bots_allowed, spectators_allowed=friend.spectators_allowed, expires_at=_expiry(now),
    )  # fmt: skip
    for pk in rematch.players:
        seating.sit(users[pk], new_table.pk, now)
    if friend.bots_allowed and len(rematch.players) < table.room.n_seats:
        between_hands.start_with_bots(new_table.pk, host.pk, now)
    return new


def _end(table: Table, rematch: Rematch, status: str, by: int | None, events: EventRecorder) -> None:
    rematch.status, rematch.ended_by_id = status, by
    rematch.save(update_fields=["status", "ended_by", "updated_at"])
    _announce(table, rematch, events)


def _announce(table: Table, rematch: Rematch, events: EventRecorder) -> None:
    """Tell the session's (closed) table: its pages redraw their 再来一场 panel, or go to the new session."""
    started = rematch.started.table_id if rematch.started else None
    view = {"type": "rematch", "rematch": rematch.pk, "status": rematch.status, "accepted": list(rematch.accepted),
            "table": started}  # fmt: skip
    events.add("rematch", same_for_all(table.room.n_seats, view))


def rematch_panel(friend: FriendRoom, viewer_id: int, now: datetime | None = None) -> dict[str, Any]:
    """What the final account's 再来一场 panel shows `viewer_id`: the session's latest rematch (each player's
    answer, who called it off, the new session), and whether the viewer may ask for one or answer it."""
    now = now or timezone.now()
    latest = friend.rematches.select_related("ended_by", "proposed_by", "started").order_by("-id").first()
    status = latest.status if latest else ""
    if latest is not None and status == RematchStatus.PENDING and latest.expires_at <= now:
        status = RematchStatus.EXPIRED  # the sweeper has not come by yet
    finished = friend.ending == Ending.FINISHED
    players = rematch_players(friend) if finished else []
    asked, accepted = (latest.players, latest.accepted) if latest else ([], [])
    names = {u.pk: u.shown_name for u in User.objects.filter(pk__in=asked)}
    rows = [{"user": pk, "name": names.get(pk, "?"), "answer": "accepted" if pk in accepted else "waiting"}
            for pk in asked]  # fmt: skip
    waiting = status == RematchStatus.PENDING and viewer_id in asked
    return {
        "status": status, "rows": rows, "points": friend.points, "base": friend.table.room.base,
        "rematch": latest.pk if latest else None, "finished": finished,
        "proposed_by": latest.proposed_by.shown_name if latest else "",
        "ended_by": latest.ended_by.shown_name if latest and latest.ended_by else "",
        "expires_at": latest.expires_at if latest else None,
        "table": latest.started.table_id if latest and latest.started else None,
        "asked": viewer_id in asked, "played": viewer_id in friend.players,
        "may_propose": finished and status not in LIVE_REMATCH and viewer_id in players,
        "may_answer": waiting and viewer_id not in accepted, "may_decline": waiting,
        "key": f"{latest.pk if latest else ''}:{status}:{','.join(str(pk) for pk in accepted)}",
    }  # fmt: skip
