"""Playing a hand: every action is one transaction on the locked table row.

`act` (a player), `fire_deadline` (the sweeper's timeout) and the bot loop all
go through `_apply`: check the turn, apply the engine, append the action to
the log, record the events filtered per seat, then let bots play the seats
they hold (bots, 托管 and leavers) until a person must decide. Broadcasts and
tasks are queued with `transaction.on_commit`, so nothing leaves the process
for a transaction that rolls back.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from engine.actions import IllegalAction, Pass, action_from_json
from engine.hand import HandState, apply, new_hand, next_dealership, next_hand_options, only_pass
from engine.view import view, views
from engine.wall import commitment
from tables import bots, rows
from tables.errors import NoRunningHand, NotSeated, NotYourTurn, StaleVersion, TableError
from tables.models import ActionLog, ActionSource, Hand, HandStatus, Room, Seat, Table, TableStatus
from tables.services import jobs, pacing, states
from tables.services.events import EventRecorder, per_seat, same_for_all
from tables.services.hints import hints
from tables.sheet_text import worded


@dataclass(frozen=True, slots=True)
class ActResult:
    """What became of a player's action: the table version after its own events, and whether it was a repeat."""

    version: int
    duplicate: bool = False


@dataclass(slots=True)
class Play:
    """One transaction's working set: the locked table, its seats, the running hand and its state."""

    table: Table
    seats: list[Seat]
    hand: Hand
    state: HandState
    events: EventRecorder
    now: datetime
    fresh: bool = False  # a new deal: prompt even though no action was applied yet
    bot_due_now: bool = False  # the first bot move is due (its think time is over, or its seat timed out)
    prompted: int | None = None  # the decision the seats were last told about (HandState.decision_version)
    hand_off: bool = False  # a socket's close or leave: with nobody watching, the worker plays the bots
    logs: list[ActionLog] = field(default_factory=list)  # applied actions, stored in one INSERT by _save_hand

    def __post_init__(self) -> None:
        self.prompted = None if self.fresh else self.state.decision_version


def lock_table(table_id: int) -> Table:
    """The table row with its room, the table locked until the transaction ends (SQLite: IMMEDIATE
    already serialises). Table.DoesNotExist if there is none. Every action starts here: one
    statement built once (tables.rows), not a QuerySet compiled per call."""
    row = rows.fetch_together([(_lock_sql(), [table_id])])[0]
    return _locked_table(table_id, row)


def lock_and_open(table_id: int, now: datetime) -> Play:
    """`lock_table` and `open_play` in one round trip: the lock, then the running hand and the seats,
    read in that order by one simple query (on PostgreSQL each statement of it sees what committed
    before it started, so the hand and seats are read after the lock is granted, never from before).
    Table.DoesNotExist or NoRunningHand.

    With TABLES_ASYNC_COMMIT (PostgreSQL), the player's action commits without waiting for the WAL to
    reach the disk (docs/operations.md): no money moves in it (settlement is its own transaction, and
    a ledger posting's synchronous commit flushes every earlier commit with it)."""
    table, hand, seats = _lock_and_read(table_id)
    return _running(table, hand, seats, now)


def lock_with_seats(table_id: int) -> tuple[Table, list[Seat]]:
    """`lock_table` and the table's seats (without their users' rows) in one round trip."""
    locked, seats = rows.fetch_together(
        [(_lock_sql(), [table_id]), (rows.select_sql(Seat, "table_id = %s", order_by="index"), [table_id])]
    )
    return _locked_table(table_id, locked), [rows.instance(Seat, seat) for seat in seats]


def _lock_and_read(table_id: int) -> tuple[Table, Hand, list[Seat]]:
    """`lock_and_open`'s round trip: the locked table, its running hand (without its state) and seats."""
    *_, locked, running, seats = rows.fetch_together(  # after the commit mode's SET, if any
        [
            *_commit_mode(),
            (_lock_sql(), [table_id]),
            (rows.select_sql(Hand, "table_id = %s AND status = %s", omit=("state",)), [table_id, HandStatus.PLAYING]),
            (rows.select_sql(Seat, "table_id = %s", order_by="index"), [table_id]),
        ]
    )
    table = _locked_table(table_id, locked)
    if not running:
        raise NoRunningHand()
    return table, rows.instance(Hand, running[0], omit=("state",)), [rows.instance(Seat, seat) for seat in seats]


