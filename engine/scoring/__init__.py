"""Settlement of finished hands, one module per variant.

Each game's settle function `(WinContext) -> SettlementSheet` is registered on its
`Variant` (`Variant.scoring`, a direct reference set by the game's module in
engine/variants/), so there is one dispatch: the variant registry. `settle_hand` settles
a `WinContext` through it; `SETTLERS` and `settle_<game>` (`settle_pinghe`,
`settle_nanping`, ...) read the registry when first asked (a process that plays another
game never loads the other games' modules).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.sheet import SettlementSheet, SheetError, WinContext
from engine.variants import BUILTIN, UnknownVariant, all_ids
from engine.variants import get as get_variant

Settler = Callable[[WinContext], SettlementSheet]


def _settler(variant: str) -> Settler:
    settler: Settler = get_variant(variant).settle_function()
    return settler


def settle_hand(ctx: WinContext) -> SettlementSheet:
    """The sheet of a finished hand of any registered variant (SheetError for an unknown one)."""
    try:
        settler = _settler(ctx.variant)
    except UnknownVariant as exc:
        raise SheetError(f"no settlement for variant {ctx.variant!r}: {exc}") from None
    return settler(ctx)


def __getattr__(name: str) -> Any:
    """`SETTLERS` and the settle functions, read from the variant registry when first asked."""
    if name == "SETTLERS":
        return {variant: _settler(variant) for variant in all_ids()}
    game = name.removeprefix("settle_")
    if game != name and game in BUILTIN:
        return _settler(game)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["SETTLERS", "Settler", "settle_hand", "settle_nanping", "settle_pinghe"]  # the last three read lazily
