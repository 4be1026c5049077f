"""The built-in games, one package each, registered on import.

A game's package (engine/games/<id>/) holds its rules data, flow hooks, actions, scoring,
situation reader and bot style, and builds one `Game` (`GAME` in its `__init__`). This module
registers them in the order the tables list them; the engine package imports it first
(engine/__init__.py), so every game is known before any hand is dealt. Adding a game is a new
package here and one more entry in `BUILT_IN` (docs/engine.md, "Adding a game").
`engine.games.gold` is what the two gold games (pinghe, nanping) share.
"""

from __future__ import annotations

from engine.games import erren, guangdong, nanping, pinghe
from engine.variants import Game, register

BUILT_IN: tuple[Game, ...] = tuple(register(g.GAME) for g in (pinghe, nanping, guangdong, erren))
