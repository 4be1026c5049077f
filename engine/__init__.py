"""The rules engine: pure Python, deterministic, no Django/Channels/Celery imports.

Every hand is a function of its rules, its seed and its actions. Importing any part of the
engine imports `engine.games` first, which registers every built-in game: the hand flow
finds a game by its id in the registry (engine.variants) without importing the games,
which are built on it.
"""

from engine import games  # noqa: F401  (registers the built-in games)
