"""Where the shared flow asks a variant: the variant's flow hooks."""

from __future__ import annotations

import importlib
from typing import Any

from engine.variants import Variant


def flow_hooks(rules_: Variant) -> Any:
    """The variant's flow hooks module (its `flow_hooks` option), or None. See engine/variants/erren_flow.py."""
    name = rules_.option("flow_hooks")
    return importlib.import_module(name) if name else None
