"""平和麻将（无花）: pinghe without flowers, a fifth game used only by tests.

It shows what adding a game takes (docs/engine.md, "Adding a game"): one package like this
one, holding the game's rules and scoring and building one `Game`, and one registration
(`engine.variants.register(GAME)`; a built-in game is one more entry in
`engine.games.BUILT_IN`). It shares what it can with pinghe, as pinghe and nanping share
`engine.games.gold`: the gold rules and the scoring are pinghe's, only the 144 tiles lose
their eight flowers (136 tiles, so no 补花 and no 花 分).
"""

from dataclasses import replace

from engine.games.gold import GOLD_STYLE
from engine.games.pinghe import PINGHE
from engine.variants import Game
from tests.engine.example_game import scoring

ID = scoring.ID

RULES = replace(PINGHE, id=ID, name_zh="平和麻将（无花）", has_flowers=False, scoring=scoring.settle)

GAME = Game(RULES, style=GOLD_STYLE)  # the bots judge it as pinghe
