"""Settlement of finished hands, one module per variant.

`SETTLERS` maps a variant id to its settle function `(WinContext) -> SettlementSheet`,
so the variant registry can attach it (`settle_hand` dispatches by `ctx.variant`).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.scoring.nanping import settle_nanping
from engine.scoring.pinghe import settle_pinghe
from engine.sheet import SettlementSheet, SheetError, WinContext

Settler = Callable[[WinContext], SettlementSheet]

SETTLERS: dict[str, Settler] = {"pinghe": settle_pinghe, "nanping": settle_nanping}


def settle_hand(ctx: WinContext) -> SettlementSheet:
    """The sheet of a finished hand of any Fujian gold variant."""
    settler = SETTLERS.get(ctx.variant)
    if settler is None:
        raise SheetError(f"no settlement for variant {ctx.variant!r}; one of {sorted(SETTLERS)}")
    return settler(ctx)


__all__ = ["SETTLERS", "Settler", "settle_hand", "settle_nanping", "settle_pinghe"]
