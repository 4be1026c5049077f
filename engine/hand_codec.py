"""JSON for the hand's value types, driven by their type hints.

Frozen dataclasses, IntEnums, tiles (mpsz strings), tuples and optionals go to
plain JSON and back, so `HandState.from_json(state.to_json()) == state`.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from functools import cache
from typing import Any, Union

from engine.tiles import Tile


class CodecError(ValueError):
    """JSON that does not fit the expected type."""


def encode(value: Any) -> Any:
    """Plain JSON data for a value of the hand's types."""
    if isinstance(value, Tile):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {str(k): encode(v) for k, v in value.items()}
    return value


def decode(tp: Any, data: Any) -> Any:
    """The value of type `tp` that `encode` turned into `data`."""
    origin = typing.get_origin(tp)
    if tp is Any:
        return data
    if origin in (Union, types.UnionType):
        return _decode_union(tp, data)
    if origin is tuple:
        return _decode_tuple(tp, data)
    if origin is dict:
        return dict(data)
    if tp is Tile:
        return Tile.parse(data)
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp(data)
    if dataclasses.is_dataclass(tp):
        hints = _hints(tp)  # type: ignore[arg-type]
        return tp(**{name: decode(hint, data[name]) for name, hint in hints.items() if name in data})  # type: ignore[operator]
    if tp in (int, str, bool, float) and not isinstance(data, tp):
        raise CodecError(f"expected {tp.__name__}, got {data!r}")
    return data


def _decode_union(tp: Any, data: Any) -> Any:
    args = typing.get_args(tp)
    if data is None and type(None) in args:
        return None
    for arg in args:
        if arg is not type(None):
            return decode(arg, data)
    raise CodecError(f"cannot decode {data!r} as {tp}")


def _decode_tuple(tp: Any, data: Any) -> tuple[Any, ...]:
    args = typing.get_args(tp)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(decode(args[0], v) for v in data)
    return tuple(decode(a, v) for a, v in zip(args, data, strict=True))


@cache
def _hints(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
