"""The full state a seat (or a spectator) may see, consistent with one table version."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from django.db import transaction

from engine.hand import HandState, asked
from engine.view import view
from tables.models import Hand, HandStatus, Room, Seat, Table
from tables.services import friend_rules
from tables.services.actions import hand_header, lock_table, running_hand, seats_of
from tables.services.between_hands import timer_info
from tables.services.hints import hints
from tables.services.seats import escape_cost, seat_list
from tables.services.states import hand_state


def timers(table: Table, hand: Hand | None) -> dict[str, int]:
    """The timers in force: the running hand's (fixed at its deal), else the room's for the next deal."""
    source: Hand | Room = hand if hand is not None else table.room
    return {"turn": source.turn_seconds, "claim": source.claim_seconds, "grace": source.grace_seconds}


def table_info(table: Table, seat: int | None, hand: Hand | None = None) -> dict[str, Any]:
    room = table.room
    info: dict[str, Any] = {
        "id": table.pk,
        "room": {"id": room.pk, "variant": room.variant, "base": room.base, "name": str(room)},
        "status": table.status,
        "private": table.private,
        "dealer": table.dealer,
        "streak": table.streak,
        "hands_played": table.hands_played,
        "timers": timers(table, hand),
        "options": table.effective_options,
    }
    if seat is not None and table.private:
        info["invite_code"] = table.invite_code  # only players at the table see the code
    if table.private:
        info["friends"] = friend_rules.table_info(table, seat)  # 好友房: points, 和机器人开始 (or None)
    return {**info, **timer_info(table)}


def hand_info(hand: Hand, seat: int | None) -> dict[str, Any]:
    state = hand_state(hand)
    info: dict[str, Any] = {
        **hand_header(hand),
        "state": view(state, seat),
        "hand_version": state.decision_version,
        "to_act": sorted(state.public_to_act),  # who has answered a window is secret
        "deadline": hand.deadline.isoformat() if hand.deadline else None,
        "last_discard": state.last_discard,  # whose river ends with the tile on the table
    }
    if seat is not None:
        info["legal"] = [a.to_json() for a in asked(state, seat)]
        info["hints"] = hints(state, seat)
    return info


def last_result(table: Table) -> dict[str, Any] | None:
    """The last finished hand (seed revealed, sheet), shown between hands."""
    hand = table.hands.filter(status=HandStatus.FINISHED).defer("state").order_by("-number").first()
    if hand is None:
        return None
    return {**hand_header(hand), "seed": hand.seed, "sheet": hand.sheet, "settled": hand.settled, "final": _final(hand)}


# A finished hand's end never changes, and every socket opened at its table between hands (and
# through the next hand) shows it: decoding its state costs more than the rest of a connect.
_FINALS: OrderedDict[tuple[int, str], dict[str, Any]] = OrderedDict()
_FINALS_SIZE = 512
_finals_lock = threading.Lock()


def _final(hand: Hand) -> dict[str, Any]:
    """The public end of a finished hand (every hand revealed), decoded once per process."""
    key = (hand.pk, hand.seed)  # a hand id reused after a flush is another hand
    with _finals_lock:
        known = _FINALS.get(key)
    if known is None:
        known = view(HandState.from_json(hand.state), None)  # the deferred state is read only here
        with _finals_lock:
            _FINALS[key] = known
            while len(_FINALS) > _FINALS_SIZE:
                _FINALS.popitem(last=False)
    return known


def snapshot(table_id: int, seat: int | None) -> dict[str, Any]:
    """`{"type": "state", ...}` for the seat; the table row is locked so version and state agree."""
    with transaction.atomic():
        table = lock_table(table_id)
        return snapshot_locked(table, seats_of(table), seat)


def snapshot_locked(table: Table, seats: list[Seat], seat: int | None) -> dict[str, Any]:
    """`snapshot` inside the caller's transaction: `table` locked, `seats` its seats with their users."""
    hand = running_hand(table)
    return {
        "type": "state",
        "version": table.version,
        "seat": seat,
        "table": table_info(table, seat, hand),
        "seats": seat_list(seats),
        "hand": hand_info(hand, seat) if hand else None,
        "last_result": last_result(table),
        "escape_cost": _escape_cost(hand, seats, seat),
    }


def _escape_cost(hand: Hand | None, seats: list[Seat], seat: int | None) -> int | None:
    """What leaving the running hand would cost this seat's player now (the 离开 button's confirmation)."""
    if hand is None or seat is None:
        return None
    mine = next(s for s in seats if s.index == seat)
    if mine.user_id is None or mine.leaving:
        return None
    return escape_cost(hand, seat, mine.user_id)
