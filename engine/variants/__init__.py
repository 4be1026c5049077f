"""The game registry: `engine.variants.get("pinghe")` -> its `Variant` (the rules the hand flow reads).

Each built-in game is a package of engine/games/ that builds one `Game`; `engine.games`
imports them and registers each (`register(pinghe.GAME)`), and the engine package imports
`engine.games` first of all (engine/__init__.py), so every game is registered before any
hand is dealt. This package sits below the hand flow, which looks a game up by its id here:
it imports no game (the games import it), so there is no import circle and no game is
looked up by a module name.
"""

from __future__ import annotations

from engine.variants.base import (
    DeadWall,
    EscapeSharing,
    Furiten,
    Game,
    GoldDiscard,
    GoldRules,
    MissingRule,
    Variant,
)
from engine.variants.style import DEFAULT_STYLE, Style

__all__ = [
    "DEFAULT_STYLE",
    "DeadWall",
    "EscapeSharing",
    "Furiten",
    "Game",
    "GoldDiscard",
    "GoldRules",
    "MissingRule",
    "Style",
    "UnknownVariant",
    "Variant",
    "all_ids",
    "game",
    "get",
    "register",
]

_REGISTRY: dict[str, Game] = {}


class UnknownVariant(KeyError):
    """No game with that id is registered."""


def register(new: Game) -> Game:
    """Add a game (idempotent for the same rules); returns it for module-level use.

    Refused (ValueError) when the id is taken by different rules, and (MissingRule) when
    the game has no settle function: a game without one would fail only at its first win."""
    existing = _REGISTRY.get(new.id)
    if existing is not None and existing != new:
        raise ValueError(f"variant {new.id!r} registered twice with different rules")
    new.rules.settle_function()  # raises MissingRule
    _REGISTRY[new.id] = new
    return new


def game(variant_id: str) -> Game:
    """The registered game, or UnknownVariant naming the known ids."""
    try:
        return _REGISTRY[variant_id]
    except KeyError:
        raise UnknownVariant(f"unknown variant {variant_id!r}; known: {', '.join(all_ids())}") from None


def get(variant_id: str) -> Variant:
    """The registered game's rules, or UnknownVariant naming the known ids."""
    found = _REGISTRY.get(variant_id)  # the common case first: asked at every rule step
    return found.rules if found is not None else game(variant_id).rules


def all_ids() -> tuple[str, ...]:
    """Ids of every registered game, in registration order (engine.games: pinghe, nanping, guangdong, erren)."""
    return tuple(_REGISTRY)
