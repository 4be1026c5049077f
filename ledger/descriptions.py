"""What each posting was, in the caller's words: the wallet API's `description`, `hand_id` and `replay`.

The ledger knows a movement by its kind and reference ("hand:4"); the tables know what hand 4 was. The
layers run tables → ledger, never back, so tables registers its describer here when it starts
(tables.apps) and the API asks through this seam; with none registered the kind's name is the description.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ledger.models import Posting


@dataclass(frozen=True, slots=True)
class Described:
    """One posting in words (active language), its hand's id and replay path ("" when it was no hand)."""

    text: str
    hand_id: int | None = None
    replay: str = ""


Describer = Callable[[Sequence[Posting], int], list[Described]]
_describer: list[Describer] = []


def register_describer(describer: Describer) -> None:
    """Install the one describer (a second registration replaces the first: apps may be readied twice in tests)."""
    _describer[:] = [describer]


def describe(postings: Sequence[Posting], user_id: int) -> list[Described]:
    """The postings in order, described for `user_id`, with one query for all their hands at most."""
    if _describer:
        return _describer[0](postings, user_id)
    return [Described(str(p.transaction.get_kind_display())) for p in postings]
