"""The variant seam: the points where the shared hand flow asks a variant (`FlowHooks`).

The shared flow (deal, draws, discards, claims, kongs, wins, the settlement) is the same
for every game. A variant that needs more subclasses `FlowHooks`, overrides the hooks it
needs (every default changes nothing) and names it (or a factory of it) in its `Variant.flow`.
A hook may edit the `Draft` it is given only through the draft's public API
(`set_seat`, `emit`, its fields, `ext` copy-on-write) and the public flow steps of
`engine.hand` (`open_play`, `discard`, `answer`, `draw`, `finish_win`, `can_self_win`,
`validate`). Its own flow data lives in `HandState.ext` as plain JSON values.
See docs/engine.md ("The variant seam") for the contract and an example.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from engine.actions import Action
from engine.hand.draft import Draft
from engine.hand.state import HandState, Phase
from engine.sheet import Meld, WinType
from engine.tiles import Tile
from engine.variants import Variant

# A rule step for one (phase, action type): edits the draft, may emit events; raises an
# IllegalAction subclass before changing anything when the action is not allowed.
Handler = Callable[[Draft, int, Action], None]
WinFacts = tuple[tuple[str, Any], ...]


class FlowHooks:
    """A variant's hooks into the shared hand flow. Every default is a no-op.

    Hooks that return `bool` answer "did the variant take over?": True means the
    shared flow stops there (the variant has set the phase and window itself).
    """

    # The variant's own handlers, looked up before the shared ones for (phase, action type).
    handlers: ClassVar[Mapping[tuple[Phase, type[Action]], Handler]] = {}
    # Whether the variant's own pass handler in a claim or rob-kong window (if it has one), for a
    # seat the window offers nothing whose pass leaves the window open, only records the answer as
    # the shared `handle_answer` does (then `pass_idle_run` records such passes without running it).
    # Whatever the handlers, a seat such a window offers nothing may only pass: `candidates` adds
    # nothing for it and `check` never refuses its pass.
    idle_pass_only_answers: ClassVar[bool] = False
    # The table options (`new_hand(options=...)` names) the variant's flow reads, beyond the shared ones.
    table_options: ClassVar[frozenset[str]] = frozenset()

    def after_deal(self, d: Draft) -> bool:
        """After the deal (flowers replaced, gold turned up): True if the variant opened
        its own window (erren 换牌) and will call `open_play(d)` itself afterwards."""
        return False

    def check(self, state: HandState, seat: int, action: Action) -> None:
        """Raise an IllegalAction subclass if the variant forbids `action` now (before any handler runs)."""

    def turn_checked(self, state: HandState, seat: int) -> frozenset[type[Action]] | None:
        """The action types among `seat`'s turn candidates that `check` may refuse now (None: any).
        A turn's legal actions ask `check` only about those: it is asked once per turn instead of
        once per candidate. Must name every type `check` could refuse in this state."""
        return None

    def candidates(self, state: HandState, seat: int, acts: list[Action]) -> list[Action]:
        """The candidate actions `legal_actions` tries for `seat`, with the variant's own added.
        Each candidate still goes through `check` and the validators."""
        return acts

    def claims(self, state: HandState, seat: int, offered: tuple[str, ...]) -> tuple[str, ...]:
        """What `seat` is offered on a discard ("win", "kong", "pong", "chow"), narrowed by the variant."""
        return offered

    def on_claim(self, d: Draft, seat: int, discarder: int, meld: Meld) -> None:
        """`seat` took `discarder`'s tile into `meld` (chow, pong or exposed kong). Called once the
        meld is on the table and the tile has left the discarder's river, before a kong's
        replacement draw; the claimer's turn follows."""

    def before_draw(self, d: Draft, seat: int) -> bool:
        """Before a live-end draw for `seat`: True if the variant asks the seat something
        first (erren 搓牌) and will call `draw(d, seat)` itself afterwards."""
        return False

    def after_draw(self, d: Draft, seat: int) -> bool:
        """After `seat` received a tile (a draw or a replacement): True if the variant played
        or offered something itself (erren 报听 auto-play, 游戏中换牌)."""
        return False

    def exhausted(self, d: Draft, seat: int) -> bool:
        """The live wall is used up on `seat`'s turn: True if play goes on (erren 海底捞月),
        False to end the hand drawn (流局)."""
        return False

    def win_facts(
        self, d: Draft, winner: int | None, kind: WinType | None, tile: Tile | None, discarder: int | None
    ) -> WinFacts:
        """Facts the variant's scoring needs beyond the tiles (plain JSON values), stored in
        `WinContext.facts`. Called for a win and for a 流局 (winner None)."""
        return ()

    def next_options(self, state: HandState) -> dict[str, Any]:
        """Options the table's next hand carries over from this finished one (guangdong 风圈)."""
        return {}

    def view(self, state: HandState, seat: int | None) -> dict[str, Any] | None:
        """The variant's own table state shown to `seat` (None: a spectator), or None if it has none."""
        return None

    def bot_choice(self, state: HandState, seat: int, legal: list[Action]) -> Action | None:
        """The variant's own bot choice (one of `legal`), asked before the shared bot, which then does
        not run (its work would be thrown away); None leaves the choice to it and `bot_adjust`."""
        return None

    def bot_adjust(
        self, state: HandState, seat: int, legal: list[Action], rng: random.Random, action: Action
    ) -> Action:
        """The bot's choice for this variant, given the shared bot's `action` (one of `legal`)."""
        return action


SHARED_FLOW = FlowHooks()  # the hooks of a variant without its own
_BOUND: dict[str, FlowHooks] = {}


def flow_hooks(rules_: Variant) -> FlowHooks:
    """The variant's flow hooks (built once per variant from `Variant.flow`), or the no-op defaults."""
    hooks = _BOUND.get(rules_.id)
    if hooks is None:
        built = rules_.flow() if rules_.flow is not None else SHARED_FLOW
        if not isinstance(built, FlowHooks):
            raise TypeError(f"variant {rules_.id!r}: Variant.flow built {built!r}, not a FlowHooks")
        hooks = _BOUND[rules_.id] = built
    return hooks