def _open_due(hand_id: int, state_version: int, now: datetime, due: str) -> Play | None:
    """The locked play of hand `hand_id` if it still runs at `state_version` and its `due` time (the
    `deadline` or `bot_due` field) has come; None for a stale or early call, with nothing decoded. A
    scheduled move is a move: it commits as a player's does (`lock_and_open`)."""
    table_id = Hand.objects.values_list("table_id", flat=True).get(pk=hand_id)
    try:
        table, hand, seats = _lock_and_read(table_id)
    except NoRunningHand:
        return None
    when = getattr(hand, due)
    if hand.pk != hand_id or hand.state_version != state_version or when is None or when > now:
        return None
    return _running(table, hand, seats, now)


def _running(table: Table, hand: Hand, seats: list[Seat], now: datetime, events: EventRecorder | None = None) -> Play:
    """The play of a locked table's running hand, its engine state as this process knows it (states)."""
    return Play(table, seats, hand, states.hand_state(hand), events or EventRecorder(table), now)


def _commit_mode() -> list[tuple[str, list[Any]]]:
    if connection.vendor == "postgresql" and settings.TABLES_ASYNC_COMMIT:
        return [("SET LOCAL synchronous_commit TO OFF", [])]
    return []


def _lock_sql() -> str:
    table_sql, room_sql = rows.quoted(Table), rows.quoted(Room)
    sql = (
        f"SELECT {rows.select_list(Table)}, {rows.select_list(Room)} FROM {table_sql}"
        f" JOIN {room_sql} ON {room_sql}.id = {table_sql}.room_id WHERE {table_sql}.id = %s"
    )
    if connection.features.has_select_for_update_of:
        sql += f" FOR UPDATE OF {table_sql}"
    return sql


def _locked_table(table_id: int, found: list[tuple[Any, ...]]) -> Table:
    if not found:
        raise Table.DoesNotExist(f"no table {table_id}")
    split = rows.width(Table)
    table = rows.instance(Table, found[0][:split])
    table.room = rows.instance(Room, found[0][split:])
    return table


def seats_of(table: Table, names: bool = True) -> list[Seat]:
    """The table's seats in order; `names=False` skips the users' rows (play needs only their ids)."""
    if names:
        return list(table.seats.select_related("user").order_by("index"))
    return rows.fetch(Seat, "table_id = %s", [table.pk], order_by="index")


def running_hand(table: Table) -> Hand | None:
    """The table's running hand, without its state's JSON (`states.hand_state` reads it only when this
    process cannot tell that version otherwise: parsing a few kilobytes for a state already in the
    cache would be the read's main cost)."""
    running = rows.fetch(Hand, "table_id = %s AND status = %s", [table.pk, HandStatus.PLAYING], omit=("state",))
    return running[0] if running else None


def open_play(table: Table, now: datetime, events: EventRecorder | None = None) -> Play:
    """The running hand of a locked table, or NoRunningHand."""
    hand = running_hand(table)
    if hand is None:
        raise NoRunningHand()
    return _running(table, hand, seats_of(table, names=False), now, events)


def act(
    table_id: int, user_id: int, client_id: str | None, action: dict[str, Any], hand_version: int | None = None
) -> ActResult:
    """Apply a player's action. A repeated `client_id` (per seat) is answered with the first result, not applied again.

    Raises a `TableError` or the engine's `IllegalAction`; either way nothing changes.
    A repeat is found only when the action fails (a repeat of an applied action is out of turn, stale or
    illegal by then, or its log row collides with the first one's on the unique client id), so an
    ordinary action costs no lookup.
    """
    try:
        with transaction.atomic():
            return _act(table_id, user_id, client_id, action, hand_version)
    except (TableError, IllegalAction, IntegrityError):
        done = _done_before(table_id, user_id, client_id) if client_id else None
        if done is None:
            raise
        return ActResult(done, duplicate=True)


def _done_before(table_id: int, user_id: int, client_id: str) -> int | None:
    """The table version after this seat's action with `client_id`, if it was applied (ids are per seat:
    another seat's id is not a repeat of this seat's action)."""
    seat_index = Seat.objects.filter(table_id=table_id, user_id=user_id).values("index")
    logged = ActionLog.objects.filter(table_id=table_id, seat__in=seat_index, client_id=client_id)
    return logged.values_list("table_version", flat=True).first()


