"""Settlement of finished hands: the one dispatch, through the game registry.

Each game's settle function `(WinContext) -> SettlementSheet` is registered on its
`Variant` (`Variant.scoring`, a direct reference set by the game's package in
engine/games/), so there is one dispatch: the registry. `settle_hand` settles a
`WinContext` through it. `situation_json` reads the `score` CLI's situations.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.sheet import SettlementSheet, SheetError, WinContext
from engine.variants import UnknownVariant
from engine.variants import get as get_variant

Settler = Callable[[WinContext], SettlementSheet]


def settle_hand(ctx: WinContext) -> SettlementSheet:
    """The sheet of a finished hand of any registered game (SheetError for an unknown one)."""
    try:
        settler: Settler = get_variant(ctx.variant).settle_function()
    except UnknownVariant as exc:
        raise SheetError(f"no settlement for variant {ctx.variant!r}: {exc}") from None
    return settler(ctx)


__all__ = ["Settler", "settle_hand"]
