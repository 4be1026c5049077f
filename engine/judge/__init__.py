"""The judgement of a hand, shared by the bots and the hand review (评估).

One public model of what a seat can see (`Sight`, `sight(state, seat)`), its 向听 and live 进张
(`shanten`, `efficiency`, `DiscardReader`: `engine.waits`' one shanten asked through its public
functions), each discard's danger (`Table`, `table_for`, `risks`, `danger`), a hand's win chance
and value (`win_chance`, `plan_worth`, `simples_worth`, `fan_estimate`), each game's style as data
(`Style`, set by each game's package as `Game.style`; `style_for`), and the one `best_discard` (the bot's discard, the
review's careful choice; `Discards` judges a decision's discards for the review from one reading).

Modules: `sight` → `efficiency` → `style` → `danger` → `worth` → `choice`. Nothing here imports a
`_`-prefixed name of another module, and nothing imports the bots or the review.
"""

from engine.judge.choice import Choice, DiscardChoice, Discards, best_discard, folds, pressure, tile_cost
from engine.judge.danger import (
    OWN_RIVER_FACTOR,
    PASSED_FACTOR,
    Table,
    danger,
    discard_win_odds,
    liability,
    live_faces,
    passed_since,
    readiness,
    risks,
    seat_odds,
    shape_weight,
    table_for,
)
from engine.judge.efficiency import DiscardReader, Efficiency, efficiency, face_kind, links, shanten
from engine.judge.sight import Sight, sight
from engine.judge.style import DEFAULT_STYLE, FAR_FULL, FULL_EFFECTIVE, Style, style_for
from engine.judge.worth import (
    CLOSED_FAN,
    OPEN_FAN,
    PLAN_FADE,
    PLAN_POINTS,
    REACH_FLOOR,
    READY_FLOOR,
    SIMPLES_FADE,
    WIN_CHANCE,
    fan_estimate,
    minus,
    plain_fan,
    plan_worth,
    simples_worth,
    win_chance,
)

__all__ = [
    "CLOSED_FAN",
    "DEFAULT_STYLE",
    "FAR_FULL",
    "FULL_EFFECTIVE",
    "OPEN_FAN",
    "OWN_RIVER_FACTOR",
    "PASSED_FACTOR",
    "PLAN_FADE",
    "PLAN_POINTS",
    "REACH_FLOOR",
    "READY_FLOOR",
    "SIMPLES_FADE",
    "WIN_CHANCE",
    "Choice",
    "DiscardChoice",
    "DiscardReader",
    "Discards",
    "Efficiency",
    "Sight",
    "Style",
    "Table",
    "best_discard",
    "danger",
    "discard_win_odds",
    "efficiency",
    "face_kind",
    "fan_estimate",
    "folds",
    "liability",
    "links",
    "live_faces",
    "minus",
    "passed_since",
    "plain_fan",
    "plan_worth",
    "pressure",
    "readiness",
    "risks",
    "seat_odds",
    "shanten",
    "shape_weight",
    "sight",
    "simples_worth",
    "style_for",
    "table_for",
    "tile_cost",
    "win_chance",
]
