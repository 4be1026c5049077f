"""What the bot stories share: a game's judging style swapped for one story."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from engine import variants
from engine.variants import Style


@pytest.fixture
def restyle(monkeypatch: pytest.MonkeyPatch) -> Callable[..., Style]:
    """`restyle("erren", declare_waits=9)`: the game judged with those fields changed, for this test only
    (its registered `Game` replaced by one with the new style; the registry is put back afterwards)."""

    def swap(variant_id: str, **changes: Any) -> Style:
        game = variants.game(variant_id)
        assert game.style is not None, f"{variant_id} sets no style of its own"
        style = dataclasses.replace(game.style, **changes)
        monkeypatch.setitem(variants._REGISTRY, variant_id, dataclasses.replace(game, style=style))
        return style

    return swap
