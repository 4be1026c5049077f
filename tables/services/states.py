"""The running hands' engine states this process knows, and how it catches up with a newer one.

The database holds every hand's state (`Hand.state`, the JSON of `HandState.to_json()`) and its
action log. Decoding that JSON costs about 5 ms, more than the rest of an action, and any process
may serve any table: with a table's seats on two daphne processes, every other action used to find
its process a version or two behind and decode the whole state again. So each process keeps the
newest committed state of each hand it has seen, and a process that is behind replays the few
logged actions since (the engine is deterministic: a state is its seed and its actions), which
costs a fraction of a millisecond each. Only committed states are kept (`remember` runs on commit),
so a rolled-back version never shadows the real one; a replay that does not land exactly on the
stored version falls back to decoding the stored JSON.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from engine.actions import IllegalAction, action_from_json
from engine.hand import HandState, apply
from tables import rows
from tables.models import ActionLog, Hand

CACHE_SIZE = 2048  # hands whose newest state is kept per process (one per running hand is enough)
MAX_REPLAY = 24  # past this many actions behind, decoding the stored JSON is the cheaper way

HandKey = tuple[int, str]  # (hand id, seed): a hand id reused after a flush is another hand
_states: OrderedDict[HandKey, HandState] = OrderedDict()
_lock = threading.Lock()


def hand_state(hand: Hand) -> HandState:
    """The hand's engine state at `hand.state_version`: the one this process holds, else caught up
    from an older one by replaying the log, else decoded from the stored JSON (read only then: a
    hand loaded without its `state` column loads it here)."""
    known = _known(hand)
    if known is not None and known.version == hand.state_version:
        return known
    if known is not None and known.version < hand.state_version:
        caught = _replayed(hand, known)
        if caught is not None:
            return caught
    return HandState.from_json(hand.state)


def remember(hand: Hand, state: HandState) -> None:
    """Keep `state` as the hand's newest (call it once the state is committed)."""
    key = (hand.pk, hand.seed)
    with _lock:
        older = _states.get(key)
        if older is None or older.version <= state.version:
            _states[key] = state
        _states.move_to_end(key)
        while len(_states) > CACHE_SIZE:
            _states.popitem(last=False)


def forget_all() -> None:
    """Drop every kept state (tests: as a process that has seen nothing)."""
    with _lock:
        _states.clear()


def _known(hand: Hand) -> HandState | None:
    with _lock:
        return _states.get((hand.pk, hand.seed))


def _replayed(hand: Hand, state: HandState) -> HandState | None:
    """`state` moved on by the hand's logged actions since its version; None if that does not reach
    the stored version exactly (too far behind, a gap, an action the engine refuses)."""
    where = "hand_id = %s AND state_version >= %s"
    logged = rows.fetch(ActionLog, where, [hand.pk, state.version], order_by="state_version", limit=MAX_REPLAY + 1)
    if not logged or len(logged) > MAX_REPLAY:
        return None
    try:
        for row in logged:
            if row.state_version != state.version:
                return None
            state = apply(state, row.seat, action_from_json(row.action)).state
    except IllegalAction:
        return None
    return state if state.version == hand.state_version else None