def _act(
    table_id: int, user_id: int, client_id: str | None, action: dict[str, Any], hand_version: int | None
) -> ActResult:
    """`act`'s transaction (the caller's)."""
    play = lock_and_open(table_id, timezone.now())
    seat = _seat_of_user(play.seats, user_id)
    if hand_version is not None and hand_version != play.state.decision_version:
        raise StaleVersion(f"the hand is at version {play.state.decision_version}, you acted on {hand_version}")
    if seat.index not in play.state.to_act:
        raise NotYourTurn()
    parsed = action_from_json(action)
    if seat.auto:
        _set_auto(play, seat, False)
    logged = _apply(play, seat.index, parsed, ActionSource.PLAYER, client_id)
    play.hand.bot_due = None  # a bot still to move thinks again from here
    _continue(play)
    return ActResult(logged.table_version)


def fire_deadline(hand_id: int, state_version: int, now: datetime | None = None) -> bool:
    """The sweeper's timeout: if the hand is still at `state_version` and overdue, the bot takes the seats to act.

    Returns whether anything happened; a stale or early call changes nothing.
    """
    now = now or timezone.now()
    with transaction.atomic():
        play = _open_due(hand_id, state_version, now, "deadline")
        if play is None:
            return False
        if play.state.window is not None:
            _pass_for_the_late(play)
        else:
            for index in play.state.to_act:
                if not play.seats[index].bot_plays:
                    _set_auto(play, play.seats[index], True)
        play.bot_due_now = True  # the seat used its whole time: no think time on top
        _continue(play)
        return True


def _pass_for_the_late(play: Play) -> None:
    """An unanswered window is a pass, without 托管: turning it on would tell the table which seats
    held something to answer (the others were answered for at once)."""
    decision = play.state.decision_version
    for index in list(play.state.to_act):
        if play.state.decision_version == decision and index in play.state.to_act:
            _apply(play, index, Pass(), ActionSource.TIMER)


def play_due_bot(hand_id: int, state_version: int, now: datetime | None = None) -> bool:
    """A scheduled bot move (tables.tasks.play_due_bot): the bot whose think time is over moves.

    Returns whether it moved; a stale call (the hand moved on) or an early one changes nothing.
    """
    now = now or timezone.now()
    with transaction.atomic():
        play = _open_due(hand_id, state_version, now, "bot_due")
        if play is None:
            return False
        play.bot_due_now = True
        _continue(play)
        return play.state.version != state_version


def set_auto(table_id: int, user_id: int, auto: bool) -> None:
    """托管 on or off at the player's request; turning it on lets the bot act at once."""
    with transaction.atomic():
        table = lock_table(table_id)
        events = EventRecorder(table)
        seat = _seat_of_user(seats_of(table), user_id)
        try:
            play: Play | None = open_play(table, timezone.now(), events)
        except NoRunningHand:
            play = None
        if seat.auto != auto:
            seat.auto = auto
            Seat.objects.filter(pk=seat.pk).update(auto=auto)
            view_ = {"type": "auto", "seat": seat.index, "auto": auto}
            events.add("auto", same_for_all(table.room.n_seats, view_), play.hand if play else None)
        if play is not None:
            play.seats[seat.index].auto = auto
            _continue(play, finish_events=False)
        events.finish()


def run_bots_now(table: Table, now: datetime, events: EventRecorder, hand_off: bool = False) -> None:
    """Let the bot play the seats it holds in the running hand, if any (table locked by the caller).

    `hand_off` (a socket's close or leave, on the socket's server): if nobody is left watching, the bots'
    moves are a task due now (tables.tasks.play_due_bot) instead of the rest of the hand played here, so
    a burst of closes is quick bookkeeping and the worker plays the hands out."""
    try:
        play = open_play(table, now, events)
    except NoRunningHand:
        return
    play.hand_off = hand_off
    _continue(play, finish_events=False)


