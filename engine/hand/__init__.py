"""The hand as a state machine, shared by every variant.

`new_hand(...)` deals; `apply(state, seat, action)` returns `Progress(state, events)`
or raises an `IllegalAction` subclass and changes nothing; `legal_actions(state, seat)`
lists what a seat may do. The state is immutable and a function of
`(variant, seed, options, dealer, streak, base)` and the actions applied.

Phases: NAME_GOLD (喊金) -> OPENING (天胡/三金倒/抢金 window) -> TURN (the seat to
act holds 3k+2 tiles) -> CLAIM (every seat that may take the discard answers)
-> ... -> FINISHED. ROB_KONG is the 抢杠胡 window after an added kong; GUESS offers
抢暗杠 before a ready player's draw. Draws, flower replacements and forced moves
happen automatically between decisions.

The package, one module per part of the flow (each readable alone): `state` (the value
types), `draft` (the mutable copy a step edits), `hooks` (where a variant is asked),
`deal` and `opening` (the deal, the gold, the opening wins), `validation` (why an action
is illegal), `wins` (which win a seat may take), `turns` (the handlers), `drawing`,
`finish` (the end of a hand, the next dealership) and `play` (`apply`, `legal_actions`).
"""

from __future__ import annotations

from engine.hand.deal import known_options, new_hand, start_hand
from engine.hand.draft import Draft
from engine.hand.drawing import can_self_win, draw
from engine.hand.finish import finish_win, first_dealer, next_dealership, next_hand_options
from engine.hand.hooks import FlowHooks, Handler, WinFacts, flow_hooks
from engine.hand.opening import open_play
from engine.hand.play import (
    apply,
    apply_then_idle,
    asked,
    legal_actions,
    only_pass,
    pass_for_idle_seats,
    pass_idle_run,
    replay_apply,
)
from engine.hand.state import HandState, Phase, Progress, SeatState, Source, Window, flower_points
from engine.hand.turns import handle_answer, handle_discard
from engine.hand.validation import validate
from engine.hand.wins import discard_win_points

__all__ = [
    "Draft",
    "FlowHooks",
    "HandState",
    "Handler",
    "Phase",
    "Progress",
    "SeatState",
    "Source",
    "WinFacts",
    "Window",
    "apply",
    "apply_then_idle",
    "asked",
    "can_self_win",
    "discard_win_points",
    "draw",
    "finish_win",
    "first_dealer",
    "flow_hooks",
    "flower_points",
    "handle_answer",
    "handle_discard",
    "known_options",
    "legal_actions",
    "new_hand",
    "next_dealership",
    "next_hand_options",
    "only_pass",
    "open_play",
    "pass_for_idle_seats",
    "pass_idle_run",
    "replay_apply",
    "start_hand",
    "validate",
]
