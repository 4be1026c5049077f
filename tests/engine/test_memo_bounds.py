"""A server plays for weeks: every memo the engine keeps is bounded, so its memory levels off.

Memos keyed by hands or suit keys keep the most recent entries (an `lru_cache` with a size);
only memos over a small fixed domain (the shape sets, the dataclasses, a variant's options)
may be unbounded, and they are named here. The interning tables of engine.suit_rows hold rows
(values, a few hundred in real play) and a merge memo that is emptied past its bound.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from typing import Any

import engine
from engine import suit_rows, waits
from engine.cli_simulate import simulate

# memos over a fixed, small domain: a handful of entries for the life of a process
FIXED_DOMAIN = {
    "engine.shapes.win_checker",  # one per set of shapes
    "engine.tiles._suit_of",  # one per tile kind
    "engine.variants.base._extra_map",  # one per variant's options
    "engine.variants.base._shapes",  # one per variant's shape names
    "engine.hand_codec._encoder",  # one per dataclass
    "engine.hand_codec._by_hint",  # one per type hint
    "engine.hand_codec._hints",  # one per dataclass
    "engine.waits._plan",  # one per set of shapes
    "engine.hand_rules._standard_only",  # one per variant's set of shapes
    "engine.suit_rows._shares",  # (suits with four of a kind, spare golds): a few dozen
    "engine.suit_rows._len",  # one per interned row
    "engine.shanten.pinghe_pairs_by_counts",  # kinds held 1..4 times: a few hundred
}


def _memos() -> dict[str, Any]:
    found: dict[str, Any] = {}
    for info in pkgutil.walk_packages(engine.__path__, "engine."):
        if info.name == "engine.__main__":
            continue  # runs the command line on import
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, functools._lru_cache_wrapper) and value.__module__ == info.name:
                found[f"{info.name}.{name}"] = value
    return found


def test_every_memo_keyed_by_hands_has_a_size() -> None:
    unbounded = {name for name, memo in _memos().items() if memo.cache_parameters()["maxsize"] is None}
    assert unbounded <= FIXED_DOMAIN, f"unbounded memos: {sorted(unbounded - FIXED_DOMAIN)}"


def test_the_fixed_domain_memos_exist() -> None:
    """The list above names real memos (a renamed one would silently leave the list)."""
    assert set(FIXED_DOMAIN) <= set(_memos())


def test_the_merge_memo_is_emptied_past_its_bound(monkeypatch: Any) -> None:
    monkeypatch.setattr(suit_rows, "_MEMO_KEYS", 8)
    suit_rows._MERGED.clear()
    simulate("pinghe", 3, "memo-bounds")
    assert 0 < len(suit_rows._MERGED) <= 8


def test_answers_do_not_change_when_the_memos_are_small(monkeypatch: Any) -> None:
    """Evicting changes only speed: the same seeds play the same hands with tiny memos."""
    full = simulate("nanping", 4, "memo-answers")
    monkeypatch.setattr(suit_rows, "_MEMO_KEYS", 4)
    waits.clear_caches()
    small = simulate("nanping", 4, "memo-answers")
    full.pop("timing", None)
    small.pop("timing", None)
    assert small == full


def test_equal_rows_are_one_pooled_object() -> None:
    """Two suit keys with the same usable-tile row share one row object, so a memo entry costs a
    reference (1m alone and 9m alone: one tile usable in any block either way)."""
    one_man = suit_rows.suit_usable(1, 9, True)  # key of 1m: one copy of the suit's first kind
    nine_man = suit_rows.suit_usable(5**8, 9, True)  # key of 9m
    assert one_man == nine_man
    assert one_man is nine_man