def start_hand(table: Table, now: datetime, events: EventRecorder) -> Hand:
    """Deal a new hand at a locked, full table: a fresh secret seed and its commitment first."""
    seats = seats_of(table)
    seed = secrets.token_hex(32)
    options = table.effective_options
    state = new_hand(
        table.room.variant, seed=seed, dealer=table.dealer, streak=table.streak, base=table.room.base, options=options
    )
    table.hands_played += 1
    hand = Hand.objects.create(
        table=table,
        number=table.hands_played,
        variant=table.room.variant,
        base=table.room.base,
        options=options,
        turn_seconds=table.room.turn_seconds,
        claim_seconds=table.room.claim_seconds,
        grace_seconds=table.room.grace_seconds,
        seed=seed,
        commitment=commitment(seed),
        dealer=table.dealer,
        streak=table.streak,
        players=_players(seats),
        bots=[seat.index for seat in seats if seat.is_bot],
        state=state.to_json(),
        state_version=state.version,
    )
    table.status = TableStatus.PLAYING
    table.next_hand_at = None
    table.bots_at = None
    table.save(update_fields=["status", "next_hand_at", "bots_at", "hands_played"])
    Seat.objects.filter(table=table).update(ready=False)
    n = table.room.n_seats

    hands = views(state, [*range(n), None])

    def started(seat: int | None) -> dict[str, Any]:
        return {"type": "hand_started", **hand_header(hand), "hand": hands[seat]}

    events.add("hand_started", per_seat(n, started), hand)
    play = Play(table, seats, hand, state, events, now, fresh=True)
    _continue(play, finish_events=False)
    return hand


def hand_header(hand: Hand) -> dict[str, Any]:
    """The public facts of a hand: number, dealer, 连庄 streak, base and the seed's commitment."""
    return {
        "hand_id": hand.pk,
        "number": hand.number,
        "variant": hand.variant,
        "dealer": hand.dealer,
        "streak": hand.streak,
        "base": hand.base,
        "commitment": hand.commitment,
    }


# --- internals ----------------------------------------------------------------


def _players(seats: list[Seat]) -> list[int]:
    """Who plays each seat at the deal: the seated user, or the house bot of that seat."""
    return [bots.bot_user(seat.index).pk if seat.is_bot else int(seat.user_id or 0) for seat in seats]


def _seat_of_user(seats: list[Seat], user_id: int) -> Seat:
    for seat in seats:
        if seat.user_id == user_id:
            return seat
    raise NotSeated()


def _set_auto(play: Play, seat: Seat, auto: bool) -> None:
    seat.auto = auto
    Seat.objects.filter(pk=seat.pk).update(auto=auto)
    view_ = {"type": "auto", "seat": seat.index, "auto": auto}
    play.events.add("auto", same_for_all(len(play.seats), view_), play.hand)


def _apply(play: Play, seat: int, action: Any, source: str, client_id: str | None = None) -> ActionLog:
    """Apply one action (the engine refuses illegal ones) and append it and its events, filtered per seat.
    The log row is stored with the hand (`_save_hand`): one INSERT for an action and the passes and
    bot moves it sets off; a repeated client id collides there, rolling the whole action back."""
    before = play.state.version
    progress = apply(play.state, seat, action)
    play.state = progress.state
    action_json = action.to_json()
    n = len(play.seats)
    for event in progress.events:
        play.events.add(event.kind, per_seat(n, _event_views(event)), play.hand)
    logged = ActionLog(
        table=play.table,
        hand=play.hand,
        seat=seat,
        client_id=client_id or None,
        source=source,
        action=action_json,
        state_version=before,
        table_version=play.table.version,
    )
    play.logs.append(logged)
    return logged


def _event_views(event: Any) -> Callable[[int | None], dict[str, Any] | None]:
    return lambda seat: _typed(event.kind, event.view(seat))


def _typed(kind: str, view_: dict[str, Any] | None) -> dict[str, Any] | None:
    """An engine event's view with the protocol's `type` tag (the engine calls it `kind`)."""
    return None if view_ is None else {"type": kind, **view_}


def _auto_seat(play: Play) -> int | None:
    """A seat the table answers for now: one the bot plays (bots, 托管, leavers), or one whose only
    choice is to pass (a window put to every seat by position offered it nothing)."""
    return next((s for s in play.state.to_act if play.seats[s].bot_plays or only_pass(play.state, s)), None)


