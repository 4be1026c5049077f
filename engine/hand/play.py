"""The public rule step: `apply` one decision, `legal_actions` for a seat."""

from __future__ import annotations

from dataclasses import replace
from operator import attrgetter
from typing import Any

from engine import hand_rules as rules
from engine.actions import (
    Action,
    AlreadyAnswered,
    Chow,
    Discard,
    HandFinished,
    IllegalAction,
    Kong,
    MalformedAction,
    NameGold,
    NotYourTurn,
    Pass,
    Pong,
    QiangJin,
    RobConcealedKong,
    Win,
    WinOnDiscardedGold,
    WrongPhase,
)
from engine.events import Event
from engine.hand.draft import Draft
from engine.hand.hooks import FlowHooks, flow_hooks
from engine.hand.opening import qiangjin_drops
from engine.hand.state import HandState, Phase, Progress, Window, settled_sheet
from engine.hand.turns import SHARED_HANDLERS, close_unclaimed, handle_answer
from engine.hand.validation import VALIDATORS, chow_pairs_of, discard_test, guessable_kongs
from engine.sheet import MeldKind
from engine.tiles import ALL_TILES, Tile
from engine.variants import Variant

_KIND = attrgetter("kind")


def apply(state: HandState, seat: int, action: Action) -> Progress:
    """One decision by `seat`. Raises an IllegalAction subclass (state unchanged) if not allowed."""
    return Progress(*_settled(_step(state, seat, action)))


def apply_then_idle(state: HandState, seat: int, action: Action) -> Progress:
    """`apply`, then `pass_idle_run` on its state: the same state and events as the two calls (what a
    bot table does after every decision). A claim or rob-kong window the step opens that offers its
    first seats nothing has their passes recorded on the step's own draft (`_pass_quiet_runs`): a
    discard nobody can claim is one draft, its window and the state holding it never built."""
    d = _step(state, seat, action)
    _pass_quiet_runs(d)
    new, events = _settled(d)
    rest = pass_idle_run(new)
    if rest.state is new and not rest.events:
        return Progress(new, events)
    return Progress(rest.state, (*events, *rest.events))


def _step(state: HandState, seat: int, action: Action) -> Draft:
    """`apply`'s checks and handler, on a new draft (not frozen yet) at the next version."""
    if state.finished:
        raise HandFinished()
    if not isinstance(action, Action):
        raise MalformedAction(f"not an action: {action!r}")
    if seat not in state.to_act:
        _refuse_idle_seat(state, seat, action)
    handler = _handler(state, seat, action)
    d = Draft(state)
    handler(d, seat, action)
    d.version = state.version + 1
    return d


def _settled(d: Draft) -> tuple[HandState, tuple[Event, ...]]:
    """The draft's state (with its settlement sheet once the hand has a result) and its events."""
    new = d.freeze()
    if new.result is not None and new.sheet is None:
        new = replace(new, sheet=settled_sheet(new))
    return new, tuple(d.events)


def _refuse_idle_seat(state: HandState, seat: int, action: Action) -> None:
    """Why a seat with nothing to decide was refused: already answered, a claim on a gold, or not its turn."""
    if state.window is not None and seat in dict(state.window.answers):
        raise AlreadyAnswered()
    last = state.seats[state.last_discard].river[-1:] if state.last_discard is not None else ()
    if isinstance(action, Win | Pong | Chow | Kong) and last and rules.is_gold(last[0], state.gold):
        raise WinOnDiscardedGold()
    # The public list only: who else still holds a claim is secret.
    raise NotYourTurn(f"seat {seat} has nothing to decide now (waiting for {list(state.public_to_act)})")


class _LastAnswer:
    """The last `legal_actions` answer, by state (immutable) and seat: a decision asks it more than
    once (the table's `only_pass`, then the bot choosing, then `legal` checks)."""

    entry: tuple[HandState, int, tuple[Action, ...]] | None = None


def legal_actions(state: HandState, seat: int) -> list[Action]:
    """Every action `apply` would accept from `seat` now (empty when it has nothing to decide)."""
    last = _LastAnswer.entry  # one read: another thread may replace it meanwhile
    if last is not None and last[0] is state and last[1] == seat:
        return list(last[2])
    legal = _legal_actions(state, seat)
    _LastAnswer.entry = (state, seat, tuple(legal))
    return legal


def _legal_actions(state: HandState, seat: int) -> list[Action]:
    if seat not in state.to_act:
        return []
    hooks = flow_hooks(state.rules)
    candidates = hooks.candidates(state, seat, _candidates(state, seat))
    if state.phase == Phase.TURN:
        return _turn_legal(state, seat, hooks, candidates)
    out = []
    for action in candidates:
        try:
            _check_only(state, seat, action, hooks)
        except IllegalAction:
            continue
        out.append(action)
    return out


