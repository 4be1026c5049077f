"""Variant registry: `engine.variants.get("pinghe")` -> Variant.

Each variant module calls `register(VARIANT)` on import, with its settle function,
flow hooks and extras as direct references (no "module:function" strings); `get`
imports the built-in modules lazily so that adding a game is one new module plus one
name in `BUILTIN`. The game modules import this package (for `register`), never the
other way round at import time, so there is no import circle.
"""

from __future__ import annotations

import importlib

from engine.variants.base import DeadWall, EscapeSharing, Furiten, GoldDiscard, GoldRules, MissingRule, Variant

__all__ = [
    "BUILTIN",
    "DeadWall",
    "EscapeSharing",
    "Furiten",
    "GoldDiscard",
    "GoldRules",
    "MissingRule",
    "UnknownVariant",
    "Variant",
    "all_ids",
    "get",
]

# Built-in variant modules (engine/variants/<id>.py); each registers itself.
BUILTIN = ("pinghe", "nanping", "guangdong", "erren")

_REGISTRY: dict[str, Variant] = {}


class UnknownVariant(KeyError):
    """No variant with that id is registered."""


def register(variant: Variant) -> Variant:
    """Add a variant (idempotent for the same object); returns it for module-level use.

    Refused (ValueError) when the id is taken by different rules, and (MissingRule) when
    the game has no settle function: a game without one would fail only at its first win."""
    existing = _REGISTRY.get(variant.id)
    if existing is not None and existing != variant:
        raise ValueError(f"variant {variant.id!r} registered twice with different rules")
    variant.settle_function()  # raises MissingRule
    _REGISTRY[variant.id] = variant
    return variant


def _load_builtins() -> None:
    for name in BUILTIN:
        _load_builtin(name)


def _load_builtin(name: str) -> None:
    """Import a built-in variant's module (it registers itself), unless registered already.

    A built-in game whose module is missing, or that does not register itself, fails loudly."""
    if name not in _REGISTRY:
        importlib.import_module(f"engine.variants.{name}")
        if name not in _REGISTRY:
            raise MissingRule(f"engine.variants.{name} did not register a variant {name!r}")


def get(variant_id: str) -> Variant:
    """The registered variant, or UnknownVariant naming the known ids."""
    found = _REGISTRY.get(variant_id)  # the common case first: asked at every rule step
    if found is not None:
        return found
    if variant_id in BUILTIN:
        _load_builtin(variant_id)  # only the game asked for: another's modules (its scoring) cost a load
    if variant_id not in _REGISTRY:
        _load_builtins()
    try:
        return _REGISTRY[variant_id]
    except KeyError:
        raise UnknownVariant(f"unknown variant {variant_id!r}; known: {', '.join(all_ids())}") from None


def all_ids() -> tuple[str, ...]:
    """Ids of every available variant, in BUILTIN order then registration order."""
    _load_builtins()
    return tuple(sorted(_REGISTRY, key=lambda v: (BUILTIN.index(v) if v in BUILTIN else len(BUILTIN), v)))
