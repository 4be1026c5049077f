"""A hand's win chance and value: how likely the hand a discard leaves is to win, and what a win
of it is worth in the game's terms (guangdong's plan, erren's 番). Tuning history: docs/engine.md."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.games.guangdong import bot as gd
from engine.judge.sight import Sight
from engine.judge.style import FULL_EFFECTIVE, Style
from engine.sheet import Meld
from engine.tiles import Tile

__all__ = [
    "CLOSED_FAN",
    "OPEN_FAN",
    "PLAN_FADE",
    "PLAN_POINTS",
    "REACH_FLOOR",
    "READY_FLOOR",
    "SIMPLES_FADE",
    "WIN_CHANCE",
    "fan_estimate",
    "minus",
    "plain_fan",
    "plan_worth",
    "simples_worth",
    "win_chance",
]

# A rough chance to win, by 向听 after the discard (0 ready), with a full wall and good 进张.
WIN_CHANCE = (0.45, 0.2, 0.07, 0.025, 0.01)
FAR_STEP = 0.4  # beyond the table each further step divides the chance again (a step is a step)
# How a hand's chance grows with its 进张, from REACH_FLOOR with none to 1 with FULL_EFFECTIVE; a
# ready hand's from READY_FLOOR: being ready is worth most of a win whatever the wait.
REACH_FLOOR = 0.4
READY_FLOOR = 0.85
# guangdong: a win weighed by the plan the hand leans to (混一色/对对胡 4 points, 清一色 8, a 鸡胡 1),
# faded by PLAN_FADE for each off-plan tile still held.
PLAN_POINTS = {gd.Plan.FAST: 1.0, gd.Plan.HALF_FLUSH: 4.0, gd.Plan.FULL_FLUSH: 8.0, gd.Plan.ALL_PONGS: 4.0}
PLAN_FADE = 0.7
# erren, 断幺九: its 番 fades by SIMPLES_FADE for each terminal or honour still held; CLOSED_FAN and
# OPEN_FAN are the 番 of a win without it (measured: the normal bot's 门清 wins carried 3.8 番 on
# average, its open ones 1.5).
SIMPLES_FADE = 0.5
CLOSED_FAN, OPEN_FAN = 3.8, 1.5


def win_chance(shanten: int, effective: int, sg: Sight, far_full: int = FULL_EFFECTIVE) -> float:
    """A rough chance to win from here: by 向听 and 进张, less as the wall runs out."""
    if shanten < 0:
        return 1.0
    if effective == 0:
        return 0.0  # every useful tile is in sight: this shape cannot get there
    last = len(WIN_CHANCE) - 1
    base = WIN_CHANCE[shanten] if shanten <= last else WIN_CHANCE[last] * FAR_STEP ** (shanten - last)
    floor = READY_FLOOR if shanten == 0 else REACH_FLOOR
    full = FULL_EFFECTIVE if shanten == 0 else far_full
    reach = floor + (1 - floor) * min(effective, full) / full
    own_draws = sg.drawable / sg.n_seats
    return base * reach * min(1.0, own_draws / 10)


def minus(tiles: Sequence[Tile], used: Sequence[Tile]) -> list[Tile]:
    """`tiles` less one copy of each of `used` (each must be there)."""
    rest = list(tiles)
    for t in used:
        rest.remove(t)
    return rest


def simples_worth(sg: Sight, style: Style) -> Callable[[Tile], float]:
    """erren: how much a win is worth after discarding a tile, by how near the hand is to 断幺九
    (no terminal or honour, 1 番 on any hand): `Style.simples_fan` faded by SIMPLES_FADE per
    terminal or honour still held, over the 番 of a win without it (门清 or open). Nothing once a
    shown set holds one."""
    base = plain_fan(sg.melds)
    return lambda tile: fan_estimate(style, minus(sg.hand, [tile]), sg.melds) / base


def plain_fan(melds: Sequence[Meld]) -> float:
    """erren: the 番 of a win without 断幺九: a 门清 one's or an open one's."""
    return CLOSED_FAN if all(m.concealed for m in melds) else OPEN_FAN


def fan_estimate(style: Style, hand: Sequence[Tile], melds: Sequence[Meld]) -> float:
    """erren: the 番 a win of this hand may carry, as `simples_worth` reads it: a plain 门清 or open
    win's (CLOSED_FAN, OPEN_FAN), and 断幺九's `Style.simples_fan` faded per terminal or honour held."""
    fan = plain_fan(melds)
    if not style.simples_fan or any(t.is_terminal_or_honor for m in melds for t in m.tiles):
        return fan
    return fan + style.simples_fan * SIMPLES_FADE ** sum(1 for t in hand if t.is_terminal_or_honor)


def plan_worth(sg: Sight) -> Callable[[Tile], float]:
    """guangdong: how much a win is worth after discarding a tile, by the plan the hand leans to
    (混一色/对对胡 4 points, 清一色 8, a 鸡胡 1), faded for each off-plan tile still held."""
    target = gd.choose_target(sg.hand, sg.melds)
    points = PLAN_POINTS[target.plan]
    if points == 1.0:
        return lambda tile: 1.0
    off = sum(1 for t in sg.hand if not target.fits(t))

    def worth(tile: Tile) -> float:
        left = off - (0 if target.fits(tile) else 1)
        return max(1.0, points * PLAN_FADE**left)

    return worth