def _turn_legal(state: HandState, seat: int, hooks: FlowHooks, candidates: list[Action]) -> list[Action]:
    """`_check_only` on each candidate of a turn, with the discards (most of them) checked on a
    shortcut that refuses exactly what it refuses: a turn always has a discard handler (the
    shared one, or the variant's: `_check_only` only looks it up), the variant's `check` is asked
    only if it has one, and the discard validator's rules are read once for the whole hand
    (`discard_test`)."""
    check = None if type(hooks).check is FlowHooks.check else hooks.check
    checked = None if check is None else hooks.turn_checked(state, seat)  # the types `check` may refuse
    own_discard = (Phase.TURN, Discard) not in SHARED_HANDLERS  # no shared handler: checked in full
    held, allowed = discard_test(state, seat, state.shuangyou_seat)
    handlers = hooks.handlers
    out = []
    for action in candidates:
        kind = type(action)
        checking = check if checked is None or kind in checked else None
        try:
            if type(action) is not Discard or own_discard:  # `type(action)`: mypy narrows it to a Discard below
                # _check_only, inlined: a handler for the phase, the variant's check, the validator.
                if (Phase.TURN, kind) not in handlers and (Phase.TURN, kind) not in SHARED_HANDLERS:
                    continue  # WrongPhase
                if checking is not None:
                    checking(state, seat, action)
                validator = VALIDATORS.get(kind)
                if validator is not None:
                    validator(state, seat, action)
            else:
                if checking is not None:
                    checking(state, seat, action)
                tile = action.tile
                if not held[tile.kind] or (allowed is not None and not allowed(tile)):
                    continue
        except IllegalAction:
            continue
        out.append(action)
    return out


def only_pass(state: HandState, seat: int) -> bool:
    """Whether `seat` must answer now and passing is its only choice: a window put to it by position
    that offers it nothing. The table answers such a seat at once, without asking its player."""
    return seat in state.to_act and state.window is not None and legal_actions(state, seat) == [Pass()]


def pass_for_idle_seats(state: HandState) -> Progress:
    """What a table does at once after every step: `pass` for each seat whose only choice is to pass
    (`only_pass`), each an ordinary `apply`. The state after them and their events."""
    events: list[Event] = []
    while (seat := next((s for s in state.to_act if only_pass(state, s)), None)) is not None:
        progress = apply(state, seat, Pass())
        state = progress.state
        events.extend(progress.events)
    return Progress(state, tuple(events))


# Windows where a seat offered nothing may only pass (see FlowHooks.idle_pass_only_answers).
_QUIET_PHASES = (Phase.CLAIM, Phase.ROB_KONG)


def pass_idle_run(state: HandState) -> Progress:
    """`apply(state, seat, Pass())` for the first seat of `to_act` while its only choice is to pass
    (`only_pass`), seat after seat, until a seat has a choice, the hand ends or nobody is left to
    act: what a bot table does before it asks the next seat. The state and events are exactly those
    of the applies one by one (the answers in that order, one version per pass); in a claim or
    rob-kong window the passes of the seats it offers nothing are recorded together on one draft,
    the one that closes the window (if any) running its rule step there (`_pass_quiet_runs`)."""
    events: list[Event] = []
    while state.window is not None and state.to_act:  # no window: nobody may only pass (`only_pass`)
        if _quiet_seats(state.window, state.phase, state.rules):
            d = Draft(state)
            _pass_quiet_runs(d)
            state, passed = _settled(d)
            events.extend(passed)
            continue
        seat = state.to_act[0]
        if not _offered_nothing(state, seat) and not only_pass(state, seat):
            break
        progress = apply(state, seat, Pass())
        state = progress.state
        events.extend(progress.events)
    return Progress(state, tuple(events))


def _offered_nothing(state: HandState, seat: int) -> bool:
    """A seat that a claim or rob-kong window offers nothing: `only_pass` holds for it by the hooks'
    contract (`candidates` adds nothing for it, `check` never refuses its pass), so its legal
    actions need not be built to know it."""
    window = state.window
    return window is not None and state.phase in _QUIET_PHASES and not window.offered(seat)


def _quiet_seats(window: Window | None, phase: Phase, variant: Variant) -> tuple[int, ...]:
    """The seats first in a claim or rob-kong window's `to_act` that it offers nothing (all of them
    when none is offered anything), where the variant's pass of such a seat only records the answer."""
    if window is None or phase not in _QUIET_PHASES:
        return ()
    hooks = flow_hooks(variant)
    if (phase, Pass) in hooks.handlers and not hooks.idle_pass_only_answers:
        return ()
    waiting = window.waiting
    run = 0
    while run < len(waiting) and not window.offered(waiting[run]):
        run += 1
    return waiting[:run]


