"""JSON for the hand's value types, driven by their type hints.

Frozen dataclasses, IntEnums, tiles (mpsz strings), tuples and optionals go to
plain JSON and back, so `HandState.from_json(state.to_json()) == state`.

`encode` turns a dataclass by an encoder made once per class from its type hints (each field
encoded as its hint says, no type tests per value), and a long run of tiles (the wall) that is
the same object as the last one asked is copied from its earlier encoding: every table action
stores the hand's state, and walking it value by value was most of that cost. `encode_walk` is
the plain walk the encoders must agree with.
"""

from __future__ import annotations

import dataclasses
import threading
import types
import typing
from collections.abc import Callable, Sequence
from enum import Enum
from functools import cache
from operator import attrgetter
from typing import Any, Union

from engine.tiles import TILE_NAMES, Tile


class CodecError(ValueError):
    """JSON that does not fit the expected type."""


Encoder = Callable[[Any], Any]


def encode(value: Any) -> Any:
    """Plain JSON data for a value of the hand's types (equal to `encode_walk(value)`)."""
    if type(value) is not Tile and dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _encoder(type(value))(value)
    return encode_walk(value)


def encode_walk(value: Any) -> Any:
    """`encode` by walking the value and testing each part's type."""
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


@cache
def _encoder(cls: type) -> Encoder:
    """The encoder of dataclass `cls`: each field by its hint's encoder. A value of another class (a
    subclass, a hint that does not hold) is walked instead."""
    fields = tuple((name, _by_hint(hint)) for name, hint in _hints(cls).items())

    def encode_dataclass(value: Any) -> Any:
        if type(value) is not cls:
            return encode_walk(value)
        return {name: field(getattr(value, name)) for name, field in fields}

    return encode_dataclass


@cache
def _by_hint(tp: Any) -> Encoder:
    """An encoder for values of type hint `tp`; anything it cannot be sure of is walked."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is Tile:
        return _tile
    if tp in (int, str, bool, float):
        return _plain_scalar(tp)
    if isinstance(tp, type) and issubclass(tp, Enum):
        return _enum
    if origin in (Union, types.UnionType) and len(args) == 2 and type(None) in args:
        return _optional(_by_hint(next(a for a in args if a is not type(None))))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _tiles if args[0] is Tile else _each(_by_hint(args[0]))
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return _encoder(tp)
    return encode


def _tile(value: Any) -> Any:
    return str(value) if type(value) is Tile else encode_walk(value)


def _enum(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else encode_walk(value)


def _plain_scalar(tp: type) -> Encoder:
    def scalar(value: Any) -> Any:
        return value if type(value) is tp else encode_walk(value)  # a bool where int is hinted, say

    return scalar


def _optional(inner: Encoder) -> Encoder:
    return lambda value: None if value is None else inner(value)


def _each(inner: Encoder) -> Encoder:
    def each(value: Any) -> Any:
        return [inner(v) for v in value] if isinstance(value, tuple | list) else encode_walk(value)

    return each


_LONG_RUN = 32  # runs of tiles at least this long (the wall) are remembered by identity
_last_run = threading.local()


def _tiles(value: Any) -> Any:
    """A run of tiles as mpsz names. The wall is the same tuple from one state of a hand to the next:
    the last long run's names are kept and copied out when the same object comes again."""
    if not isinstance(value, tuple | list) or not set(map(type, value)) <= _ONLY_TILES:
        return encode_walk(value)
    if len(value) < _LONG_RUN or not isinstance(value, tuple):
        return _names(value)
    last: tuple[Sequence[Tile], list[str]] | None = getattr(_last_run, "run", None)
    if last is None or last[0] is not value:
        last = (value, _names(value))
        _last_run.run = last  # holds the tuple, so its identity cannot be reused while kept
    return list(last[1])


_ONLY_TILES = frozenset({Tile})
_KIND = attrgetter("kind")


def _names(tiles: Sequence[Tile]) -> list[str]:
    return list(map(_NAME_OF_KIND, map(_KIND, tiles)))


_NAME_OF_KIND = TILE_NAMES.__getitem__


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
