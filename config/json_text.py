"""JSON text by orjson, the one encoding the hot paths share: the table sockets' frames and the JSON
columns a table action writes. Integer keys become strings, as the standard library makes them."""

from __future__ import annotations

from typing import Any

import orjson


def dumps(value: Any) -> str:
    """`value` as UTF-8 JSON text (non-ASCII as it is, not as \\u escapes)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
