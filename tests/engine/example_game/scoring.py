"""The example game's settlement: pinghe's sheet, under the example game's name."""

from dataclasses import replace

from engine.games.pinghe.scoring import settle_pinghe
from engine.sheet import SettlementSheet, WinContext

ID = "pinghe_no_flowers"


def settle(ctx: WinContext) -> SettlementSheet:
    """Scored as pinghe scores it (a hand without flowers has no 花 分 to count)."""
    return replace(settle_pinghe(replace(ctx, variant="pinghe")), variant=ctx.variant)