def _pass_quiet_runs(d: Draft) -> None:
    """The applies of the passes of the draft's window's quiet seats in turn (`_quiet_seats`), on
    the draft, window after window: each answer recorded, a version each, as `handle_answer` leaves
    it (no event: answers are secret). When the last of them closes the window, its pass runs the
    phase's pass handler there, as `apply` would (whose checks it passes by the hooks' contract,
    `_offered_nothing`): the intermediate states are not built. A window the draft has just opened
    is first given the `opened` version its frozen state would have had."""
    while seats := _quiet_seats(window := d.window, d.phase, d.variant_rules):
        assert window is not None
        closing = len(seats) == len(window.waiting)
        recorded = seats[:-1] if closing else seats
        key = (d.phase, Pass)
        handler = flow_hooks(d.variant_rules).handlers.get(key) or SHARED_HANDLERS[key]
        if closing and handler is handle_answer and d.phase == Phase.CLAIM and not window.answers:
            # A discard nobody was offered anything on: the answers (all passes) would only be read by
            # the claim's resolution, which draws for the next seat (`close_unclaimed`).
            version = d.version
            d.version = version + len(recorded)
            close_unclaimed(d)
            d.version = version + len(seats)
            continue
        if window.opened is None:  # what `freeze` would put: the window is put to the seats now
            window = Window(window.tile, window.source, window.options, window.answers, d.version)
        for seat in recorded:
            window = window.answered(seat, Pass().to_json())
        d.window = window
        version = d.version
        d.version = version + len(recorded)
        if not closing:
            return
        handler(d, seats[-1], Pass())
        d.version = version + len(seats)


def replay_apply(state: HandState, seat: int, action: Action) -> Progress:
    """`apply` for an action read from a hand's log. A log written before every window was put to
    all the seats it may reach lacks the passes of the seats it offered nothing: when the action is
    refused and such passes are due, they come first (a current log has them, and replays as is)."""
    try:
        return apply(state, seat, action)
    except IllegalAction:
        idle = pass_for_idle_seats(state)
        if not idle.events and idle.state is state:
            raise
    progress = apply(idle.state, seat, action)
    return Progress(progress.state, (*idle.events, *progress.events))


def asked(state: HandState, seat: int) -> list[Action]:
    """What to ask `seat`'s player now: its legal actions, or none when passing is its only choice
    (`only_pass`: the table passes for it, and its client shows nothing)."""
    legal = legal_actions(state, seat)
    return [] if legal == [Pass()] and state.window is not None else legal


def _check_only(state: HandState, seat: int, action: Action, hooks: FlowHooks) -> None:
    _handler(state, seat, action, hooks)
    validator = VALIDATORS.get(type(action))
    if validator is not None:
        validator(state, seat, action)


def _handler(state: HandState, seat: int, action: Action, hooks: FlowHooks | None = None) -> Any:
    """The handler of `action` in this phase (the variant's own first), after the variant's checks."""
    hooks = hooks or flow_hooks(state.rules)
    key = (state.phase, type(action))
    handler = hooks.handlers.get(key) or SHARED_HANDLERS.get(key)
    if handler is None:
        raise WrongPhase(f"{action.type} is not possible in phase {state.phase.name.lower()}")
    hooks.check(state, seat, action)
    return handler


# A turn's candidates, made once: actions are immutable values (equal by value, like new ones).
_WIN = Win()
_KONGS = tuple(Kong(t) for t in ALL_TILES)
_DISCARDS = tuple(Discard(t) for t in ALL_TILES)


def _candidates(state: HandState, seat: int) -> list[Action]:
    s = state.seats[seat]
    if state.phase == Phase.NAME_GOLD:
        return [NameGold(Tile(k)) for k in range(34)]
    if state.phase == Phase.TURN:
        held = list(map(_KIND, s.hand))  # by kind: ints count and sort in C
        kinds = sorted(set(held))
        # Only the kongs that could be: four held (暗杠: three repeats at least) or the fourth to a
        # pong (加杠); the validator decides.
        fours = {k for k in kinds if held.count(k) >= 4} if len(held) - len(kinds) >= 3 else set()
        kongs = fours | {m.tiles[0].kind for m in s.melds if m.kind == MeldKind.PUNG}
        acts: list[Action] = [_WIN]
        acts += [_KONGS[k] for k in kinds if k in kongs]
        acts += [_DISCARDS[k] for k in kinds]
        return acts
    assert state.window is not None
    offered = state.window.offered(seat)
    acts = [Pass()]
    if "win" in offered:
        acts.append(Win())
    if "qiangjin" in offered:
        acts += [QiangJin(t) for t in qiangjin_drops(state, seat)]
    if "kong" in offered and state.window.tile is not None:
        acts.append(Kong(state.window.tile))
    if "pong" in offered:
        acts.append(Pong())
    if "chow" in offered and state.window.tile is not None:
        acts += [Chow(pair) for pair in chow_pairs_of(state, seat, state.window.tile)]
    if "guess" in offered:
        acts += [RobConcealedKong(t, i) for t, i in guessable_kongs(state, seat)]
    return acts
