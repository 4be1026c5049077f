"""The bots' levels, a registry: `engine.bot_levels.get("normal").choose(state, seat, rng)`.

- `easy` (简单): the first bot (engine.bot): wins at once, lowers 向听 greedily, never defends.
- `normal` (普通): engine.bot_normal: counts live 进张, weighs every discard's deal-in
  risk against its own chance and value of winning, folds when it should, plays for
  游金/双游, flushes and 报听 where they pay.

Rooms choose their bots' level by name (`DEFAULT` when unset); 托管 always plays
`AUTOPLAY`, so a player who steps away is played as well as the house plays.
Every level's `choose` returns one of `legal_actions(state, seat)` and sees only
what `view(state, seat)` shows the seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from engine import bot, bot_normal
from engine.actions import Action
from engine.hand import HandState

Chooser = Callable[[HandState, int, random.Random], Action]


class UnknownBotLevel(KeyError):
    """No bot level with that name."""


@dataclass(frozen=True, slots=True)
class BotLevel:
    """One level: its name (stored in room settings), its label, and how it decides."""

    name: str
    label: str  # shown to operators: Chinese, then English
    choose: Chooser


LEVELS: dict[str, BotLevel] = {
    level.name: level
    for level in (
        BotLevel("easy", "简单 Easy", bot.choose),
        BotLevel("normal", "普通 Normal", bot_normal.choose),
    )
}
DEFAULT = "normal"  # the house bots' level where a room sets none
AUTOPLAY = "normal"  # 托管 (and a leaver's or timed-out seat) always plays this level


def get(name: str) -> BotLevel:
    """The level called `name`, or UnknownBotLevel naming the known ones."""
    try:
        return LEVELS[name]
    except KeyError:
        raise UnknownBotLevel(f"unknown bot level {name!r}; known: {', '.join(LEVELS)}") from None


def choices() -> list[tuple[str, str]]:
    """(name, label) of every level, for a settings form."""
    return [(level.name, level.label) for level in LEVELS.values()]
