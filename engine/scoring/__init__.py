"""Settlement of finished hands, one module per variant.

`SETTLERS` maps a variant id to its settle function `(WinContext) -> SettlementSheet`,
so the variant registry can attach it (`settle_hand` dispatches by `ctx.variant`).
The Fujian gold games' modules are imported on first use (`SETTLERS`, `settle_pinghe`,
`settle_nanping` are read through the module's `__getattr__`): a process that plays
another game never loads them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from engine.sheet import SettlementSheet, SheetError, WinContext

Settler = Callable[[WinContext], SettlementSheet]

# Each settle function: (module, name).
_SETTLER_PATHS = {
    "pinghe": ("engine.scoring.pinghe", "settle_pinghe"),
    "nanping": ("engine.scoring.nanping", "settle_nanping"),
}


def _settler(variant: str) -> Settler | None:
    path = _SETTLER_PATHS.get(variant)
    if path is None:
        return None
    settler: Settler = getattr(importlib.import_module(path[0]), path[1])
    return settler


def settle_hand(ctx: WinContext) -> SettlementSheet:
    """The sheet of a finished hand of any Fujian gold variant."""
    settler = _settler(ctx.variant)
    if settler is None:
        raise SheetError(f"no settlement for variant {ctx.variant!r}; one of {sorted(_SETTLER_PATHS)}")
    return settler(ctx)


def __getattr__(name: str) -> Any:
    """`SETTLERS` and the settle functions, imported when first read."""
    if name == "SETTLERS":
        return {variant: _settler(variant) for variant in _SETTLER_PATHS}
    for variant, (_, function) in _SETTLER_PATHS.items():
        if name == function:
            return _settler(variant)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["SETTLERS", "Settler", "settle_hand", "settle_nanping", "settle_pinghe"]  # the last three read lazily
