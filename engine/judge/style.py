"""Each game's judging style, read through the registry: `style_for(variant_id)` is the `Style` its
package set (`Game.style`, engine/games/<id>/), `DEFAULT_STYLE` for a game with none or an unknown id.

The dataclass and the shared constants live with the rules (engine/variants/style.py), so each game's
package can set its own without importing the judgement above it.
"""

from __future__ import annotations

from engine import variants
from engine.variants.style import DEFAULT_STYLE, FAR_FULL, FULL_EFFECTIVE, Style

__all__ = ["DEFAULT_STYLE", "FAR_FULL", "FULL_EFFECTIVE", "Style", "style_for"]


def style_for(variant_id: str) -> Style:
    """The game's judging style (`DEFAULT_STYLE` when it set none, or no such game is registered)."""
    try:
        found = variants.game(variant_id).style
    except variants.UnknownVariant:
        return DEFAULT_STYLE
    return found if found is not None else DEFAULT_STYLE
