"""The engine's inner order (issue 45): each layer imports only its own and the layers before it.

    tiles → shapes/waits → rules → hand → games → judge → bots/review → cli

- tiles: the tiles, the wall, the events, the codec of a hand's tiles.
- shapes/waits: winning shapes, waits, 向听 and their tables.
- rules: what a game is (`engine.variants`: `Variant`, `Game` and the registry), the actions,
  the settlement sheet and payments, the rule helpers every layer above reads (`hand_rules`).
- hand: the shared hand flow (`engine.hand`), what a seat sees (`view`), replays and scripts.
- games: one package per game (`engine.games.<id>`), and `engine.games.gold`.
- judge: what a seat can judge of a hand (`engine.judge`: sight, 向听/进张, danger, worth, the one `best_discard`).
- bots/review: the bot levels and the hand review.
- cli: the `python -m engine` commands, and the engine package itself, which imports
  `engine.games` so that every game is registered before any hand is dealt.

The issue drew games below the hand; measured, a game's flow is written with the hand flow's
steps (`FlowHooks`, `Draft`, `draw`, `finish_win`), so the games sit above it, and the hand
reads a game only as data it looks up by id in the registry (`rules`), never by importing it.
The graph is read with `ast` by tests/engine/test_no_import_circles.py (lazy and type-only
imports count).
"""

from __future__ import annotations

from tests.engine.test_no_import_circles import import_graph

ORDER = ("tiles", "shapes/waits", "rules", "hand", "games", "judge", "bots/review", "cli")

LAYER_OF_PREFIX = {
    "engine.tiles": "tiles",
    "engine.wall": "tiles",
    "engine.events": "tiles",
    "engine.hand_codec": "tiles",
    "engine.shapes": "shapes/waits",
    "engine.waits": "shapes/waits",
    "engine.shanten": "shapes/waits",
    "engine.shanten_discards": "shapes/waits",
    "engine.suit_rows": "shapes/waits",
    "engine._suits": "shapes/waits",
    "engine.variants": "rules",
    "engine.actions": "rules",
    "engine.sheet": "rules",
    "engine.payments": "rules",
    "engine.scoring": "rules",
    "engine.hand_rules": "rules",
    "engine.hand": "hand",
    "engine.view": "hand",
    "engine.replay": "hand",
    "engine.hand_script": "hand",
    "engine.games": "games",
    "engine.judge": "judge",
    "engine.bot": "bots/review",
    "engine.bot_normal": "bots/review",
    "engine.bot_levels": "bots/review",
    "engine.review": "bots/review",
    "engine.review_sight": "bots/review",
    "engine.cli": "cli",
    "engine.cli_score": "cli",
    "engine.cli_simulate": "cli",
    "engine.cli_review": "cli",
    "engine.__main__": "cli",
    "engine": "cli",
}


def layer(module: str) -> str:
    """The layer of an engine module: its longest listed prefix (a package's modules share its layer)."""
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        found = LAYER_OF_PREFIX.get(".".join(parts[:end]))
        if found is not None:
            return found
    raise KeyError(f"{module} is in no layer: add it to LAYER_OF_PREFIX")


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    return [
        f"{source} ({layer(source)}) imports {target} ({layer(target)})"
        for source, targets in sorted(graph.items())
        for target in sorted(targets)
        if ORDER.index(layer(target)) > ORDER.index(layer(source))
    ]


def test_every_engine_module_has_a_layer() -> None:
    assert {layer(module) for module in import_graph()} == set(ORDER)


def test_each_layer_imports_only_itself_and_the_layers_before_it() -> None:
    assert upward_imports(import_graph()) == []


def test_the_check_sees_an_upward_import() -> None:
    graph = {"engine.hand.play": {"engine.games.erren.flow"}, "engine.games.erren.flow": {"engine.hand.play"}}
    assert upward_imports(graph) == ["engine.hand.play (hand) imports engine.games.erren.flow (games)"]
