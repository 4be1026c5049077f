"""What every variant's JSON situation reader (`python -m engine score`) shares.

A situation is a JSON object: per-seat lists (`hands`, `melds`, ...), integers
(`dealer`, `base`, seats), melds in mpsz with a trailing "!" for a 暗杠, and
`balances`. Each reader (engine.cli_score for the Fujian games,
engine.games.erren.situation, engine.games.guangdong.situation) builds its
own variant's input from these pieces; every malformed field is a
`SituationError` whose message names the field.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from engine.sheet import Meld
from engine.tiles import Tile, parse_tiles


class SituationError(ValueError):
    """The JSON situation is malformed; the message names the field."""


@contextmanager
def named_errors() -> Iterator[None]:
    """Re-raise a rule, notation or lookup error met while reading as a `SituationError` naming its kind."""
    try:
        yield
    except SituationError:
        raise
    except (ValueError, KeyError, TypeError, IndexError) as exc:  # NotationError, SheetError, a variant's own
        raise SituationError(f"{type(exc).__name__}: {exc}") from exc


def json_object(data: Any) -> Mapping[str, Any]:
    """`data` itself, once it is known to be a JSON object."""
    if not isinstance(data, Mapping):
        raise SituationError("the situation must be a JSON object")
    return data


def win_object(data: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The situation's single `win` object, or None (a drawn hand)."""
    win = data.get("win")
    if win is not None and not isinstance(win, Mapping):
        raise SituationError("'win' must be an object (or null for a drawn hand)")
    return win


def per_seat(data: Mapping[str, Any], key: str, empty: Any, n_seats: int | None) -> list[Any]:
    """`data[key]`, one entry per seat; missing means `empty` for every seat (required when `n_seats` is None)."""
    value = data.get(key)
    if value is None:
        if n_seats is None:
            raise SituationError(f"{key!r} is required: one entry per seat")
        return [empty] * n_seats
    if not isinstance(value, list) or (n_seats is not None and len(value) != n_seats):
        raise SituationError(f"{key!r} must be a list with one entry per seat ({n_seats or 'n'} seats)")
    return value


def integer(data: Mapping[str, Any], key: str, default: int | None = None) -> Any:
    """`data[key]` (or `default`) as an int, or None; a bool or a string is refused."""
    value = data.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise SituationError(f"{key!r} must be an integer, got {value!r}")
    return value


def seat(data: Mapping[str, Any], key: str, default: int | None, n_seats: int) -> Any:
    """`data[key]` (or `default`) as a seat at a table of `n_seats`, or None."""
    number = integer(data, key, default)
    if number is not None and not 0 <= number < n_seats:
        raise SituationError(f"{key!r} seat {number} is not at the table (0-{n_seats - 1})")
    return number


def meld(text: Any) -> Meld:
    """A meld in mpsz; a trailing "!" marks a concealed kong (暗杠)."""
    if not isinstance(text, str):
        raise SituationError(f"a meld is an mpsz string, got {text!r}")
    return Meld.parse(text.rstrip("!"), concealed=text.endswith("!"))


def seat_melds(data: Mapping[str, Any], n_seats: int) -> list[tuple[Meld, ...]]:
    """Every seat's melds (`data["melds"]`, none when missing)."""
    return [tuple(meld(m) for m in melds) for melds in per_seat(data, "melds", [], n_seats)]


def optional_tile(data: Mapping[str, Any], key: str) -> Tile | None:
    """`data[key]` as a tile, or None when it is missing or empty."""
    return Tile.parse(data[key]) if data.get(key) else None


def concealed_with(hand: Any, tile: Tile | None) -> tuple[Tile, ...]:
    """A seat's concealed tiles (mpsz) with the winning tile joined, when there is one."""
    return parse_tiles(str(hand)) + ((tile,) if tile else ())


def hand_size(concealed: Sequence[Tile], melds: Sequence[Meld]) -> int:
    """Tiles in a hand, a kong counted as 3 (a pung's worth)."""
    return len(concealed) + 3 * len(melds)


def balances(data: Mapping[str, Any]) -> tuple[int, ...] | None:
    """Every seat's balance before the hand, or None when the situation leaves them out."""
    value = data.get("balances")
    return tuple(int(b) for b in value) if value is not None else None