def _continue(play: Play, finish_events: bool = True) -> None:
    """Bots (and the table, for seats with nothing to answer) play until a person must act or the
    hand ends; then save, prompt, settle. While a person watches, each bot turn waits for its think
    time instead (tables.services.pacing).

    A decision put to a person is announced before anything is answered for anyone, and only once;
    a window's answers take no think time. So what every seat is told, and when a window closes,
    do not depend on who holds a claim (only a person's own thinking shows)."""
    watched = pacing.watched(play.seats)
    while not play.state.finished and (seat := _auto_seat(play)) is not None:
        if play.prompted != play.state.decision_version and not all(play.seats[s].bot_plays for s in play.state.to_act):
            _prompt(play)
        if not play.seats[seat].bot_plays:
            _apply(play, seat, Pass(), ActionSource.BOT)  # the table's pass: nothing else was possible
            continue
        if play.hand_off and not watched:
            pacing.hand_off(play.hand, play.state, play.now)
            break
        if watched and not play.bot_due_now and play.state.window is None:
            pacing.schedule(play.hand, play.table.room, play.state, seat, play.now)
            break
        play.bot_due_now, play.hand.bot_due = False, None
        rng = random.Random(f"{play.hand.seed}/{play.state.version}/{seat}")
        choose = bots.level_for(play.seats[seat], play.table.room).choose
        _apply(play, seat, choose(play.state, seat, rng), ActionSource.BOT)
    else:
        play.hand.bot_due = None  # no bot is to move: a person's decision, or the end
    if play.state.finished:
        _finish_hand(play)
    elif play.prompted != play.state.decision_version:
        _prompt(play)  # only a new decision resets the clock: (dis)connects and secret answers must not
    with rows.batched():  # the log, the hand, the events and the table's version: one round trip
        _save_hand(play)
        if finish_events:
            play.events.finish()


def _deadline(play: Play) -> datetime | None:
    """When the seats to act time out, by the timers the hand was dealt with (not the room's current ones)."""
    hand = play.hand
    if not play.state.to_act:
        return None
    # Answering a discard (or another window) is quicker than playing a turn.
    claim = getattr(play.state.phase, "name", str(play.state.phase)) not in ("TURN", "NAME_GOLD")
    return play.now + timedelta(seconds=hand.claim_seconds if claim else hand.turn_seconds)


def _prompt(play: Play) -> None:
    """Tell every seat who must act now and by when, with its own legal actions and its refreshed view
    (so a client never has to rebuild the hand from the engine's delta events)."""
    play.hand.deadline = _deadline(play)
    play.prompted = play.state.decision_version
    asking = play.state.to_act
    to_act = sorted(play.state.public_to_act)  # who has answered a window is secret
    deadline = play.hand.deadline.isoformat() if play.hand.deadline else None
    n = len(play.seats)
    hands = views(play.state, [*range(n), None])
    people = {s.index for s in play.seats if s.user_id is not None}  # a bot's seat reads no hints

    def prompt(seat: int | None) -> dict[str, Any]:
        base: dict[str, Any] = {
            "type": "prompt",
            "to_act": to_act,
            "deadline": deadline,
            "hand_version": play.state.decision_version,
            "hand": hands[seat],
            "last_discard": play.state.last_discard,
        }
        if seat is not None:
            base["legal"] = hands[seat]["legal_actions"] if seat in asking else []  # what the view asks
        if seat in people:
            base["hints"] = hints(play.state, seat)  # as `state` has them: the prompt is the whole refresh
        return base

    play.events.add("prompt", per_seat(n, prompt), play.hand)


def _save_hand(play: Play) -> None:
    hand, state = play.hand, play.state
    rows.insert(ActionLog, play.logs)
    play.logs = []
    hand.state = state.to_json()
    hand.state_version = state.version
    rows.update(hand, ["state", "state_version", "deadline", "bot_due", "status", "sheet", "finished_at"])
    transaction.on_commit(lambda: states.remember(hand, state))


def _finish_hand(play: Play) -> None:
    """The hand is over: reveal the seed, store the sheet, carry dealer and streak, queue settlement."""
    hand, table = play.hand, play.table
    sheet = worded(play.state.sheet.to_json(), hand) if play.state.sheet is not None else None  # owed, in words
    hand.status, hand.sheet, hand.finished_at, hand.deadline = HandStatus.FINISHED, sheet, play.now, None
    table.dealer, table.streak = next_dealership(play.state)
    table.options = {**table.options, **next_hand_options(play.state)}  # guangdong: the round wind (风圈)
    table.status = TableStatus.BETWEEN
    table.save(update_fields=["dealer", "streak", "options", "status"])
    finished = {"type": "hand_finished", **hand_header(hand), "seed": hand.seed, "sheet": sheet}
    finished["final"] = view(play.state, None)
    play.events.add("hand_finished", same_for_all(len(play.seats), finished), hand)
    hand_id = hand.pk
    # robust: the move is committed whatever the broker says; a lost task is the reconciler's job
    jobs.queue_after_commit(jobs.SETTLE_HAND, hand_id)
